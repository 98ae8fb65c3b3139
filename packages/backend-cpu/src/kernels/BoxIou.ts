import { validateBoxIouInputs, type BoxFormat, type BoxIouAttrs, type BoxIouInputs, type BoxIouOutputs, type FloatArray, type KernelConfig } from '@tensoreval/core';
import { pairBlockOffsets } from '../rle/pair-offsets';

/** Corners and area of every box, struct-of-arrays, computed with the same float64 operations as maskApi.c bbIou. */
interface BoxColumns {
  x1: Float64Array;
  y1: Float64Array;
  x2: Float64Array;
  y2: Float64Array;
  area: Float64Array;
}

function toColumns(boxes: FloatArray, format: BoxFormat): BoxColumns {
  const n = boxes.length >> 2;
  const c = { x1: new Float64Array(n), y1: new Float64Array(n), x2: new Float64Array(n), y2: new Float64Array(n), area: new Float64Array(n) };
  const xywh = format === 'xywh';
  for (let i = 0, k = 0; i < n; i++, k += 4) {
    const x = boxes[k], y = boxes[k + 1], p = boxes[k + 2], q = boxes[k + 3];
    c.x1[i] = x;
    c.y1[i] = y;
    // bbIou forms x+w and w*h itself; precomputing them once per box gives the same doubles.
    c.x2[i] = xywh ? p + x : p;
    c.y2[i] = xywh ? q + y : q;
    c.area[i] = xywh ? p * q : (p - x) * (q - y);
  }
  return c;
}

/**
 * Pairwise IoU of detection and GT boxes for every ragged problem (pycocotools bbIou, float64).
 * Output block b is row-major (nDt_b × nGt_b); a crowd GT divides by the detection's area.
 * Assumes validated inputs (see `validateBoxIouInputs`).
 */
export function boxIouImpl(inputs: BoxIouInputs, attrs: BoxIouAttrs): BoxIouOutputs {
  const nDt = inputs.dt.length >> 2;
  const nGt = inputs.gt.length >> 2;
  const dtOff = inputs.dtOffsets ?? Int32Array.of(0, nDt);
  const gtOff = inputs.gtOffsets ?? Int32Array.of(0, nGt);
  const crowd = inputs.gtCrowd;
  const pairOffsets = pairBlockOffsets(dtOff, gtOff);
  const iou = new Float64Array(pairOffsets[pairOffsets.length - 1]);
  const d = toColumns(inputs.dt, attrs.format);
  const g = toColumns(inputs.gt, attrs.format);
  const { x1: dx1, y1: dy1, x2: dx2, y2: dy2, area: da } = d;
  const { x1: gx1, y1: gy1, x2: gx2, y2: gy2, area: ga } = g;
  for (let b = 0; b + 1 < dtOff.length; b++) {
    const g0 = gtOff[b], g1 = gtOff[b + 1];
    let o = pairOffsets[b] | 0; // a block index fits int32 (the output array is smaller than 2^31)
    for (let i = dtOff[b], iEnd = dtOff[b + 1]; i < iEnd; i++) {
      const ax1 = dx1[i], ay1 = dy1[i], ax2 = dx2[i], ay2 = dy2[i], aArea = da[i];
      for (let j = g0; j < g1; j++, o++) {
        const w = (ax2 < gx2[j] ? ax2 : gx2[j]) - (ax1 > gx1[j] ? ax1 : gx1[j]);
        if (w <= 0) continue;
        const h = (ay2 < gy2[j] ? ay2 : gy2[j]) - (ay1 > gy1[j] ? ay1 : gy1[j]);
        if (h <= 0) continue;
        const inter = w * h;
        iou[o] = inter / (crowd !== undefined && crowd[j] !== 0 ? aArea : aArea + ga[j] - inter);
      }
    }
  }
  return { iou, pairOffsets };
}

export const boxIouConfig: KernelConfig<'BoxIou'> = {
  kernelName: 'BoxIou',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateBoxIouInputs(inputs);
    return boxIouImpl(inputs, attrs);
  },
};
