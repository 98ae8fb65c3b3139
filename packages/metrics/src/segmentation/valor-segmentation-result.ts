import { setOwn } from '@tensoreval/core';
import { f1Score, groupByType, safeDivide, type MetricRecord, type MetricRecordsByType } from '../valor/metric-record';

/**
 * The result of a {@link ValorSemanticSegmentation} evaluator: the summed (L + 1)² pixel confusion
 * matrix (index 0 = background) and Valor's metrics over it.
 */
export class ValorSemanticSegmentationResult {
  constructor(
    readonly labels: readonly string[],
    /** (L + 1) × (L + 1), row = groundtruth, column = prediction, index 0 = background */
    readonly confusion: Float64Array,
  ) {}

  /**
   * Valor's `compute_precision_recall_iou`: Precision, Recall, F1 and IOU per label, mIOU (mean
   * diagonal IoU over all labels), Accuracy ((Σ diagonal + background agreement) / Σ matrix) and a
   * ConfusionMatrix of pairwise IoU with unmatched prediction / groundtruth ratios. Zero
   * denominators give 0.
   */
  precisionRecallIou(): MetricRecordsByType {
    const { labels, confusion: cm } = this;
    const L = labels.length;
    const k = L + 1;
    const gtTotal = new Float64Array(k);
    const pdTotal = new Float64Array(k);
    let all = 0;
    for (let g = 0; g < k; g++) {
      for (let p = 0; p < k; p++) {
        const c = cm[g * k + p]!;
        gtTotal[g] = gtTotal[g]! + c;
        pdTotal[p] = pdTotal[p]! + c;
        all += c;
      }
    }
    const iou = (g: number, p: number) => {
      const inter = cm[g * k + p]!;
      return safeDivide(inter, gtTotal[g]! + pdTotal[p]! - inter);
    };
    const records: MetricRecord[] = [];
    const matrix: Record<string, Record<string, { iou: number }>> = {};
    const unmatchedPredictions: Record<string, { ratio: number }> = {};
    const unmatchedGroundTruths: Record<string, { ratio: number }> = {};
    let diagonal = cm[0]!;
    let iouSum = 0;
    for (let l = 1; l <= L; l++) {
      const label = labels[l - 1]!;
      const row: Record<string, { iou: number }> = {};
      // setOwn: a label is user text, and `__proto__` must stay a key like any other
      for (let p = 1; p <= L; p++) setOwn(row, labels[p - 1]!, { iou: iou(l, p) });
      setOwn(matrix, label, row);
      setOwn(unmatchedPredictions, label, { ratio: safeDivide(cm[l]!, pdTotal[l]!) });
      setOwn(unmatchedGroundTruths, label, { ratio: safeDivide(cm[l * k]!, gtTotal[l]!) });
      const tp = cm[l * k + l]!;
      diagonal += tp;
      const precision = safeDivide(tp, pdTotal[l]!);
      const recall = safeDivide(tp, gtTotal[l]!);
      const labelIou = iou(l, l);
      iouSum += labelIou;
      const parameters = { label };
      records.push(
        { type: 'Precision', value: precision, parameters },
        { type: 'Recall', value: recall, parameters },
        { type: 'F1', value: f1Score(precision, recall), parameters },
        { type: 'IOU', value: labelIou, parameters },
      );
    }
    records.push(
      { type: 'Accuracy', value: safeDivide(diagonal, all), parameters: {} },
      { type: 'ConfusionMatrix', value: { confusion_matrix: matrix, unmatched_predictions: unmatchedPredictions, unmatched_ground_truths: unmatchedGroundTruths }, parameters: {} },
      { type: 'mIOU', value: L > 0 ? iouSum / L : 0, parameters: {} },
    );
    return groupByType(records);
  }
}
