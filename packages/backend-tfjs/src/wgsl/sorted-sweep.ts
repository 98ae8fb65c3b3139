import type { FloatArray } from '@tensoreval/core';
import { flagPrefixSums } from './flag-prefix-sums';
import { downloadWords, uploadWords } from './program';
import { radixArgsort } from './radix-sort';
import { descendingScoreKeys } from './sort-keys';

/** What the GPU hands back: the sort order and flat u32 prefix sums of every flag lane. */
export interface SortedSweep {
  order: Int32Array;
  /** lane L = bit * rows + r at L * n + p (see flagPrefixSums) */
  prefix: Uint32Array;
}

/**
 * Sorts each segment by descending score (stable) and sums packed 0/1 flags along that order,
 * both on the GPU in integers; the host only builds the keys and reads two buffers back.
 */
export async function sortedSweep(scores: FloatArray, flags: Int32Array, rows: number, bits: number, offsets: Int32Array): Promise<SortedSweep> {
  const n = scores.length;
  const order = radixArgsort(descendingScoreKeys(scores, offsets), n);
  const flagWords = uploadWords(flags);
  const sums = flagPrefixSums(order, flagWords, n, rows, bits);
  flagWords.dispose();
  const prefix = new Uint32Array((await downloadWords(sums)).buffer);
  return { order: await downloadWords(order), prefix };
}

/**
 * Per-segment running counts of one lane from the flat prefix: the prefix at p minus the prefix
 * just before the segment starts, in u32 (exact), written as float64 into `out[outBase + p]`.
 */
export function segmentCounts(prefix: Uint32Array, lane: number, n: number, offsets: Int32Array, out: Float64Array, outBase: number): void {
  const base = lane * n;
  for (let s = 0; s + 1 < offsets.length; s++) {
    const start = offsets[s] as number;
    const end = offsets[s + 1] as number;
    const before = base + start === 0 ? 0 : (prefix[base + start - 1] as number);
    for (let p = start; p < end; p++) out[outBase + p] = ((prefix[base + p] as number) - before) >>> 0;
  }
}
