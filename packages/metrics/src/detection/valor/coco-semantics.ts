import { checkKnownOptions, checkNumberArray, invalidOption } from '@tensoreval/core';
import { f1Score, groupByType, type MetricRecord, type MetricRecordsByType } from '../../valor/metric-record';
import type { CocoEvaluation } from '../coco/coco-evaluate';
import { evaluateCocoState, finishCocoState, type CocoState } from '../coco/coco-state';
import type { CocoAnnotation, CocoDataset, CocoResult, CocoRle } from '../coco/coco-json';
import type { DetectionBatch } from './detection-batch';
import { validateDetectionBatch } from './validate-batch';
import { DEFAULT_IOU_THRESHOLDS, DEFAULT_SCORE_THRESHOLDS, type DetectionThresholdOptions } from './valor-detection-result';

const FN = 'cocoSemanticsPrecisionRecall';

/** Column-major uncompressed COCO RLE of a row-major 0/1 mask. */
function toCocoRle(mask: Uint8Array, h: number, w: number): CocoRle {
  const counts: number[] = [];
  let current = 0;
  let run = 0;
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const v = mask[y * w + x]!;
      if (v !== current) {
        counts.push(run);
        run = 0;
        current = v;
      }
      run++;
    }
  }
  counts.push(run);
  return { size: [h, w], counts };
}

/** The batch as a COCO instances dataset and results list: datum d → image d, label l → category l, one result per prediction label. */
function toCoco(batch: DetectionBatch): { gt: CocoDataset; results: CocoResult[]; segm: boolean } {
  const { geometry: geo, groundTruths: gts, predictions: pds } = batch;
  if (geo.kind === 'polygon') {
    throw invalidOption(FN, 'semantics', "'valor' for polygon data (COCO polygons carry no holes; the exact polygon IoU is Valor's)", 'coco', 'TE-103');
  }
  const segm = geo.kind === 'bitmask';
  const images = batch.datumUids.map((_, d) => (segm ? { id: d, height: geo.heights[d]!, width: geo.widths[d]! } : { id: d }));
  const categories = batch.labels.map((name, id) => ({ id, name }));
  const annotations: CocoAnnotation[] = [];
  const results: CocoResult[] = [];
  const shapeOf = (i: number, d: number, side: 'groundTruths' | 'predictions') => {
    if (geo.kind === 'bounding_box') {
      const b = geo[side];
      const w = b[4 * i + 2]! - b[4 * i]!;
      const h = b[4 * i + 3]! - b[4 * i + 1]!;
      return { bbox: [b[4 * i]!, b[4 * i + 1]!, w, h], area: w * h };
    }
    const bm = geo as Extract<typeof geo, { kind: 'bitmask' }>;
    const mask = bm[side][i]!;
    let area = 0;
    for (const v of mask) area += v;
    return { segmentation: toCocoRle(mask, bm.heights[d]!, bm.widths[d]!), area };
  };
  for (let d = 0; d < batch.datumUids.length; d++) {
    // Annotation ids start at 1: pycocotools treats a match to id 0 as no match.
    for (let g = gts.offsets[d]!; g < gts.offsets[d + 1]!; g++) annotations.push({ id: g + 1, image_id: d, category_id: gts.labels[g]!, iscrowd: 0, ...shapeOf(g, d, 'groundTruths') });
    for (let p = pds.offsets[d]!; p < pds.offsets[d + 1]!; p++) {
      const { area: _area, ...shape } = shapeOf(p, d, 'predictions');
      for (let s = pds.labelOffsets[p]!; s < pds.labelOffsets[p + 1]!; s++) results.push({ image_id: d, category_id: pds.labels[s]!, score: pds.scores[s]!, ...shape });
    }
  }
  return { gt: { images, annotations, categories }, results, segm };
}

/**
 * The COCO engine's matching of a batch (datum d → image d, label l → category l) at
 * `iouThresholds`, one area range (all) and no maxDets cut: the state {@link cocoSemanticsRecords}
 * answers from. Shards of a request's datums join with {@link joinCocoSemanticsStates}.
 */
