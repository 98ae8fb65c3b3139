/**
 * Interleaved timing of asynchronous kernel calls: after warm-up calls, repetition r of every
 * candidate runs before repetition r + 1 of any, so a burst of load from another process lands on
 * all candidates alike. A repetition makes enough calls to last `minSampleMs` (sub-millisecond calls
 * are not timed one by one). Reported: median and minimum per call. A candidate whose first call
 * took longer than `slowMs` keeps that call as its single sample (the slow engines would otherwise
 * take minutes; their numbers then include first-call costs, and `reps: 1` says so).
 */
import { median } from '../kernels/measure';

export interface AsyncCandidate {
  name: string;
  run: () => Promise<unknown>;
}

export interface AsyncMeasurement {
  name: string;
  medianMs: number;
  minMs: number;
  reps: number;
  /** set when the candidate threw; no timing then */
  error?: string;
}

async function timeCalls(run: () => Promise<unknown>, calls = 1): Promise<number> {
  const start = performance.now();
  for (let c = 0; c < calls; c++) await run();
  return (performance.now() - start) / calls;
}

export async function measureInterleavedAsync(candidates: AsyncCandidate[], reps: number, slowMs: number, minSampleMs = 20): Promise<AsyncMeasurement[]> {
  const warm = new Map<string, number>();
  const errors = new Map<string, string>();
  for (const c of candidates) {
    try {
      const first = await timeCalls(c.run);
      // A slow engine's first call is its one sample: a second warm-up would cost minutes on 2 shared cores.
      warm.set(c.name, first > slowMs ? first : await timeCalls(c.run));
    } catch (error) {
      errors.set(c.name, error instanceof Error ? error.message : String(error));
    }
  }
  const times = new Map<string, number[]>(candidates.map((c) => [c.name, []]));
  for (let r = 0; r < reps; r++) {
    for (const c of candidates) {
      if (errors.has(c.name)) continue;
      const once = warm.get(c.name) as number;
      if (once > slowMs) {
        if (r === 0) (times.get(c.name) as number[]).push(once);
        continue;
      }
      (times.get(c.name) as number[]).push(await timeCalls(c.run, Math.max(1, Math.ceil(minSampleMs / Math.max(once, 1e-3)))));
    }
  }
  return candidates.map((c) => {
    const error = errors.get(c.name);
    if (error !== undefined) return { name: c.name, medianMs: Number.NaN, minMs: Number.NaN, reps: 0, error };
    const t = times.get(c.name) as number[];
    return { name: c.name, medianMs: median(t), minMs: Math.min(...t), reps: t.length };
  });
}
