import type { FloatArray } from '@tensoreval/core';

/*
 * Stable descending argsorts for short segments, where a radix sort's fixed cost (clearing and
 * scanning six 2048-bucket histograms) dominates. Same order as RadixArgsort: descending score,
 * ties (including -0 with +0) in increasing index order. Plain comparisons, no comparator calls.
 */

/** Insertion sort of indices start..end-1 into order[start..end): best below a few dozen scores. */
export function insertionArgsortDescending(scores: FloatArray, start: number, end: number, order: Int32Array): void {
  for (let i = start; i < end; i++) {
    const v = scores[i];
    let j = i;
    while (j > start && scores[order[j - 1]] < v) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
}

const RUN = 16;

/**
 * Bottom-up merge sort of indices start..end-1 into order[start..end), carrying the scores as
 * float64 keys: insertion-sorted runs of 16, then merges that take the left element on ties.
 * `keys`, `keys2` and `idx2` are scratch buffers of at least end - start entries.
 */
export function mergeArgsortDescending(
  scores: FloatArray, start: number, end: number, order: Int32Array, keys: Float64Array, keys2: Float64Array, idx2: Int32Array,
): void {
  const n = end - start;
  let k = keys;
  let ix = order.subarray(start, end);
  for (let r0 = 0; r0 < n; r0 += RUN) {
    const r1 = Math.min(n, r0 + RUN);
    for (let i = r0; i < r1; i++) {
      const v = scores[start + i];
      let j = i;
      while (j > r0 && k[j - 1] < v) {
        k[j] = k[j - 1];
        ix[j] = ix[j - 1];
        j--;
      }
      k[j] = v;
      ix[j] = start + i;
    }
  }
  let k2 = keys2;
  let ix2 = idx2.subarray(0, n);
  for (let width = RUN; width < n; width *= 2) {
    for (let a = 0; a < n; a += 2 * width) {
      const mid = Math.min(n, a + width);
      const b = Math.min(n, a + 2 * width);
      let i = a;
      let j = mid;
      let o = a;
      while (i < mid && j < b) {
        if (k[i] >= k[j]) {
          k2[o] = k[i];
          ix2[o++] = ix[i++];
        } else {
          k2[o] = k[j];
          ix2[o++] = ix[j++];
        }
      }
      while (i < mid) {
        k2[o] = k[i];
        ix2[o++] = ix[i++];
      }
      while (j < b) {
        k2[o] = k[j];
        ix2[o++] = ix[j++];
      }
    }
    [k, k2] = [k2, k];
    [ix, ix2] = [ix2, ix];
  }
  if (ix.buffer !== order.buffer || ix.byteOffset !== order.byteOffset + start * 4) order.set(ix, start);
}
