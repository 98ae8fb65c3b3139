import { increment } from '../../classification/columns';
import { f1Score, groupByType, mean, safeDivide, type MetricRecord, type MetricRecordsByType } from '../../classification/metric-record';
import type { DetailedPairs } from './detailed-pairs';
import { labelCurves } from './label-curves';
import { MIN_SCORE, truePositives } from './ranked-pairs';

export interface PrecisionRecallInputs {
  labels: readonly string[];
  /** groundtruths per label */
  gtCount: Float64Array;
  nGroundTruths: number;
  ranked: DetailedPairs;
  iouThresholds: readonly number[];
  scoreThresholds: readonly number[];
}

/**
 * Valor's object-detection `compute_precision_recall` from ranked pairs: Counts, Precision, Recall,
 * F1 per (IoU, score, label); AP and the PR curve per (IoU, label) from the cumulative sweep and
 * Valor's floor(recall*100) interpolation (every ranked row, score-0 rows included, counts in the
 * precision denominator); AR per (score, label) as the mean recall over IoU thresholds; the m*
 * means over all labels (labels without groundtruths count as 0).
 */
export function detectionPrecisionRecall(inp: PrecisionRecallInputs): MetricRecordsByType {
  const { labels, gtCount, ranked, iouThresholds, scoreThresholds } = inp;
  const L = labels.length;
  const T = iouThresholds.length;
  const S = scoreThresholds.length;
  const n = ranked.n;
  const tp = new Uint8Array(T * n);
  for (let t = 0; t < T; t++) truePositives(ranked, iouThresholds[t] as number, inp.nGroundTruths, tp.subarray(t * n, (t + 1) * n));

  const records: MetricRecord[] = [];
  const recall = new Float64Array(T * S * L);
  for (let t = 0; t < T; t++) {
    const flags = tp.subarray(t * n, (t + 1) * n);
    for (let s = 0; s < S; s++) {
      const threshold = scoreThresholds[s] as number;
      const tpCount = new Float64Array(L);
      const fpCount = new Float64Array(L);
      for (let r = 0; r < n; r++) {
        const score = ranked.score[r] as number;
        if (!(score >= threshold)) continue;
        if (flags[r] === 1) increment(tpCount, ranked.pdLabel[r] as number);
        else if (score > MIN_SCORE) increment(fpCount, ranked.pdLabel[r] as number);
      }
      for (let l = 0; l < L; l++) {
        const tpl = tpCount[l] as number;
        const fpl = fpCount[l] as number;
        const p = safeDivide(tpl, tpl + fpl);
        const rc = safeDivide(tpl, gtCount[l] as number);
        recall[(t * S + s) * L + l] = rc;
        const parameters = { iou_threshold: iouThresholds[t], score_threshold: threshold, label: labels[l] };
        records.push(
          { type: 'Counts', value: { tp: tpl, fp: fpl, fn: (gtCount[l] as number) - tpl }, parameters },
          { type: 'Precision', value: p, parameters },
          { type: 'Recall', value: rc, parameters },
          { type: 'F1', value: f1Score(p, rc), parameters },
        );
      }
    }
  }
  records.push(...averagePrecision(inp, tp), ...averageRecall(inp, recall));
  return groupByType(records);
}

/** AP, mAP, their IoU averages and PR curves: one sweep and one interpolation kernel call for every (IoU, label). */
function averagePrecision(inp: PrecisionRecallInputs, tp: Uint8Array): MetricRecord[] {
  const { labels, gtCount, ranked, iouThresholds } = inp;
  const L = labels.length;
  const T = iouThresholds.length;
  const ap = labelCurves({ labels: L, pdLabel: ranked.pdLabel.subarray(0, ranked.n), score: ranked.score.subarray(0, ranked.n), tp, rows: T, positives: gtCount });

  const records: MetricRecord[] = [];
  const R = 101;
  for (let t = 0; t < T; t++) {
    const iouThreshold = iouThresholds[t];
    for (let l = 0; l < L; l++) {
      const k = t * L + l;
      records.push(
        { type: 'AP', value: ap.ap[k], parameters: { iou_threshold: iouThreshold, label: labels[l] } },
        { type: 'PrecisionRecallCurve', value: { precisions: Array.from(ap.precision.subarray(k * R, (k + 1) * R)), scores: Array.from(ap.scoresAtRecall.subarray(k * R, (k + 1) * R)) }, parameters: { iou_threshold: iouThreshold, label: labels[l] } },
      );
    }
    records.push({ type: 'mAP', value: mean(ap.ap.subarray(t * L, (t + 1) * L)), parameters: { iou_threshold: iouThreshold } });
  }
  const perLabel = new Float64Array(L);
  for (let l = 0; l < L; l++) {
    let s = 0;
    for (let t = 0; t < T; t++) s += ap.ap[t * L + l] as number;
    perLabel[l] = s / T;
    records.push({ type: 'APAveragedOverIOUs', value: perLabel[l], parameters: { iou_thresholds: iouThresholds.slice(), label: labels[l] } });
  }
  records.push({ type: 'mAPAveragedOverIOUs', value: mean(perLabel), parameters: { iou_thresholds: iouThresholds.slice() } });
  return records;
}

/** AR per (score, label) = mean recall over IoU thresholds; mAR, and both averaged over score thresholds. */
function averageRecall(inp: PrecisionRecallInputs, recall: Float64Array): MetricRecord[] {
  const { labels, iouThresholds, scoreThresholds } = inp;
  const L = labels.length;
  const T = iouThresholds.length;
  const S = scoreThresholds.length;
  const records: MetricRecord[] = [];
  const ar = new Float64Array(S * L);
  for (let s = 0; s < S; s++) {
    for (let l = 0; l < L; l++) {
      let sum = 0;
      for (let t = 0; t < T; t++) sum += recall[(t * S + s) * L + l] as number;
      ar[s * L + l] = sum / T;
      records.push({ type: 'AR', value: ar[s * L + l], parameters: { iou_thresholds: iouThresholds.slice(), score_threshold: scoreThresholds[s], label: labels[l] } });
    }
    records.push({ type: 'mAR', value: mean(ar.subarray(s * L, (s + 1) * L)), parameters: { iou_thresholds: iouThresholds.slice(), score_threshold: scoreThresholds[s] } });
  }
  const perLabel = new Float64Array(L);
  for (let l = 0; l < L; l++) {
    let sum = 0;
    for (let s = 0; s < S; s++) sum += ar[s * L + l] as number;
    perLabel[l] = sum / S;
    records.push({ type: 'ARAveragedOverScores', value: perLabel[l], parameters: { iou_thresholds: iouThresholds.slice(), score_thresholds: scoreThresholds.slice(), label: labels[l] } });
  }
  records.push({ type: 'mARAveragedOverScores', value: mean(perLabel), parameters: { iou_thresholds: iouThresholds.slice(), score_thresholds: scoreThresholds.slice() } });
  return records;
}
