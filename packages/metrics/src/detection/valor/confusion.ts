import { runKernelSync } from '@tensoreval/core';
import { ALL_EXAMPLES, onPage, type ExamplePage } from '../../valor/example-pages';
import { byLabel, confusionByLabel, type MetricRecord } from '../../valor/metric-record';
import { MIN_PAIR_IOU, type DetailedPairs } from './detailed-pairs';
import { orderByScoreDesc } from './score-order';
import type { DetectionTable } from './detection-table';
import { MIN_SCORE } from './ranked-pairs';

/**
 * Valor's label-agnostic greedy matching for the confusion-matrix paths: one pass over all detailed
 * pairs (score desc, IoU desc), keeping a (groundtruth, prediction) pair when neither is used yet,
 * whatever the labels, IoU or thresholds. Returns each prediction's partner groundtruth (or -1).
 */
export function greedyPartners(pairs: DetailedPairs, nGroundTruths: number, nPredictions: number): Int32Array {
  const gtUsed = new Uint8Array(nGroundTruths);
  const partner = new Int32Array(nPredictions).fill(-1);
  // Only rows pairing a groundtruth with a prediction can match; insertion order breaks full ties.
  let n = 0;
  const paired = new Int32Array(pairs.n);
  for (let r = 0; r < pairs.n; r++) if ((pairs.gt[r] as number) >= 0 && (pairs.pd[r] as number) >= 0) paired[n++] = r;
  const { iou, gt } = pairs;
  const order = orderByScoreDesc(paired.subarray(0, n), pairs.score, (a, b) => (iou[b] as number) - (iou[a] as number) || (gt[a] as number) - (gt[b] as number) || a - b);
  for (const r of order) {
    const g = pairs.gt[r] as number;
    const p = pairs.pd[r] as number;
    if (gtUsed[g] === 1 || partner[p] !== -1) continue;
    gtUsed[g] = 1;
    partner[p] = g;
  }
  return partner;
}

/** Row classification at one (IoU, score) threshold pair. */
interface ThresholdedMatches {
  /** rows of counted matched pairs (diagonal when labels agree, off-diagonal otherwise) */
  counted: Uint8Array;
  /** per prediction-label slot: unmatched with score ≥ threshold */
  unmatchedSlot: Uint8Array;
  /** per groundtruth: in no counted pair */
  unmatchedGt: Uint8Array;
}

function classify(t: DetectionTable, pairs: DetailedPairs, partner: Int32Array, iouThreshold: number, scoreThreshold: number): ThresholdedMatches {
  const counted = new Uint8Array(pairs.n);
  const gtIn = new Uint8Array(t.gtUids.length);
  const pdIn = new Uint8Array(t.pdUids.length);
  const passes = (score: number) => score > MIN_SCORE && score >= scoreThreshold;
  for (let r = 0; r < pairs.n; r++) {
    const g = pairs.gt[r] as number;
    const p = pairs.pd[r] as number;
    const iou = pairs.iou[r] as number;
    if (g < 0 || p < 0 || partner[p] !== g || !(iou > MIN_PAIR_IOU && iou >= iouThreshold) || !passes(pairs.score[r] as number)) continue;
    counted[r] = 1;
    gtIn[g] = 1;
    pdIn[p] = 1;
  }
  const unmatchedSlot = new Uint8Array(t.pdLabels.length);
  for (let p = 0; p < t.pdUids.length; p++) {
    if (pdIn[p] === 1) continue;
    for (let s = t.pdLabelOffsets[p] as number; s < (t.pdLabelOffsets[p + 1] as number); s++) if (passes(t.pdScores[s] as number)) unmatchedSlot[s] = 1;
  }
  const unmatchedGt = new Uint8Array(t.gtUids.length);
  for (let g = 0; g < gtIn.length; g++) unmatchedGt[g] = 1 - (gtIn[g] as number);
  return { counted, unmatchedSlot, unmatchedGt };
}

/** Each (IoU, score) pair in Valor's nesting: IoU outer, score inner. */
function forEachThreshold(iouThresholds: readonly number[], scoreThresholds: readonly number[], fn: (iou: number, score: number) => void): void {
  for (const iou of iouThresholds) for (const score of scoreThresholds) fn(iou, score);
}

function parametersOf(iou: number, score: number): Record<string, unknown> {
  return { score_threshold: score, iou_threshold: iou };
}

