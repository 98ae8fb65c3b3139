/**
 * A progress bar on stderr with counts and ETA, drawn only when stderr is a TTY and not --quiet.
 * Redraws at most every 100 ms so it never costs measurable time in hot loops.
 */
export interface Progress {
  tick(done: number): void;
  finish(): void;
}

export function createProgress(label: string, total: number, enabled: boolean): Progress {
  const stream = process.stderr;
  if (!enabled || !stream.isTTY || total <= 0) return { tick() {}, finish() {} };
  const start = Date.now();
  let last = 0;
  const draw = (done: number) => {
    const frac = Math.min(1, done / total);
    const width = 30;
    const filled = Math.round(frac * width);
    const elapsed = (Date.now() - start) / 1000;
    const eta = frac > 0 ? elapsed / frac - elapsed : 0;
    stream.write(`\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} ETA ${eta.toFixed(1)}s `);
  };
  return {
    tick(done: number) {
      const now = Date.now();
      if (now - last < 100 && done < total) return;
      last = now;
      draw(done);
    },
    finish() {
      draw(total);
      stream.write('\n');
    },
  };
}