export function cocoSemanticsState(batch: DetectionBatch, iouThresholds: readonly number[] = DEFAULT_IOU_THRESHOLDS): CocoState {
  const iouThrs = checkNumberArray(iouThresholds, 'iouThresholds', FN, { min: 0, max: 1 }).slice();
  validateDetectionBatch(batch);
  const { gt, results, segm } = toCoco(batch);
  return evaluateCocoState(gt, results, { iouType: segm ? 'segm' : 'bbox', iouThrs, maxDets: [Math.max(1, results.length)], areaRng: [[0, 1e10]], areaRngLbl: ['all'] });
}

/**
 * Valor's precision-recall record types with pycocotools semantics, from the COCO engine
 * (`evaluateCocoDatasets`): matching of each detection, in score order, to the best still-unmatched
 * groundtruth of its label; one area range (all) and no maxDets cut. AP and the PR curve are COCO's
 * 101-point interpolation; Counts, Precision, Recall and F1 at a score threshold come from the same
 * matching (score ≥ threshold). As in COCO, a label without groundtruths gets -1 for AP, AR and
 * their averages and is left out of mAP and mAR.
 */
export function cocoSemanticsPrecisionRecall(batch: DetectionBatch, options: DetectionThresholdOptions = {}): MetricRecordsByType {
  checkKnownOptions(options, ['iouThresholds', 'scoreThresholds'], FN);
  checkNumberArray(options.iouThresholds ?? DEFAULT_IOU_THRESHOLDS, 'iouThresholds', FN, { min: 0, max: 1 });
  checkNumberArray(options.scoreThresholds ?? DEFAULT_SCORE_THRESHOLDS, 'scoreThresholds', FN);
  return cocoSemanticsRecords(cocoSemanticsState(batch, options.iouThresholds ?? DEFAULT_IOU_THRESHOLDS), options);
}

/**
 * {@link cocoSemanticsPrecisionRecall}'s records from a state: one batch's, or the join of a
 * request's shards. Labels are the state's categories; `iouThresholds`, when given, must be the
 * state's (the matching was done at them).
 */
export function cocoSemanticsRecords(state: CocoState, options: DetectionThresholdOptions = {}): MetricRecordsByType {
  checkKnownOptions(options, ['iouThresholds', 'scoreThresholds'], FN);
  const iouThresholds = Array.from(state.params.iouThrs);
  if (options.iouThresholds !== undefined && JSON.stringify(Array.from(options.iouThresholds)) !== JSON.stringify(iouThresholds)) {
    throw invalidOption(FN, 'iouThresholds', `the state's IoU thresholds ${JSON.stringify(iouThresholds)}`, JSON.stringify(options.iouThresholds), 'TE-103');
  }
  const scoreThresholds = checkNumberArray(options.scoreThresholds ?? DEFAULT_SCORE_THRESHOLDS, 'scoreThresholds', FN).slice();
  const labels = state.categoryNames;
  const L = labels.length;
  const T = iouThresholds.length;
  const S = scoreThresholds.length;
  // The matching is done once; each (IoU, score) pair's counts come from finishing it at that pair.
  const runs: CocoEvaluation[] = [];
  for (let t = 0; t < T; t++) for (let s = 0; s < S; s++) runs.push(finishCocoState(state, { scoreThreshold: scoreThresholds[s]!, f1IouThr: iouThresholds[t]! }));
  const arrays = runs[0]!.arrays;
  const { R, K } = arrays.shape;
  const categoryOf = runs[0]!.perCategory.map((c) => c.categoryId as number);
  const records: MetricRecord[] = [];
  const ap = new Float64Array(T * L).fill(-1);
  for (let t = 0; t < T; t++) {
    for (let k = 0; k < K; k++) {
      const l = categoryOf[k]!;
      const precisions: number[] = [];
      const scores: number[] = [];
      for (let r = 0; r < R; r++) {
        precisions.push(arrays.precision[(t * R + r) * K + k]!);
        scores.push(arrays.scores[(t * R + r) * K + k]!);
      }
      ap[t * L + l] = precisions[0]! < 0 ? -1 : precisions.reduce((a, b) => a + b, 0) / R;
      records.push(
        { type: 'AP', value: ap[t * L + l], parameters: { iou_threshold: iouThresholds[t], label: labels[l] } },
        { type: 'PrecisionRecallCurve', value: { precisions, scores }, parameters: { iou_threshold: iouThresholds[t], label: labels[l] } },
      );
    }
    records.push({ type: 'mAP', value: meanPresent(ap.subarray(t * L, (t + 1) * L)), parameters: { iou_threshold: iouThresholds[t] } });
  }
  const recall = new Float64Array(S * T * L).fill(-1);
  runs.forEach((run, i) => {
    const t = Math.floor(i / S);
    const s = i % S;
    for (const c of run.classF1!.perCategory) {
      const l = c.categoryId as number;
      const parameters = { iou_threshold: iouThresholds[t], score_threshold: scoreThresholds[s], label: labels[l] };
      recall[(s * T + t) * L + l] = c.positives > 0 ? c.recall : -1;
      records.push(
        { type: 'Counts', value: { tp: c.tp, fp: c.fp, fn: c.positives - c.tp }, parameters },
        { type: 'Precision', value: c.precision, parameters },
        { type: 'Recall', value: c.recall, parameters },
        { type: 'F1', value: f1Score(c.precision, c.recall), parameters },
      );
    }
  });
  records.push(...averages(labels, iouThresholds, scoreThresholds, ap, recall));
  return groupByType(records);
}

