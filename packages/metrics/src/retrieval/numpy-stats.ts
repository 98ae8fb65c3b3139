/**
 * Float64 reductions in numpy's exact operation order, so statistics match numpy to the last bit.
 * Adapted from numpy/_core/src/umath/loops_utils.h.src (pairwise_sum) and
 * numpy/lib/_function_base_impl.py (_lerp, linear percentile).
 */

const PW_BLOCKSIZE = 128;

function pairwiseSum(a: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[start + i] as number;
    return res;
  }
  if (n <= PW_BLOCKSIZE) {
    const r = new Float64Array(8);
    for (let j = 0; j < 8; j++) r[j] = a[start + j] as number;
    let i = 8;
    for (; i < n - (n % 8); i += 8) for (let j = 0; j < 8; j++) r[j] = (r[j] as number) + (a[start + i + j] as number);
    let res = ((r[0]! + r[1]!) + (r[2]! + r[3]!)) + ((r[4]! + r[5]!) + (r[6]! + r[7]!));
    for (; i < n; i++) res += a[start + i] as number;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2) + pairwiseSum(a, start + n2, n - n2);
}

/** `np.add.reduce` of a contiguous 1-D float64 array (checked against numpy 2.4 for n up to 5000). */
export function numpySum(a: ArrayLike<number>): number {
  return pairwiseSum(a, 0, a.length);
}

/** `np.mean` of a 1-D float64 array (NaN when empty). */
export function numpyMean(a: ArrayLike<number>): number {
  return numpySum(a) / a.length;
}

/** `np.var` with `ddof` (0 = population). */
export function numpyVariance(a: ArrayLike<number>, ddof = 0): number {
  const mean = numpyMean(a);
  const sq = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - mean;
    sq[i] = d * d;
  }
  return numpySum(sq) / (a.length - ddof);
}

/** `np.percentile(a, q)` with the default 'linear' method; `sorted` must be ascending. */
export function numpyPercentileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  const quantile = q / 100;
  // numpy's _compute_virtual_index with alpha = beta = 1, evaluated in its order.
  const virtualIndex = n * quantile + (1 + quantile * (1 - 1 - 1)) - 1;
  const lo = Math.min(Math.max(Math.floor(virtualIndex), 0), n - 1);
  const hi = Math.min(lo + 1, n - 1);
  const gamma = virtualIndex - Math.floor(virtualIndex);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  const diff = b - a;
  return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
}

/** `np.median` of an ascending array. */
export function numpyMedianSorted(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  const mid = n >> 1;
  if (n % 2 === 1) return sorted[mid] as number;
  return ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