/** Rows of counted pairs ordered by (groundtruth, prediction, label slot). */
function countedRows(pairs: DetailedPairs, counted: Uint8Array): number[] {
  const rows: number[] = [];
  for (let r = 0; r < pairs.n; r++) if (counted[r] === 1) rows.push(r);
  return rows.sort((a, b) => (pairs.gt[a] as number) - (pairs.gt[b] as number) || (pairs.pd[a] as number) - (pairs.pd[b] as number) || (pairs.slot[a] as number) - (pairs.slot[b] as number));
}

/** Valor's object-detection `compute_confusion_matrix`. */
export function detectionConfusionMatrix(t: DetectionTable, pairs: DetailedPairs, partner: Int32Array, iouThresholds: readonly number[], scoreThresholds: readonly number[]): MetricRecord[] {
  const { labels } = t;
  const k = labels.length;
  const records: MetricRecord[] = [];
  forEachThreshold(iouThresholds, scoreThresholds, (iou, score) => {
    const m = classify(t, pairs, partner, iou, score);
    const rows = countedRows(pairs, m.counted);
    const actual = Int32Array.from(rows, (r) => pairs.gtLabel[r] as number);
    const predicted = Int32Array.from(rows, (r) => pairs.pdLabel[r] as number);
    const { counts } = runKernelSync('ConfusionCounts', { actual, predicted }, { numClasses: k });
    const unmatchedPd = new Float64Array(k);
    const unmatchedGt = new Float64Array(k);
    m.unmatchedSlot.forEach((f, s) => { if (f === 1) unmatchedPd[t.pdLabels[s] as number] = (unmatchedPd[t.pdLabels[s] as number] as number) + 1; });
    m.unmatchedGt.forEach((f, g) => { if (f === 1) unmatchedGt[t.gtLabels[g] as number] = (unmatchedGt[t.gtLabels[g] as number] as number) + 1; });
    records.push({ type: 'ConfusionMatrix', value: { confusion_matrix: confusionByLabel(labels, counts), unmatched_predictions: byLabel(labels, (l) => unmatchedPd[l] as number), unmatched_ground_truths: byLabel(labels, (l) => unmatchedGt[l] as number) }, parameters: parametersOf(iou, score) });
  });
  return records;
}

/**
 * Valor's object-detection `compute_examples`: per datum and threshold pair, the counted diagonal
 * pairs (TP), the predictions in off-diagonal pairs or unmatched (FP) and the groundtruths in
 * off-diagonal pairs or unmatched (FN), by uid. Only the datum records on `page` (counted over the
 * datums that have a record: those with annotations) are reported, for every threshold pair.
 */
export function detectionExamples(t: DetectionTable, pairs: DetailedPairs, partner: Int32Array, iouThresholds: readonly number[], scoreThresholds: readonly number[], page: ExamplePage = ALL_EXAMPLES): MetricRecord[] {
  const records: MetricRecord[] = [];
  // A datum without annotations has no pairs, so Valor reports nothing for it; the page counts the others.
  const reported: number[] = [];
  for (let d = 0; d < t.datumUids.length && reported.length < page.end; d++) {
    if (t.gtOffsets[d] !== t.gtOffsets[d + 1] || t.pdOffsets[d] !== t.pdOffsets[d + 1]) reported.push(d);
  }
  const datums = reported.slice(page.offset);
  if (datums.length === 0) return records;
  forEachThreshold(iouThresholds, scoreThresholds, (iou, score) => {
    const m = classify(t, pairs, partner, iou, score);
    const tpPartner = new Int32Array(t.gtUids.length).fill(-1);
    const fn = Uint8Array.from(m.unmatchedGt);
    // FP is listed once per prediction label (a multi-label box can appear several times), FN once per groundtruth.
    const fpSlot = Uint8Array.from(m.unmatchedSlot);
    for (let r = 0; r < pairs.n; r++) {
      if (m.counted[r] === 0) continue;
      const g = pairs.gt[r] as number;
      if (pairs.gtLabel[r] === pairs.pdLabel[r]) tpPartner[g] = pairs.pd[r] as number;
      else {
        fn[g] = 1;
        fpSlot[pairs.slot[r] as number] = 1;
      }
    }
    for (const d of datums) {
      const g0 = t.gtOffsets[d] as number;
      const g1 = t.gtOffsets[d + 1] as number;
      const p0 = t.pdOffsets[d] as number;
      const p1 = t.pdOffsets[d + 1] as number;
      const tps: [string, string][] = [];
      const fps: string[] = [];
      const fns: string[] = [];
      for (let g = g0; g < g1; g++) {
        const p = tpPartner[g] as number;
        if (p >= 0) tps.push([t.gtUids[g] as string, t.pdUids[p] as string]);
        if (fn[g] === 1) fns.push(t.gtUids[g] as string);
      }
      for (let p = p0; p < p1; p++) {
        for (let s = t.pdLabelOffsets[p] as number; s < (t.pdLabelOffsets[p + 1] as number); s++) if (fpSlot[s] === 1) fps.push(t.pdUids[p] as string);
      }
      records.push({ type: 'Examples', value: { datum_id: t.datumUids[d], true_positives: tps, false_positives: fps, false_negatives: fns }, parameters: parametersOf(iou, score) });
    }
  });
  return records;
}

