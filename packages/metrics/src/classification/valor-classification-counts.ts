import { runKernelSync } from '@tensoreval/core';
import { increment } from '../columns/concat';
import { f1Score, groupByType, safeDivide, type MetricRecord, type MetricRecordsByType } from '../valor/metric-record';
import type { ClassificationContext, ResolvedThresholdOptions } from './valor-classification-result';

/** np.isclose(score, 0): Valor never counts such a score as positive in precision-recall. */
const ZERO_SCORE_ATOL = 1e-8;

/**
 * Valor's `compute_precision_recall` for classification. A row is positive when its score is
 * ≥ the threshold, not ≈ 0 and (with hardmax) its datum's winner. TP/FP come from the confusion
 * counts of positive rows; a datum adds one FN for its groundtruth when its own row is not
 * positive or another label is (so without hardmax a groundtruth can be TP and FN at once);
 * TN counts (datum, label) rows that are neither.
 */
export function classificationPrecisionRecall(ctx: ClassificationContext, options: ResolvedThresholdOptions): MetricRecordsByType {
  const { labels, groundTruths, offsets, predictionLabels, scores, winners } = ctx;
  const nLabels = labels.length;
  const nDatums = groundTruths.length;
  const nRows = scores.length;
  const { hardmax } = options;
  const records: MetricRecord[] = [];
  const actual = new Int32Array(nRows);
  const predicted = new Int32Array(nRows);
  for (const threshold of options.scoreThresholds) {
    const fn = new Float64Array(nLabels);
    const tn = new Float64Array(nLabels);
    let nPositive = 0;
    for (let d = 0; d < nDatums; d++) {
      const gt = groundTruths[d] as number;
      let missed = false;
      for (let r = offsets[d] as number, hi = offsets[d + 1] as number; r < hi; r++) {
        const s = scores[r] as number;
        const label = predictionLabels[r] as number;
        const positive = s >= threshold && !(Math.abs(s) <= ZERO_SCORE_ATOL) && (!hardmax || winners[d] === r);
        const match = label === gt;
        if (positive) {
          actual[nPositive] = gt;
          predicted[nPositive++] = label;
          if (!match) missed = true;
        } else if (match) missed = true;
        else increment(tn, label);
      }
      if (missed) increment(fn, gt);
    }
    const { counts } = runKernelSync('ConfusionCounts', { actual: actual.subarray(0, nPositive), predicted: predicted.subarray(0, nPositive) }, { numClasses: nLabels });
    let totalTp = 0;
    for (let l = 0; l < nLabels; l++) {
      const tp = counts[l * nLabels + l] as number;
      let predictedL = 0;
      for (let a = 0; a < nLabels; a++) predictedL += counts[a * nLabels + l] as number;
      const fp = predictedL - tp;
      totalTp += tp;
      const parameters = { score_threshold: threshold, hardmax, label: labels[l] };
      const precision = safeDivide(tp, tp + fp);
      const recall = safeDivide(tp, tp + (fn[l] as number));
      records.push(
        { type: 'Counts', value: { tp, fp, fn: fn[l], tn: tn[l] }, parameters },
        { type: 'Precision', value: precision, parameters },
        { type: 'Recall', value: recall, parameters },
        { type: 'F1', value: f1Score(precision, recall), parameters },
      );
    }
    records.push({ type: 'Accuracy', value: safeDivide(totalTp, nDatums), parameters: { score_threshold: threshold, hardmax } });
  }
  return groupByType(records);
}
