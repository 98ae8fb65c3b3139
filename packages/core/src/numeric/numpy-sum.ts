/*
 * numpy's float64 summation order, so sums, means and integrals round exactly as the reference
 * implementations' `np.sum` / `np.mean` / `np.trapz` do. Each piece is summed by numpy's
 * `pairwise_sum` (numpy/_core/src/umath/loops_utils.h.src): fewer than 8 elements sequentially,
 * up to 128 with 8 strided accumulators combined as ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)) followed
 * by the tail, larger pieces split in two halves (the first a multiple of 8) recursively.
 * numpy 1.x runs a reduction through 8192-element buffers and adds the buffer sums left to right
 * from 0.0 ('blocked': what pycocotools' and scikit-learn's reference fixtures were produced with,
 * checked bit for bit up to 808k elements); numpy 2.x sums a contiguous vector in one pairwise call
 * ('whole'). Both agree up to 8192 elements.
 */

/** How numpy splits a reduction: 8192-element buffers (numpy 1.x) or one pairwise pass (numpy 2.x). */
export type NumpySummation = 'blocked' | 'whole';

const BLOCK = 8192;

function pairwiseSum(a: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let s = 0;
    for (let i = 0; i < n; i++) s += a[start + i] as number;
    return s;
  }
  if (n <= 128) {
    let r0 = a[start] as number, r1 = a[start + 1] as number, r2 = a[start + 2] as number, r3 = a[start + 3] as number;
    let r4 = a[start + 4] as number, r5 = a[start + 5] as number, r6 = a[start + 6] as number, r7 = a[start + 7] as number;
    const end8 = n - (n % 8);
    for (let i = 8; i < end8; i += 8) {
      const p = start + i;
      r0 += a[p] as number; r1 += a[p + 1] as number; r2 += a[p + 2] as number; r3 += a[p + 3] as number;
      r4 += a[p + 4] as number; r5 += a[p + 5] as number; r6 += a[p + 6] as number; r7 += a[p + 7] as number;
    }
    let s = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
    for (let i = end8; i < n; i++) s += a[start + i] as number;
    return s;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2) + pairwiseSum(a, start + n2, n - n2);
}

/**
 * Sum of the contiguous float64 range `a[start, start + n)` in numpy's order (`np.add.reduce`).
 *
 * @param mode - 'blocked' (numpy 1.x, default) or 'whole' (numpy 2.x); see {@link NumpySummation}
 * @example numpySum(Float64Array.of(0.1, 0.2, 0.3)) // 0.6000000000000001, as np.sum
 */
export function numpySum(a: ArrayLike<number>, start = 0, n = a.length - start, mode: NumpySummation = 'blocked'): number {
  if (mode === 'whole') return pairwiseSum(a, start, n);
  let total = 0;
  for (let b = 0; b < n; b += BLOCK) total += pairwiseSum(a, start + b, Math.min(BLOCK, n - b));
  return total;
}

/** `np.mean` of the range `a[start, start + n)` (NaN for an empty one, as numpy). */
export function numpyMean(a: ArrayLike<number>, start = 0, n = a.length - start, mode: NumpySummation = 'blocked'): number {
  return numpySum(a, start, n, mode) / n;
}
