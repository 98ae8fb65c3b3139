import { RUN_END_POLL_MS, runEndedKey } from './shard-job';

/** A shard's hold on its run's watch: `signal` aborts once the run is marked ended. */
export interface RunEndHold {
  signal: AbortSignal;
  /** settles after the watch's first check (at once for a run already watched) */
  checked: Promise<void>;
  /** the shard is done with it; the last release of a run stops its checks */
  release(): void;
}

/**
 * The runs a worker holds shards of, each watched for its end mark ({@link runEndedKey}): checked
 * when its first shard starts and every `everyMs` while any shard of it runs. One signal per run,
 * shared by its shards, so shards of one run (a worker with `--concurrency` above 1, and the run's
 * inputs read once for them) are cancelled together. A check that fails (Redis away) waits for the next.
 */
export class RunEndWatches {
  private readonly runs = new Map<string, { ended: AbortController; holders: number; timer: NodeJS.Timeout; checked: Promise<void> }>();

  constructor(private readonly exists: (key: string) => Promise<boolean>, private readonly everyMs = RUN_END_POLL_MS) {}

  hold(runId: string): RunEndHold {
    let run = this.runs.get(runId);
    if (run === undefined) {
      const ended = new AbortController();
      const check = () => this.exists(runEndedKey(runId)).then((yes) => { if (yes) ended.abort(); }, () => undefined);
      run = { ended, holders: 0, timer: setInterval(check, this.everyMs).unref(), checked: check() };
      this.runs.set(runId, run);
    }
    run.holders++;
    const held = run;
    let released = false;
    return {
      signal: held.ended.signal,
      checked: held.checked,
      release: () => {
        if (released) return;
        released = true;
        if (--held.holders > 0) return;
        clearInterval(held.timer);
        this.runs.delete(runId);
      },
    };
  }

  /** Runs watched now (for tests). */
  get watching(): number {
    return this.runs.size;
  }
}
