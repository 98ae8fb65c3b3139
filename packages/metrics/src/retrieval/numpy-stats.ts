/**
 * Float64 statistics in numpy's exact operation order, so they match numpy 2.x to the last bit: sums
 * through core's numpySum ('whole', numpy 2.x), percentiles adapted from
 * numpy/lib/_function_base_impl.py (_lerp, linear percentile).
 */
import { numpyMean, numpySum } from '@tensoreval/core';

/** `np.mean` of a 1-D float64 array as numpy 2.x sums it (one pairwise pass; NaN when empty): core's numpyMean in 'whole' mode. */
export function numpy2Mean(a: ArrayLike<number>): number {
  return numpyMean(a, 0, a.length, 'whole');
}

/** `np.var` with `ddof` (0 = population). */
export function numpyVariance(a: ArrayLike<number>, ddof = 0): number {
  const mean = numpy2Mean(a);
  const sq = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] as number) - mean;
    sq[i] = d * d;
  }
  return numpySum(sq, 0, sq.length, 'whole') / (a.length - ddof);
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