interface ExampleCell {
  count: number;
  examples: Record<string, string>[];
}

const emptyCell = (): ExampleCell => ({ count: 0, examples: [] });

/**
 * Valor's object-detection `compute_confusion_matrix_with_examples`: counts plus the annotations
 * behind each cell. Each list keeps only its examples on `page` (in the order below); the counts
 * count them all.
 */
export function detectionConfusionMatrixWithExamples(t: DetectionTable, pairs: DetailedPairs, partner: Int32Array, iouThresholds: readonly number[], scoreThresholds: readonly number[], page: ExamplePage = ALL_EXAMPLES): MetricRecord[] {
  const { labels } = t;
  const k = labels.length;
  const datumOfGt = datumIndex(t.gtOffsets, t.gtUids.length);
  const datumOfPd = datumIndex(t.pdOffsets, t.pdUids.length);
  const records: MetricRecord[] = [];
  forEachThreshold(iouThresholds, scoreThresholds, (iou, score) => {
    const m = classify(t, pairs, partner, iou, score);
    const cells = Array.from({ length: k * k }, emptyCell);
    const upd = Array.from({ length: k }, emptyCell);
    const ugt = Array.from({ length: k }, emptyCell);
    for (const r of countedRows(pairs, m.counted)) {
      const cell = cells[(pairs.gtLabel[r] as number) * k + (pairs.pdLabel[r] as number)] as ExampleCell;
      if (onPage(page, cell.count)) cell.examples.push({ datum_id: t.datumUids[pairs.datum[r] as number] as string, ground_truth_id: t.gtUids[pairs.gt[r] as number] as string, prediction_id: t.pdUids[pairs.pd[r] as number] as string });
      cell.count++;
    }
    for (let p = 0; p < t.pdUids.length; p++) {
      for (let s = t.pdLabelOffsets[p] as number; s < (t.pdLabelOffsets[p + 1] as number); s++) {
        if (m.unmatchedSlot[s] === 0) continue;
        const cell = upd[t.pdLabels[s] as number] as ExampleCell;
        if (onPage(page, cell.count)) cell.examples.push({ datum_id: t.datumUids[datumOfPd[p] as number] as string, prediction_id: t.pdUids[p] as string });
        cell.count++;
      }
    }
    for (let g = 0; g < t.gtUids.length; g++) {
      if (m.unmatchedGt[g] === 0) continue;
      const cell = ugt[t.gtLabels[g] as number] as ExampleCell;
      if (onPage(page, cell.count)) cell.examples.push({ datum_id: t.datumUids[datumOfGt[g] as number] as string, ground_truth_id: t.gtUids[g] as string });
      cell.count++;
    }
    records.push({ type: 'ConfusionMatrixWithExamples', value: { confusion_matrix: confusionByLabel(labels, cells), unmatched_predictions: byLabel(labels, (l) => upd[l] as ExampleCell), unmatched_ground_truths: byLabel(labels, (l) => ugt[l] as ExampleCell) }, parameters: parametersOf(iou, score) });
  });
  return records;
}

function datumIndex(offsets: Int32Array, n: number): Int32Array {
  const out = new Int32Array(n);
  for (let d = 0; d + 1 < offsets.length; d++) out.fill(d, offsets[d] as number, offsets[d + 1] as number);
  return out;
}
