import { assertFinite, invalidInput } from '@tensoreval/core';
import { numpy2Mean, numpyMedianSorted, numpyPercentileSorted, numpyVariance } from './numpy-stats';

/** Spread statistics of repeated scores of the same query (consistency evaluation). */
export interface ConsistencyStats {
  mean: number;
  median: number;
  /** population standard deviation (ddof = 0) */
  std: number;
  /** max − min */
  range: number;
  /** 75th − 25th percentile, numpy's linear interpolation */
  iqr: number;
  /** mean / (1 + std) */
  consistencyAdjustedIndex: number;
  /** population variance */
  variance: number;
  /** sample variance (ddof = 1); NaN for a single value */
  sampleVariance: number;
  /** std / mean (population std); NaN when the mean is 0 */
  coefficientOfVariation: number;
}

/**
 * Consistency statistics of one query's scores over repeated generations, computed in numpy's
 * float64 operation order: open-rag-eval `ConsistencyScore` (mean, median, population std,
 * max−min, IQR, mean/(1+std)) plus variance, sample variance and coefficient of variation.
 *
 * @param values - at least one finite score (an empty list is an error, as in the reference).
 */
export function consistencyStats(values: ArrayLike<number>): ConsistencyStats {
  const fn = 'consistencyStats';
  if (values.length === 0) throw invalidInput(fn, 'values', 'contain at least one score', 'an empty list', 'TE-202');
  assertFinite(values, 'values', fn);
  const sorted = Float64Array.from(values).sort();
  const mean = numpy2Mean(values);
  const variance = numpyVariance(values, 0);
  const std = Math.sqrt(variance);
  return {
    mean,
    median: numpyMedianSorted(sorted),
    std,
    range: (sorted[sorted.length - 1] as number) - (sorted[0] as number),
    iqr: numpyPercentileSorted(sorted, 75) - numpyPercentileSorted(sorted, 25),
    consistencyAdjustedIndex: mean / (1 + std),
    variance,
    sampleVariance: values.length > 1 ? numpyVariance(values, 1) : Number.NaN,
    coefficientOfVariation: mean === 0 ? Number.NaN : std / mean,
  };
}
