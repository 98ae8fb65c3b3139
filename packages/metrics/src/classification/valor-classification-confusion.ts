import { runKernelSync } from '@tensoreval/core';
import { increment } from '../columns/concat';
import { onPage } from '../valor/example-pages';
import { byLabel, confusionByLabel, type MetricRecord } from '../valor/metric-record';
import type { ClassificationContext, ResolvedThresholdOptions } from './valor-classification-result';

/** The confusion-matrix paths treat a score as positive only above this (Valor's `scores > 1e-9`). */
const MIN_POSITIVE_SCORE = 1e-9;

/**
 * Positive-row masks of the confusion-matrix and examples paths, one per threshold. Valor ANDs the
 * score mask across thresholds in the order given, so threshold k really applies the running
 * maximum of thresholds 0..k (descending thresholds leak into later ones).
 */
function positiveMasks(ctx: ClassificationContext, options: ResolvedThresholdOptions): Uint8Array[] {
  const { offsets, scores, winners } = ctx;
  const masks: Uint8Array[] = [];
  let effective = -Infinity;
  for (const threshold of options.scoreThresholds) {
    effective = Math.max(effective, threshold);
    const mask = new Uint8Array(scores.length);
    for (let d = 0; d + 1 < offsets.length; d++) {
      for (let r = offsets[d] as number, hi = offsets[d + 1] as number; r < hi; r++) {
        const s = scores[r] as number;
        mask[r] = s > MIN_POSITIVE_SCORE && s >= effective && (!options.hardmax || winners[d] === r) ? 1 : 0;
      }
    }
    masks.push(mask);
  }
  return masks;
}

/** Confusion counts of positive rows (row = groundtruth, column = prediction) and unmatched groundtruths per label. */
function countPositives(ctx: ClassificationContext, mask: Uint8Array): { counts: Float64Array; unmatched: Float64Array } {
  const { labels, groundTruths, offsets, predictionLabels } = ctx;
  const actual = new Int32Array(mask.length);
  const predicted = new Int32Array(mask.length);
  const unmatched = new Float64Array(labels.length);
  let n = 0;
  for (let d = 0; d < groundTruths.length; d++) {
    const gt = groundTruths[d] as number;
    let any = false;
    for (let r = offsets[d] as number, hi = offsets[d + 1] as number; r < hi; r++) {
      if (mask[r] === 0) continue;
      any = true;
      actual[n] = gt;
      predicted[n++] = predictionLabels[r] as number;
    }
    if (!any) increment(unmatched, gt);
  }
  const { counts } = runKernelSync('ConfusionCounts', { actual: actual.subarray(0, n), predicted: predicted.subarray(0, n) }, { numClasses: labels.length });
  return { counts, unmatched };
}

function parametersOf(threshold: number, hardmax: boolean): Record<string, unknown> {
  return { score_threshold: threshold, hardmax };
}

/** Valor's classification `compute_confusion_matrix`. */
export function classificationConfusionMatrix(ctx: ClassificationContext, options: ResolvedThresholdOptions): MetricRecord[] {
  const { labels } = ctx;
  return positiveMasks(ctx, options).map((mask, t) => {
    const { counts, unmatched } = countPositives(ctx, mask);
    return { type: 'ConfusionMatrix', value: { confusion_matrix: confusionByLabel(labels, counts), unmatched_ground_truths: byLabel(labels, (g) => unmatched[g] as number) }, parameters: parametersOf(options.scoreThresholds[t] as number, options.hardmax) };
  });
}

/**
 * Valor's classification `compute_examples`: per datum and threshold, the labels predicted
 * correctly (TP), the positive wrong labels (FP), and the groundtruth label when it was not
 * predicted correctly (FN). Only the datums on `options.page` (by datum position) are reported.
 */
export function classificationExamples(ctx: ClassificationContext, options: ResolvedThresholdOptions): MetricRecord[] {
  const { labels, datumUids, groundTruths, offsets, predictionLabels } = ctx;
  const { page } = options;
  const first = Math.min(page.offset, groundTruths.length);
  const last = Math.min(page.end, groundTruths.length);
  if (first >= last) return [];
  const masks = positiveMasks(ctx, options);
  const records: MetricRecord[] = [];
  for (let d = first; d < last; d++) {
    const gt = groundTruths[d] as number;
    const lo = offsets[d] as number;
    const hi = offsets[d + 1] as number;
    masks.forEach((mask, t) => {
      const tps: string[] = [];
      const fps: number[] = [];
      for (let r = lo; r < hi; r++) {
        if (mask[r] === 0) continue;
        const l = predictionLabels[r] as number;
        if (l === gt) tps.push(labels[l] as string);
        else fps.push(l);
      }
      fps.sort((a, b) => a - b);
      records.push({
        type: 'Examples',
        value: { datum_id: datumUids[d], true_positives: tps, false_positives: fps.map((l) => labels[l]), false_negatives: tps.length === 0 ? [labels[gt]] : [] },
        parameters: parametersOf(options.scoreThresholds[t] as number, options.hardmax),
      });
    });
  }
  return records;
}

interface ExampleCell {
  count: number;
  examples: Record<string, unknown>[];
}

/**
 * Valor's classification `compute_confusion_matrix_with_examples`: counts plus the datums (and
 * scores) behind each cell. Each list keeps only its examples on `options.page` (in datum order);
 * the counts count them all.
 */
export function classificationConfusionMatrixWithExamples(ctx: ClassificationContext, options: ResolvedThresholdOptions): MetricRecord[] {
  const { labels, datumUids, groundTruths, offsets, predictionLabels, scores } = ctx;
  const { page } = options;
  const k = labels.length;
  return positiveMasks(ctx, options).map((mask, t) => {
    const cells: ExampleCell[] = Array.from({ length: k * k }, () => ({ count: 0, examples: [] }));
    const unmatched: ExampleCell[] = Array.from({ length: k }, () => ({ count: 0, examples: [] }));
    for (let d = 0; d < groundTruths.length; d++) {
      const gt = groundTruths[d] as number;
      let any = false;
      for (let r = offsets[d] as number, hi = offsets[d + 1] as number; r < hi; r++) {
        if (mask[r] === 0) continue;
        any = true;
        const cell = cells[gt * k + (predictionLabels[r] as number)] as ExampleCell;
        if (onPage(page, cell.count)) cell.examples.push({ datum_id: datumUids[d], score: scores[r] });
        cell.count++;
      }
      if (!any) {
        const cell = unmatched[gt] as ExampleCell;
        if (onPage(page, cell.count)) cell.examples.push({ datum_id: datumUids[d] });
        cell.count++;
      }
    }
    return { type: 'ConfusionMatrixWithExamples', value: { confusion_matrix: confusionByLabel(labels, cells), unmatched_ground_truths: byLabel(labels, (g) => unmatched[g] as ExampleCell) }, parameters: parametersOf(options.scoreThresholds[t] as number, options.hardmax) };
  });
}