/** Mean of the values that are not -1 (COCO's "absent"); -1 when none is present. */
function meanPresent(values: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (values[i]! > -1) {
      sum += values[i]!;
      n++;
    }
  }
  return n > 0 ? sum / n : -1;
}

function averages(labels: readonly string[], iouThresholds: number[], scoreThresholds: number[], ap: Float64Array, recall: Float64Array): MetricRecord[] {
  const L = labels.length;
  const T = iouThresholds.length;
  const S = scoreThresholds.length;
  const records: MetricRecord[] = [];
  const apOverIou = Float64Array.from({ length: L }, (_, l) => meanPresent(Array.from({ length: T }, (_, t) => ap[t * L + l]!)));
  for (const [l, label] of labels.entries()) records.push({ type: 'APAveragedOverIOUs', value: apOverIou[l], parameters: { iou_thresholds: iouThresholds, label } });
  records.push({ type: 'mAPAveragedOverIOUs', value: meanPresent(apOverIou), parameters: { iou_thresholds: iouThresholds } });
  const ar = new Float64Array(S * L);
  for (let s = 0; s < S; s++) {
    for (let l = 0; l < L; l++) {
      ar[s * L + l] = meanPresent(Array.from({ length: T }, (_, t) => recall[(s * T + t) * L + l]!));
      records.push({ type: 'AR', value: ar[s * L + l], parameters: { iou_thresholds: iouThresholds, score_threshold: scoreThresholds[s], label: labels[l] } });
    }
    records.push({ type: 'mAR', value: meanPresent(ar.subarray(s * L, (s + 1) * L)), parameters: { iou_thresholds: iouThresholds, score_threshold: scoreThresholds[s] } });
  }
  const arOverScores = Float64Array.from({ length: L }, (_, l) => meanPresent(Array.from({ length: S }, (_, s) => ar[s * L + l]!)));
  for (const [l, label] of labels.entries()) records.push({ type: 'ARAveragedOverScores', value: arOverScores[l], parameters: { iou_thresholds: iouThresholds, score_thresholds: scoreThresholds, label } });
  records.push({ type: 'mARAveragedOverScores', value: meanPresent(arOverScores), parameters: { iou_thresholds: iouThresholds, score_thresholds: scoreThresholds } });
  return records;
}
