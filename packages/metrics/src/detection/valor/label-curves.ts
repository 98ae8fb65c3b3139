import { runKernelSync, type InterpolatedApOutputs } from '@tensoreval/core';
import { increment } from '../../classification/columns';

/** Ranked prediction rows (in Valor's rank order) and their true-positive flags at one or more IoU thresholds. */
export interface LabelCurvesInputs {
  /** number of labels L */
  labels: number;
  /** per row: its predicted label */
  pdLabel: Int32Array;
  /** per row: its score */
  score: Float64Array;
  /** rows × n flags (one row per IoU threshold): 1 where the ranked row is a true positive */
  tp: Uint8Array;
  rows: number;
  /** groundtruths per label: the recall denominator */
  positives: Float64Array;
}

/**
 * Valor's per-label PR curves and 101-bin AP: the ranked rows of each label, kept in rank order (a
 * stable counting sort by label), swept once (PrecisionRecallSweep, every row not a true positive
 * counting as a false positive, score-0 rows included) and interpolated once (InterpolatedAp,
 * method 'valor'). Curve `t * L + l` is label l at flag row t.
 */
export function labelCurves(inp: LabelCurvesInputs): InterpolatedApOutputs {
  const { labels: L, pdLabel, rows: T, positives } = inp;
  const n = pdLabel.length;
  const labelOffsets = new Int32Array(L + 1);
  for (let r = 0; r < n; r++) increment(labelOffsets, (pdLabel[r] as number) + 1);
  for (let l = 0; l < L; l++) labelOffsets[l + 1] = (labelOffsets[l + 1] as number) + (labelOffsets[l] as number);
  const cursor = labelOffsets.slice(0, L);
  const position = new Int32Array(n);
  const scores = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const l = pdLabel[r] as number;
    const at = cursor[l] as number;
    cursor[l] = at + 1;
    position[r] = at;
    scores[at] = inp.score[r] as number;
  }
  const tpFlags = new Uint8Array(T * n);
  const fpFlags = new Uint8Array(T * n).fill(1);
  for (let t = 0; t < T; t++) {
    for (let r = 0; r < n; r++) {
      if (inp.tp[t * n + r] === 1) {
        tpFlags[t * n + (position[r] as number)] = 1;
        fpFlags[t * n + (position[r] as number)] = 0;
      }
    }
  }
  const sweep = runKernelSync('PrecisionRecallSweep', { scores, tp: tpFlags, fp: fpFlags, segmentOffsets: labelOffsets }, { rows: T, stable: true });
  const segmentOffsets = new Int32Array(T * L + 1);
  const curvePositives = new Float64Array(T * L);
  const sortedScores = new Float64Array(T * n);
  for (let t = 0; t < T; t++) {
    for (let l = 0; l < L; l++) {
      segmentOffsets[t * L + l] = t * n + (labelOffsets[l] as number);
      curvePositives[t * L + l] = positives[l] as number;
    }
    for (let k = 0; k < n; k++) sortedScores[t * n + k] = scores[sweep.order[k] as number] as number;
  }
  segmentOffsets[T * L] = T * n;
  return runKernelSync('InterpolatedAp', { tpCum: sweep.tpCum, fpCum: sweep.fpCum, segmentOffsets, positives: curvePositives, scores: sortedScores }, { method: 'valor' });
}
