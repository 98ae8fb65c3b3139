import { permute, type DetailedPairs } from './detailed-pairs';
import { orderByScoreDesc } from './score-order';

/** Valor never counts a prediction with a score at or below this as a true positive or a false positive. */
export const MIN_SCORE = 1e-9;

/**
 * Valor's ranked pairs for AP, AR and counts. A prediction with any label-matching pair keeps only
 * its label-matching pairs (its other labels drop out entirely); then only the first (best) row per
 * prediction label survives, which locks each prediction to its single best-IoU groundtruth. The
 * survivors are ordered by score desc, IoU desc, then (prediction, label) asc: Valor's np.unique
 * leaves them in that order before its stable re-sort.
 */
export function rankPairs(pairs: DetailedPairs, nPredictions: number, nSlots: number): DetailedPairs {
  const hasMatch = new Uint8Array(nPredictions);
  for (let r = 0; r < pairs.n; r++) {
    const p = pairs.pd[r] as number;
    if (p >= 0 && (pairs.gt[r] as number) >= 0 && pairs.gtLabel[r] === pairs.pdLabel[r]) hasMatch[p] = 1;
  }
  // Per slot the score is fixed, so Valor's first row in (score, IoU, groundtruth) order is the
  // eligible row with the highest IoU, ties to the lower groundtruth index.
  const best = new Int32Array(nSlots).fill(-1);
  const { iou, gt } = pairs;
  for (let r = 0; r < pairs.n; r++) {
    const p = pairs.pd[r] as number;
    if (p < 0) continue;
    const labelMatch = (gt[r] as number) >= 0 && pairs.gtLabel[r] === pairs.pdLabel[r];
    if (hasMatch[p] === 1 && !labelMatch) continue;
    const s = pairs.slot[r] as number;
    const b = best[s] as number;
    if (b < 0 || (iou[r] as number) > (iou[b] as number) || ((iou[r] as number) === (iou[b] as number) && (gt[r] as number) < (gt[b] as number))) best[s] = r;
  }
  let k = 0;
  for (let s = 0; s < nSlots; s++) if ((best[s] as number) >= 0) best[k++] = best[s] as number;
  const { pd, pdLabel } = pairs;
  const order = orderByScoreDesc(best.subarray(0, k), pairs.score, (a, b) => (iou[b] as number) - (iou[a] as number) || (pd[a] as number) - (pd[b] as number) || (pdLabel[a] as number) - (pdLabel[b] as number));
  return permute(pairs, order);
}

/**
 * True-positive flags of ranked rows at one IoU threshold: for each groundtruth, the first
 * label-matching row with IoU ≥ t and score > 1e-9 (Valor's running-max chain); all else is not TP.
 */
export function truePositives(ranked: DetailedPairs, iouThreshold: number, nGroundTruths: number, out: Uint8Array): void {
  const taken = new Uint8Array(nGroundTruths);
  for (let r = 0; r < ranked.n; r++) {
    const g = ranked.gt[r] as number;
    out[r] = 0;
    if (g < 0 || ranked.gtLabel[r] !== ranked.pdLabel[r] || !((ranked.score[r] as number) > MIN_SCORE) || !((ranked.iou[r] as number) >= iouThreshold) || taken[g] === 1) continue;
    taken[g] = 1;
    out[r] = 1;
  }
}
