import type { FloatArray } from '@tensoreval/core';

/** The best `k` (index, score) pairs of each query row so far, best first; `filled` entries are valid. */
export interface RunningTopK {
  k: number;
  filled: number;
  indices: Int32Array;
  scores: Float32Array;
}

/**
 * Merges one corpus tile's per-row top-`tileK` (best first, tile-local indices shifted by `offset`)
 * into rows q0..q1 of the running top-k. Both lists are sorted, so a row is one linear merge. The
 * running entries come from earlier tiles, i.e. lower corpus indices, so on equal scores they stay
 * first: ties keep going to the lower index, as in a single untiled selection.
 */
export function mergeTopKRows(best: RunningTopK, q0: number, q1: number, tileIdx: Int32Array, tileVal: FloatArray, tileK: number, offset: number): void {
  const k = best.k;
  const have = best.filled;
  const outIdx = new Int32Array(k);
  const outVal = new Float32Array(k);
  for (let q = q0; q < q1; q++) {
    const base = q * k;
    const tBase = (q - q0) * tileK;
    let a = 0, b = 0;
    for (let o = 0; o < k; o++) {
      const takeOld = a < have && (b >= tileK || (best.scores[base + a] as number) >= (tileVal[tBase + b] as number));
      if (takeOld) {
        outIdx[o] = best.indices[base + a] as number;
        outVal[o] = best.scores[base + a] as number;
        a++;
      } else if (b < tileK) {
        outIdx[o] = (tileIdx[tBase + b] as number) + offset;
        outVal[o] = tileVal[tBase + b] as number;
        b++;
      } else {
        break;
      }
    }
    const n = Math.min(k, have + tileK);
    best.indices.set(outIdx.subarray(0, n), base);
    best.scores.set(outVal.subarray(0, n), base);
  }
}
