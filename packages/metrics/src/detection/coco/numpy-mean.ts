/**
 * numpy's float64 summation, reproduced so means are bit-identical to `np.mean`: numpy's
 * `pairwise_sum` (sequential below 8 elements, 8 strided accumulators up to 128, halving above).
 * numpy 1.x runs a reduction through 8192-element buffers and adds the buffer sums left to right
 * (`blocked`, what pycocotools' reference numbers were produced with); numpy 2.x sums a contiguous
 * vector in one pairwise call.
 */
const BLOCK = 8192;

/** How numpy splits the reduction: 8192-element buffers (numpy 1.x) or one pass (numpy 2.x). */
export type NumpySummation = 'blocked' | 'whole';

function pairwiseSum(a: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[start + i] as number;
    return res;
  }
  if (n <= 128) {
    let r0 = a[start] as number, r1 = a[start + 1] as number, r2 = a[start + 2] as number, r3 = a[start + 3] as number;
    let r4 = a[start + 4] as number, r5 = a[start + 5] as number, r6 = a[start + 6] as number, r7 = a[start + 7] as number;
    const end8 = n - (n % 8);
    let i = 8;
    for (; i < end8; i += 8) {
      const p = start + i;
      r0 += a[p] as number; r1 += a[p + 1] as number; r2 += a[p + 2] as number; r3 += a[p + 3] as number;
      r4 += a[p + 4] as number; r5 += a[p + 5] as number; r6 += a[p + 6] as number; r7 += a[p + 7] as number;
    }
    let res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
    for (; i < n; i++) res += a[start + i] as number;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2) + pairwiseSum(a, start + n2, n - n2);
}

/** `np.sum` of a contiguous float64 vector. */
export function numpySum(values: ArrayLike<number>, length = values.length, mode: NumpySummation = 'blocked'): number {
  if (mode === 'whole') return pairwiseSum(values, 0, length);
  let total = 0;
  for (let s = 0; s < length; s += BLOCK) total += pairwiseSum(values, s, Math.min(BLOCK, length - s));
  return total;
}

/** `np.mean` of a contiguous float64 vector (NaN for an empty one, as numpy). */
export function numpyMean(values: ArrayLike<number>, length = values.length, mode: NumpySummation = 'blocked'): number {
  return numpySum(values, length, mode) / length;
}
