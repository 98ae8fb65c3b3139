/**
 * Timing without a harness dependency: every case is warmed up and calibrated to a number of calls
 * per sample (so a sample lasts at least `minSampleMs`), then samples are taken round-robin across
 * all cases, so a burst of load from another process lands on every case instead of one.
 * Reported time per call is the median sample divided by its calls.
 */

export interface Timed {
  /** one call of the kernel on prepared inputs */
  run: () => unknown;
}

export interface Measurement {
  medianMs: number;
  minMs: number;
  samples: number;
  callsPerSample: number;
}

export interface MeasureOptions {
  samples: number;
  minSampleMs: number;
  warmupCalls: number;
}

/** Median of a sample (mean of the two middle values for an even count). */
export function median(values: number[]): number {
  const s = Float64Array.from(values).sort();
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

function timeCalls(t: Timed, calls: number): number {
  const start = performance.now();
  for (let c = 0; c < calls; c++) t.run();
  return performance.now() - start;
}

export function measureInterleaved(cases: Timed[], o: MeasureOptions): Measurement[] {
  const calls = cases.map((t) => {
    for (let w = 0; w < o.warmupCalls; w++) t.run();
    const once = Math.max(timeCalls(t, 1), 1e-3);
    return Math.max(1, Math.ceil(o.minSampleMs / once));
  });
  const samples: number[][] = cases.map(() => []);
  for (let s = 0; s < o.samples; s++) {
    cases.forEach((t, i) => {
      const n = calls[i] as number;
      (samples[i] as number[]).push(timeCalls(t, n) / n);
    });
  }
  return samples.map((ms, i) => ({ medianMs: median(ms), minMs: Math.min(...ms), samples: ms.length, callsPerSample: calls[i] as number }));
}
