import type { FloatArray } from './types';

/**
 * Sorts each segment by descending score and accumulates TP/FP in float64: the first half of
 * pycocotools' `accumulate` and of Valor's ranked-pair walk.
 *
 * - `order[p]` for p in segment s is a global input index of segment s; segments keep their place.
 *   With `stable: true` ties keep input order, exactly numpy `argsort(-scores, kind='mergesort')`
 *   per segment (so concatenate COCO images in ascending image id, each already in its own order).
 *   -0 and +0 tie.
 * - `tp`/`fp` hold `rows` flag rows (e.g. one per IoU threshold) over the same n scores, row-major:
 *   flag of row r for input i at `r * n + i`. `tpCum[r * n + p]` is the sum of row r's tp flags over
 *   sorted positions segmentStart..p (inclusive), restarting at each segment; likewise `fpCum`.
 *   An entry with tp = fp = 0 (an ignored detection) keeps its position and repeats the sums.
 *   Sums are exact (float64 integers).
 * - `sortedScores[p] = scores[order[p]]` widened to float64, ready for InterpolatedAp's `scores`.
 *
 * Scores must be finite (validate at the boundary); flags must be 0 or 1.
 */
export const PrecisionRecallSweep = 'PrecisionRecallSweep';
export interface PrecisionRecallSweepInputs {
  /** n scores */
  scores: FloatArray;
  /** rows × n flags, 0 or 1 */
  tp: Uint8Array;
  /** rows × n flags, 0 or 1 */
  fp: Uint8Array;
  /** S + 1 non-decreasing offsets of independent segments, first 0 and last n; one segment when absent */
  segmentOffsets?: Int32Array;
}
export interface PrecisionRecallSweepAttrs {
  rows: number;
  /** true: ties keep input order (numpy mergesort); false: any order within ties (cpu is always stable) */
  stable: boolean;
}
export interface PrecisionRecallSweepOutputs {
  /** n global input indices, sorted within each segment */
  order: Int32Array;
  /** n scores in sorted order (float64) */
  sortedScores: Float64Array;
  /** rows × n cumulative TP in sorted order */
  tpCum: Float64Array;
  /** rows × n cumulative FP in sorted order */
  fpCum: Float64Array;
}

/**
 * Interpolated average precision of many PR curves at once (the second half of pycocotools'
 * `accumulate`, or Valor's 101-bin AP). Curve s is `tpCum/fpCum[segmentOffsets[s] ..
 * segmentOffsets[s+1])` (one row of PrecisionRecallSweep's output, with the same offsets), in
 * descending score order, and has `positives[s]` positives.
 *
 * method 'coco' (bit-exact with pycocotools 2.0.11): rc = tp / positives,
 * pr = tp / ((fp + tp) + 2.220446049250313e-16) (np.spacing(1) added after fp + tp), then the
 * right-to-left envelope pr[i-1] = max(pr[i-1], pr[i]) over every position (ignored ones included).
 * For each recall threshold t_j in the given order: i = first position with rc[i] >= t_j (numpy
 * searchsorted 'left'); precision[s, j] = pr[i] and scoresAtRecall[s, j] = scores[i]. At the first
 * threshold that is not reached, it and every later threshold get 0 (pycocotools' try/except).
 * `recall[s]` = rc at the last position, 0 for an empty curve. `ap[s]` = np.mean of the R precision
 * values (numpy's pairwise summation, so it equals numpy bit for bit). A curve with positives = 0
 * is absent in COCO: its precision, scoresAtRecall, recall and ap are all -1.
 *
 * method 'valor' (valor-lite): per position, precision = tp / (tp + fp) where tp + fp > 1e-9 else 0
 * (so count every ranked row, score-0 rows included, as tp or fp), recall = tp / positives where
 * positives > 1e-9 else 0, bin = floor(recall * 100) in float64 (29/100 lands in bin 28). Each bin
 * keeps the maximum precision and the maximum score of its positions; then a running maximum from
 * bin 100 down to 0 gives precision[s, 0..100] and scoresAtRecall[s, 0..100] (0 where nothing
 * reached). `ap[s]` = (sum of precision[s, b] for b = 100, 99, …, 0 in that order) / 101.
 * `recall[s]` = recall at the last position, 0 for an empty curve. `recallThresholds` is ignored
 * (always 101 bins).
 */
export const InterpolatedAp = 'InterpolatedAp';
export interface InterpolatedApInputs {
  tpCum: Float64Array;
  fpCum: Float64Array;
  /** S + 1 offsets of each curve in tpCum/fpCum */
  segmentOffsets: Int32Array;
  /** positives (denominator of recall) per curve */
  positives: Float64Array;
  /** optional scores aligned with tpCum (PrecisionRecallSweep's sortedScores), to report the score at each recall threshold */
  scores?: FloatArray;
}
export interface InterpolatedApAttrs {
  /** 'coco' (pycocotools accumulate) or 'valor' (floor(recall*100) bins); see the kernel's description */
  method: 'coco' | 'valor';
  /** 'coco' only: recall thresholds; defaults to i*0.01 for i = 0..100, computed in double as numpy's linspace(0, 1, 101) */
  recallThresholds?: Float64Array;
}
export interface InterpolatedApOutputs {
  /** per curve: mean interpolated precision (see the method) */
  ap: Float64Array;
  /** S × R interpolated precision at each recall threshold (R = 101 for 'valor') */
  precision: Float64Array;
  /** S × R score at each recall threshold; empty when `scores` was not given */
  scoresAtRecall: Float64Array;
  /** final recall per curve */
  recall: Float64Array;
}

/**
 * ROC AUC per segment with scikit-learn's semantics, `roc_auc_score(labels, scores)` =
 * `auc(*roc_curve(labels, scores)[:2])`: tied scores form one step, collinear points are dropped
 * (drop_intermediate), the curve starts at (0, 0), fpr = fps / N and tpr = tps / P, and the
 * trapezoid terms (dx * (y[i] + y[i-1])) / 2 are summed in numpy's pairwise order, so the result
 * equals scikit-learn 1.2 on numpy 1.24 bit for bit (checked on curves of up to 20k points).
 * NaN where a segment is empty or has only one class (scikit-learn raises there).
 */
export const RocAuc = 'RocAuc';
export interface RocAucInputs {
  scores: FloatArray;
  /** 0/1 */
  labels: Uint8Array;
  /** S + 1 offsets of independent segments; one segment when absent */
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
