import { runKernelSync } from '@tensoreval/core';
import { binOffsets, countingSortBy, identityOrder } from '../../columns/counting-sort';
import { increment } from '../../columns/concat';
import { f1Score, groupByType, mean, safeDivide, type MetricRecord, type MetricRecordsByType } from '../../valor/metric-record';
import type { DetailedPairs } from './detailed-pairs';
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
  const n = ranked.n;
  // Stable counting sort of ranked rows by predicted label: each label's curve keeps the ranked order.
  const byLabel = countingSortBy(identityOrder(n), ranked.pdLabel, L);
  const labelOffsets = binOffsets(ranked.pdLabel, L, byLabel);
  const position = new Int32Array(n);
  const scores = new Float64Array(n);
  for (let at = 0; at < n; at++) {
    const r = byLabel[at] as number;
    position[r] = at;
    scores[at] = ranked.score[r] as number;
  }
  const tpFlags = new Uint8Array(T * n);
  const fpFlags = new Uint8Array(T * n).fill(1);
  for (let t = 0; t < T; t++) {
    for (let r = 0; r < n; r++) {
      if (tp[t * n + r] === 1) {
        tpFlags[t * n + (position[r] as number)] = 1;
        fpFlags[t * n + (position[r] as number)] = 0;
      }
    }
  }
  const sweep = runKernelSync('PrecisionRecallSweep', { scores, tp: tpFlags, fp: fpFlags, segmentOffsets: labelOffsets }, { rows: T, stable: true });
  const segmentOffsets = new Int32Array(T * L + 1);
  const positives = new Float64Array(T * L);
  const sortedScores = new Float64Array(T * n);
  for (let t = 0; t < T; t++) {
    for (let l = 0; l < L; l++) {
      segmentOffsets[t * L + l] = t * n + (labelOffsets[l] as number);
      positives[t * L + l] = gtCount[l] as number;
    }
    for (let k = 0; k < n; k++) sortedScores[t * n + k] = scores[sweep.order[k] as number] as number;
  }
  segmentOffsets[T * L] = T * n;
  const ap = runKernelSync('InterpolatedAp', { tpCum: sweep.tpCum, fpCum: sweep.fpCum, segmentOffsets, positives, scores: sortedScores }, { method: 'valor' });

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
