import { validateRleIouInputs, type KernelConfig, type RleBatch, type RleIouAttrs, type RleIouInputs, type RleIouOutputs } from '@tensoreval/core';
import { pairBlockOffsets } from '../rle/pair-offsets';
import { rleAreaOf, rleBboxInto } from '../rle/rle-bbox';

/**
 * Boxes (rleToBbox) of the rows that take part in at least one pair: a detection in a problem with
 * no GT (or the reverse) is never compared, so its counts are not walked. Other rows stay 0.
 */
function boxesOfPairedRows(rles: RleBatch, rowOffsets: Int32Array, dtOff: Int32Array, gtOff: Int32Array): Float64Array {
  const boxes = new Float64Array(4 * rles.heights.length);
  const { counts, offsets, heights, widths } = rles;
  for (let b = 0; b + 1 < dtOff.length; b++) {
    if (dtOff[b + 1] === dtOff[b] || gtOff[b + 1] === gtOff[b]) continue;
    for (let i = rowOffsets[b]; i < rowOffsets[b + 1]; i++) rleBboxInto(counts, offsets[i], offsets[i + 1], heights[i], widths[i], boxes, 4 * i);
  }
  return boxes;
}

/** Areas (rleArea) of the rows that take part in at least one pair. */
function areasOfPairedRows(rles: RleBatch, rowOffsets: Int32Array, dtOff: Int32Array, gtOff: Int32Array): Float64Array {
  const area = new Float64Array(rles.heights.length);
  for (let b = 0; b + 1 < dtOff.length; b++) {
    if (dtOff[b + 1] === dtOff[b] || gtOff[b + 1] === gtOff[b]) continue;
    for (let i = rowOffsets[b]; i < rowOffsets[b + 1]; i++) area[i] = rleAreaOf(rles.counts, rles.offsets[i], rles.offsets[i + 1]);
  }
  return area;
}

/**
 * Pixels in both masks, walking only the runs of ones of each RLE (two pointers over intervals
 * [start, end) in column-major pixel order). Same count as maskApi's full run merge, in about half the steps.
 */
function intersection(ac: Uint32Array, a0: number, a1: number, bc: Uint32Array, b0: number, b1: number): number {
  if (a1 - a0 < 2 || b1 - b0 < 2) return 0;
  // ia / ib index the count of the current run of ones
  let ia = a0 + 1, sa = ac[a0], ea = sa + ac[ia];
  let ib = b0 + 1, sb = bc[b0], eb = sb + bc[ib];
  let inter = 0;
  for (;;) {
    if (ea <= sb) {
      if (ia + 2 >= a1) return inter;
      sa = ea + ac[ia + 1];
      ia += 2;
      ea = sa + ac[ia];
    } else if (eb <= sa) {
      if (ib + 2 >= b1) return inter;
      sb = eb + bc[ib + 1];
      ib += 2;
      eb = sb + bc[ib];
    } else {
      inter += (ea < eb ? ea : eb) - (sa > sb ? sa : sb);
      if (ea < eb) {
        if (ia + 2 >= a1) return inter;
        sa = ea + ac[ia + 1];
        ia += 2;
        ea = sa + ac[ia];
      } else {
        if (ib + 2 >= b1) return inter;
        sb = eb + bc[ib + 1];
        ib += 2;
        eb = sb + bc[ib];
      }
    }
  }
}

/**
 * Pairwise mask IoU for every ragged problem, pycocotools rleIou: tight boxes are compared first and
 * non-overlapping boxes give 0 without touching the runs; overlapping boxes of masks with different
 * sizes give -1; otherwise i / u as float64 with u = detection area for a crowd GT, and 0 when i = 0.
 * No allocation per pair. Assumes validated inputs (see `validateRleIouInputs`).
 */
export function rleIouImpl(inputs: RleIouInputs, _attrs?: RleIouAttrs): RleIouOutputs {
  const { dt, gt, gtCrowd } = inputs;
  const nDt = dt.heights.length;
  const nGt = gt.heights.length;
  const dtOff = inputs.dtOffsets ?? Int32Array.of(0, nDt);
  const gtOff = inputs.gtOffsets ?? Int32Array.of(0, nGt);
  const pairOffsets = pairBlockOffsets(dtOff, gtOff);
  const iou = new Float64Array(pairOffsets[pairOffsets.length - 1]);
  const db = inputs.dtBoxes ?? boxesOfPairedRows(dt, dtOff, dtOff, gtOff);
  const gb = inputs.gtBoxes ?? boxesOfPairedRows(gt, gtOff, dtOff, gtOff);
  const da = inputs.dtArea ?? areasOfPairedRows(dt, dtOff, dtOff, gtOff);
  const ga = inputs.gtArea ?? areasOfPairedRows(gt, gtOff, dtOff, gtOff);
  const dc = dt.counts, gc = gt.counts, dOff = dt.offsets, gOff = gt.offsets;
  for (let b = 0; b + 1 < dtOff.length; b++) {
    const g0 = gtOff[b], g1 = gtOff[b + 1];
    let o = pairOffsets[b] | 0; // a block index fits int32 (the output array is smaller than 2^31)
    for (let d = dtOff[b], dEnd = dtOff[b + 1]; d < dEnd; d++) {
      const dx = db[4 * d], dy = db[4 * d + 1], dx2 = dx + db[4 * d + 2], dy2 = dy + db[4 * d + 3];
      const dh = dt.heights[d], dw = dt.widths[d];
      for (let g = g0; g < g1; g++, o++) {
        // bbIou > 0 exactly when the boxes overlap with positive width and height
        const gx = gb[4 * g], gy = gb[4 * g + 1];
        const w = (dx2 < gx + gb[4 * g + 2] ? dx2 : gx + gb[4 * g + 2]) - (dx > gx ? dx : gx);
        if (w <= 0) continue;
        const h = (dy2 < gy + gb[4 * g + 3] ? dy2 : gy + gb[4 * g + 3]) - (dy > gy ? dy : gy);
        if (h <= 0) continue;
        if (gt.heights[g] !== dh || gt.widths[g] !== dw) {
          iou[o] = -1;
          continue;
        }
        const inter = intersection(dc, dOff[d], dOff[d + 1], gc, gOff[g], gOff[g + 1]);
        if (inter === 0) continue;
        const union = gtCrowd !== undefined && gtCrowd[g] !== 0 ? da[d] : da[d] + ga[g] - inter;
        iou[o] = inter / union;
      }
    }
  }
  return { iou, pairOffsets };
}

export const rleIouConfig: KernelConfig<'RleIou'> = {
  kernelName: 'RleIou',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateRleIouInputs(inputs);
    return rleIouImpl(inputs, attrs);
  },
};
