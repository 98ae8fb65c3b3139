import type { FloatArray } from '@tensoreval/core';

/** Key words for a stable ascending radix sort, least significant word first, plus which bits vary. */
export interface SortKeys {
  /** K rows of n u32 words (stored as int32), row 0 least significant */
  words: Int32Array;
  rows: number;
  /** per row: OR over i of (word_i XOR word_0); a digit with no varying bit needs no pass */
  varying: Uint32Array;
}

/**
 * Order-preserving integer keys for "segment ascending, score descending": the float64 bits of
 * each score (scores are widened, -0 made +0 so it ties with +0), mapped so that unsigned order of
 * (hi, lo) is descending score order (negatives keep their bits, non-negatives flip all but the
 * sign), then the segment id as the most significant word when there is more than one segment.
 * A stable sort of these keys is numpy's `argsort(-scores, kind='mergesort')` per segment.
 */
export function descendingScoreKeys(scores: FloatArray, offsets: Int32Array): SortKeys {
  const n = scores.length;
  const segmented = offsets.length > 2;
  const rows = segmented ? 3 : 2;
  const words = new Int32Array(rows * n);
  const varying = new Uint32Array(rows);
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  let lo0 = 0;
  let hi0 = 0;
  for (let i = 0; i < n; i++) {
    const x = scores[i] as number;
    f[0] = x === 0 ? 0 : x;
    let lo = u[0] as number;
    let hi = u[1] as number;
    if (hi >>> 31 === 0) {
      lo = ~lo;
      hi ^= 0x7fffffff;
    }
    if (i === 0) {
      lo0 = lo;
      hi0 = hi;
    }
    words[i] = lo;
    words[n + i] = hi;
    varying[0] = (varying[0] as number) | (lo ^ lo0);
    varying[1] = (varying[1] as number) | (hi ^ hi0);
  }
  if (segmented) {
    const S = offsets.length - 1;
    for (let s = 0; s < S; s++) words.fill(s, 2 * n + (offsets[s] as number), 2 * n + (offsets[s + 1] as number));
    // Segment ids run 0..S-1 in place, so every bit of S-1 and below may vary.
    varying[2] = S > 1 ? 2 ** Math.ceil(Math.log2(S)) - 1 : 0;
  }
  return { words, rows, varying };
}
