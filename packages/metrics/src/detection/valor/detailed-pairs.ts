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
  const { gtOffsets, pdOffsets, pdLabelOffsets, pairOffsets, iou: iouBlocks } = t;
  // First pass: exact row count, and which groundtruths / predictions overlap anything.
  const gtHit = new Uint8Array(t.gtUids.length);
  const pdHit = new Uint8Array(t.pdUids.length);
  let n = 0;
  for (let d = 0; d < nDatums; d++) {
    const g0 = gtOffsets[d]!;
    const nGt = gtOffsets[d + 1]! - g0;
    const p0 = pdOffsets[d]!;
    const block = pairOffsets[d]!;
    for (let p = p0; p < pdOffsets[d + 1]!; p++) {
      const labels = pdLabelOffsets[p + 1]! - pdLabelOffsets[p]!;
      const row = block + (p - p0) * nGt;
      for (let g = 0; g < nGt; g++) {
        if (!(iouBlocks[row + g]! >= MIN_PAIR_IOU)) continue;
        gtHit[g0 + g] = 1;
        pdHit[p] = 1;
        n += labels;
      }
      if (pdHit[p] === 0) n += labels;
    }
    for (let g = g0; g < gtOffsets[d + 1]!; g++) if (gtHit[g] === 0) n++;
  }
  const rows = allocate(n);
  const { datum, gt, pd, slot, gtLabel, pdLabel, iou, score } = rows;
  let r = 0;
  for (let d = 0; d < nDatums; d++) {
    const g0 = gtOffsets[d]!;
    const g1 = gtOffsets[d + 1]!;
    const p0 = pdOffsets[d]!;
    const p1 = pdOffsets[d + 1]!;
    const block = pairOffsets[d]!;
    const nGt = g1 - g0;
    for (let g = g0; g < g1; g++) {
      if (gtHit[g] === 0) {
        datum[r] = d; gt[r] = g; pd[r] = -1; slot[r] = -1; gtLabel[r] = t.gtLabels[g]!; pdLabel[r] = -1; iou[r] = 0; score[r] = 0;
        r++;
        continue;
      }
      for (let p = p0; p < p1; p++) {
        const v = iouBlocks[block + (p - p0) * nGt + (g - g0)]!;
        if (!(v >= MIN_PAIR_IOU)) continue;
        for (let s = pdLabelOffsets[p]!; s < pdLabelOffsets[p + 1]!; s++) {
          datum[r] = d; gt[r] = g; pd[r] = p; slot[r] = s; gtLabel[r] = t.gtLabels[g]!; pdLabel[r] = t.pdLabels[s]!; iou[r] = v; score[r] = t.pdScores[s]!;
          r++;
        }
      }
    }
    for (let p = p0; p < p1; p++) {
      if (pdHit[p] === 1) continue;
      for (let s = pdLabelOffsets[p]!; s < pdLabelOffsets[p + 1]!; s++) {
        datum[r] = d; gt[r] = -1; pd[r] = p; slot[r] = s; gtLabel[r] = -1; pdLabel[r] = t.pdLabels[s]!; iou[r] = 0; score[r] = t.pdScores[s]!;
        r++;
      }
    }
  }
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
