import type { FloatArray } from './types';

/**
 * Sorts each segment by descending score and accumulates TP/FP in float64. `tp`/`fp` hold `rows`
 * flag rows (e.g. one per IoU threshold) over the same n scores; an entry with tp = fp = 0
 * (an ignored detection) keeps its position and repeats the running sums.
 */
export const PrecisionRecallSweep = 'PrecisionRecallSweep';
export interface PrecisionRecallSweepInputs {
  scores: FloatArray;
  /** rows × n flags */
  tp: Uint8Array;
  /** rows × n flags */
  fp: Uint8Array;
  /** S + 1 offsets of independent segments; one segment when absent */
  segmentOffsets?: Int32Array;
}
export interface PrecisionRecallSweepAttrs {
  rows: number;
  /** true: ties keep input order (numpy mergesort); false: any order within ties */
  stable: boolean;
}
export interface PrecisionRecallSweepOutputs {
  /** n global input indices, sorted within each segment */
  order: Int32Array;
  /** rows × n cumulative TP in sorted order */
  tpCum: Float64Array;
  /** rows × n cumulative FP in sorted order */
  fpCum: Float64Array;
}

/** Interpolated average precision of many PR curves at once. */
export const InterpolatedAp = 'InterpolatedAp';
export interface InterpolatedApInputs {
  tpCum: Float64Array;
  fpCum: Float64Array;
  /** S + 1 offsets of each curve in tpCum/fpCum */
  segmentOffsets: Int32Array;
  /** positives (denominator of recall) per curve */
  positives: Float64Array;
  /** optional sorted scores aligned with tpCum, to report the score at each recall threshold */
  scores?: FloatArray;
}
export interface InterpolatedApAttrs {
  /**
   * 'coco': precision = tp/(tp+fp+eps), right-to-left envelope, searchsorted-left at each recall threshold;
   * 'valor': floor(recall*100) bins.
   */
  method: 'coco' | 'valor';
  /** recall thresholds; defaults to i*0.01 for i = 0..100 */
  recallThresholds?: Float64Array;
}
export interface InterpolatedApOutputs {
  /** mean interpolated precision per curve */
  ap: Float64Array;
  /** S × R interpolated precision at each recall threshold */
  precision: Float64Array;
  /** S × R score at each recall threshold (0 where unreached); empty when `scores` was not given */
  scoresAtRecall: Float64Array;
  /** final recall per curve */
  recall: Float64Array;
}

/** ROC AUC by the trapezoid rule, ties as one step (sklearn roc_curve + auc). */
export const RocAuc = 'RocAuc';
export interface RocAucInputs {
  scores: FloatArray;
  /** 0/1 */
  labels: Uint8Array;
  segmentOffsets?: Int32Array;
}
export type RocAucAttrs = Record<string, never>;
export interface RocAucOutputs {
  /** per segment; NaN where a segment has only one class */
  auc: Float64Array;
}

/** Bincount of (actual, predicted) label pairs. */
export const ConfusionCounts = 'ConfusionCounts';
export interface ConfusionCountsInputs {
  actual: Int32Array;
  predicted: Int32Array;
  weights?: Float64Array;
}
export interface ConfusionCountsAttrs {
  numClasses: number;
}
export interface ConfusionCountsOutputs {
  /** numClasses × numClasses, row = actual, column = predicted */
  counts: Float64Array;
}
