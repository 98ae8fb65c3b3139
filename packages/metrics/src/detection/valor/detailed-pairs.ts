import type { DetectionTable } from './detection-table';

/** Valor pairs an annotation pair only when their IoU reaches this. */
export const MIN_PAIR_IOU = 1e-9;

/**
 * Valor's "detailed pairs", struct-of-arrays: one row per (groundtruth, prediction label) pair with
 * IoU ≥ 1e-9, one gt-only row per groundtruth that overlaps nothing (pd = -1) and one row per label
 * of a prediction that overlaps nothing (gt = -1). `slot` is the prediction-label index (unique per
 * prediction and label). Rows are in insertion order (datum, groundtruth, prediction, label); the
 * consumers order what they need (Valor's stable lexsort by score desc, IoU desc, groundtruth asc).
 */
export interface DetailedPairs {
  n: number;
  datum: Int32Array;
  gt: Int32Array;
  pd: Int32Array;
  slot: Int32Array;
  gtLabel: Int32Array;
  pdLabel: Int32Array;
  iou: Float64Array;
  score: Float64Array;
}

export function buildDetailedPairs(t: DetectionTable): DetailedPairs {
  const nDatums = t.datumUids.length;
  let bound = 0;
  for (let d = 0; d < nDatums; d++) {
    const nGt = (t.gtOffsets[d + 1] as number) - (t.gtOffsets[d] as number);
    const slots = (t.pdLabelOffsets[t.pdOffsets[d + 1] as number] as number) - (t.pdLabelOffsets[t.pdOffsets[d] as number] as number);
    bound += nGt * slots + nGt + slots;
  }
  const rows = allocate(bound);
  let n = 0;
  const pdHit = new Uint8Array(t.pdUids.length);
  const push = (d: number, g: number, p: number, s: number, iou: number) => {
    rows.datum[n] = d;
    rows.gt[n] = g;
    rows.pd[n] = p;
    rows.slot[n] = s;
    rows.gtLabel[n] = g >= 0 ? (t.gtLabels[g] as number) : -1;
    rows.pdLabel[n] = s >= 0 ? (t.pdLabels[s] as number) : -1;
    rows.iou[n] = iou;
    rows.score[n] = s >= 0 ? (t.pdScores[s] as number) : 0;
    n++;
  };
  for (let d = 0; d < nDatums; d++) {
    const g0 = t.gtOffsets[d] as number;
    const g1 = t.gtOffsets[d + 1] as number;
    const p0 = t.pdOffsets[d] as number;
    const p1 = t.pdOffsets[d + 1] as number;
    const block = t.pairOffsets[d] as number;
    const nGt = g1 - g0;
    for (let g = g0; g < g1; g++) {
      let paired = false;
      for (let p = p0; p < p1; p++) {
        const iou = t.iou[block + (p - p0) * nGt + (g - g0)] as number;
        if (!(iou >= MIN_PAIR_IOU)) continue;
        paired = true;
        pdHit[p] = 1;
        for (let s = t.pdLabelOffsets[p] as number; s < (t.pdLabelOffsets[p + 1] as number); s++) push(d, g, p, s, iou);
      }
      if (!paired) push(d, g, -1, -1, 0);
    }
    for (let p = p0; p < p1; p++) {
      if (pdHit[p] === 1) continue;
      for (let s = t.pdLabelOffsets[p] as number; s < (t.pdLabelOffsets[p + 1] as number); s++) push(d, -1, p, s, 0);
    }
  }
  rows.n = n;
  return rows;
}

function allocate(n: number): DetailedPairs {
  return {
    n,
    datum: new Int32Array(n),
    gt: new Int32Array(n),
    pd: new Int32Array(n),
    slot: new Int32Array(n),
    gtLabel: new Int32Array(n),
    pdLabel: new Int32Array(n),
    iou: new Float64Array(n),
    score: new Float64Array(n),
  };
}

/** Rows reordered (and subset) by `order`. */
export function permute(rows: DetailedPairs, order: ArrayLike<number>): DetailedPairs {
  const out = allocate(order.length);
  for (let i = 0; i < order.length; i++) {
    const r = order[i] as number;
    out.datum[i] = rows.datum[r] as number;
    out.gt[i] = rows.gt[r] as number;
    out.pd[i] = rows.pd[r] as number;
    out.slot[i] = rows.slot[r] as number;
    out.gtLabel[i] = rows.gtLabel[r] as number;
    out.pdLabel[i] = rows.pdLabel[r] as number;
    out.iou[i] = rows.iou[r] as number;
    out.score[i] = rows.score[r] as number;
  }
  return out;
}
