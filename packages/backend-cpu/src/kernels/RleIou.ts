import { validateRleIouInputs, type KernelConfig, type RleBatch, type RleIouAttrs, type RleIouInputs, type RleIouOutputs } from '@tensoreval/core';
import { pairBlockOffsets } from '../rle/pair-offsets';
import { rleAreaOf, rleBboxInto } from '../rle/rle-bbox';

/** Areas (rleArea) of the rows that take part in at least one pair; other rows stay 0. */
function areasOfPairedRows(rles: RleBatch, rowOffsets: Int32Array, dtOff: Int32Array, gtOff: Int32Array): Float64Array {
  const area = new Float64Array(rles.heights.length);
  for (let b = 0; b + 1 < dtOff.length; b++) {
    if (dtOff[b + 1] === dtOff[b] || gtOff[b + 1] === gtOff[b]) continue;
    for (let i = rowOffsets[b]; i < rowOffsets[b + 1]; i++) area[i] = rleAreaOf(rles.counts, rles.offsets[i], rles.offsets[i + 1]);
  }
  return area;
}

/**
 * A column range [first[i], last[i]] holding every foreground pixel of each mask, in O(1) per mask:
 * from the first count (pixels before the first run of ones) and the last run of ones' end. An
 * empty mask gets first > last.
 */
function columnRanges(rles: RleBatch): { first: Float64Array; last: Float64Array } {
  const { counts, offsets, heights, widths } = rles;
  const n = heights.length;
  const first = new Float64Array(n), last = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = offsets[i], e = offsets[i + 1], h = heights[i];
    if (e - s < 2 || h === 0) {
      first[i] = 1;
      last[i] = -1;
      continue;
    }
    // counts sum to h*w; a trailing run of zeros is not part of the mask
    const end = h * widths[i] - ((e - s) & 1 ? counts[e - 1] : 0);
    first[i] = Math.floor(counts[s] / h);
    last[i] = Math.floor((end - 1) / h);
  }
  return { first, last };
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

/** pycocotools' box pre-check for two masks of different sizes: do their rleToBbox boxes overlap? */
function boxesOverlap(dt: RleBatch, d: number, gt: RleBatch, g: number, scratch: Float64Array): boolean {
  rleBboxInto(dt.counts, dt.offsets[d], dt.offsets[d + 1], dt.heights[d], dt.widths[d], scratch, 0);
  rleBboxInto(gt.counts, gt.offsets[g], gt.offsets[g + 1], gt.heights[g], gt.widths[g], scratch, 4);
  const w = Math.min(scratch[0] + scratch[2], scratch[4] + scratch[6]) - Math.max(scratch[0], scratch[4]);
  const h = Math.min(scratch[1] + scratch[3], scratch[5] + scratch[7]) - Math.max(scratch[1], scratch[5]);
  return w > 0 && h > 0;
}

/**
 * Pairwise mask IoU for every ragged problem, with pycocotools rleIou's results: -1 for masks of
 * different sizes whose boxes overlap, otherwise 0 when the masks do not intersect and i / u as
 * float64 (u = detection area for a crowd GT). rleIou's box pre-check only ever skips pairs with
 * i = 0 (a mask's rleToBbox box contains all its pixels), so for equal sizes it is replaced by an O(1)
 * column-range test and the boxes are computed only for size mismatches.
 * No allocation per pair. Assumes validated inputs (see `validateRleIouInputs`). `intersections`, when
 * given, holds each same-size pair's intersection count at its output index (counted by an accelerated
 * backend); the rest of the arithmetic stays here, so such a backend gives these results bit for bit.
 */
export function rleIouImpl(inputs: RleIouInputs, _attrs?: RleIouAttrs, intersections?: ArrayLike<number>): RleIouOutputs {
  const { dt, gt, gtCrowd } = inputs;
  const nDt = dt.heights.length;
  const nGt = gt.heights.length;
  const dtOff = inputs.dtOffsets ?? Int32Array.of(0, nDt);
  const gtOff = inputs.gtOffsets ?? Int32Array.of(0, nGt);
  const pairOffsets = pairBlockOffsets(dtOff, gtOff);
  const iou = new Float64Array(pairOffsets[pairOffsets.length - 1]);
  const da = inputs.dtArea ?? areasOfPairedRows(dt, dtOff, dtOff, gtOff);
  const ga = inputs.gtArea ?? areasOfPairedRows(gt, gtOff, dtOff, gtOff);
  const dCols = columnRanges(dt), gCols = columnRanges(gt);
  const scratch = new Float64Array(8);
  const dc = dt.counts, gc = gt.counts, dOff = dt.offsets, gOff = gt.offsets;
  for (let b = 0; b + 1 < dtOff.length; b++) {
    const g0 = gtOff[b], g1 = gtOff[b + 1];
    let o = pairOffsets[b] | 0; // a block index fits int32 (the output array is smaller than 2^31)
    for (let d = dtOff[b], dEnd = dtOff[b + 1]; d < dEnd; d++) {
      const dh = dt.heights[d], dw = dt.widths[d], c0 = dCols.first[d], c1 = dCols.last[d];
      for (let g = g0; g < g1; g++, o++) {
        if (gt.heights[g] !== dh || gt.widths[g] !== dw) {
          if (boxesOverlap(dt, d, gt, g, scratch)) iou[o] = -1;
          continue;
        }
        if (c1 < gCols.first[g] || gCols.last[g] < c0) continue;
        const inter = intersections !== undefined ? intersections[o] : intersection(dc, dOff[d], dOff[d + 1], gc, gOff[g], gOff[g + 1]);
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
