import { runKernelSync } from '@tensoreval/core';
import { increment } from '../columns/concat';
import { groupByType, type MetricRecord, type MetricRecordsByType } from '../valor/metric-record';
import type { ClassificationContext } from './valor-classification-result';

/**
 * Valor's `compute_rocauc`: per label, the ROC of the rows predicting it (ties as one step,
 * trapezoid rule). Valor's denominators are not the rows' own class counts: TPR divides by the
 * datums whose groundtruth is the label (some may not score it) and FPR by (rows for the label −
 * those datums). Both are constant rescalings of the kernel's curve, so the kernel's AUC is
 * rescaled by their ratios. A label without positives or negatives gets 0; mROCAUC is the mean
 * over all labels.
 */
export function classificationRocAuc(ctx: ClassificationContext): MetricRecordsByType {
  const { labels, groundTruths, offsets, predictionLabels, scores } = ctx;
  const nLabels = labels.length;
  const nRows = scores.length;
  const gtCount = new Float64Array(nLabels);
  for (let d = 0; d < groundTruths.length; d++) increment(gtCount, groundTruths[d] as number);

  // Counting sort of rows by predicted label into one segment per label.
  const segmentOffsets = new Int32Array(nLabels + 1);
  for (let r = 0; r < nRows; r++) increment(segmentOffsets, (predictionLabels[r] as number) + 1);
  for (let l = 0; l < nLabels; l++) segmentOffsets[l + 1] = (segmentOffsets[l + 1] as number) + (segmentOffsets[l] as number);
  const cursor = segmentOffsets.slice(0, nLabels);
  const segScores = new Float64Array(nRows);
  const segLabels = new Uint8Array(nRows);
  const rowPositives = new Float64Array(nLabels);
  for (let d = 0; d < groundTruths.length; d++) {
    const gt = groundTruths[d] as number;
    for (let r = offsets[d] as number, hi = offsets[d + 1] as number; r < hi; r++) {
      const l = predictionLabels[r] as number;
      const at = cursor[l] as number;
      cursor[l] = at + 1;
      segScores[at] = scores[r] as number;
      if (l === gt) {
        segLabels[at] = 1;
        increment(rowPositives, l);
      }
    }
  }
  const { auc } = runKernelSync('RocAuc', { scores: segScores, labels: segLabels, segmentOffsets }, {});

  const records: MetricRecord[] = [];
  let sum = 0;
  for (let l = 0; l < nLabels; l++) {
    const rows = (segmentOffsets[l + 1] as number) - (segmentOffsets[l] as number);
    const positives = gtCount[l] as number;
    const negatives = rows - positives;
    const rowPos = rowPositives[l] as number;
    const rowNeg = rows - rowPos;
    const raw = auc[l] as number;
    const value = positives > 0 && negatives > 0 && rowPos > 0 && rowNeg > 0 && Number.isFinite(raw)
      ? raw * (rowPos / positives) * (rowNeg / negatives)
      : 0;
    sum += value;
    records.push({ type: 'ROCAUC', value, parameters: { label: labels[l] } });
  }
  records.push({ type: 'mROCAUC', value: nLabels > 0 ? sum / nLabels : 0, parameters: {} });
  return groupByType(records);
}
