import { runKernelSync } from '@tensoreval/core';
import type { DetectionBatch } from './detection-batch';
import { polygonArea, polygonIou } from './polygon-iou';

/**
 * IoU of every (prediction, groundtruth) pair within each datum. Block d starts at
 * `pairOffsets[d]` and is row-major (nPd_d × nGt_d), the BoxIou kernel's layout.
 */
export interface IouBlocks {
  iou: Float64Array;
  pairOffsets: Float64Array;
}

/** Boxes and bitmasks go through the IoU kernels; polygons through exact polygon clipping. */
export function computeIouBlocks(batch: DetectionBatch): IouBlocks {
  const { geometry, groundTruths: gts, predictions: pds } = batch;
  if (geometry.kind === 'bounding_box') {
    const { iou, pairOffsets } = runKernelSync('BoxIou', { dt: geometry.predictions, gt: geometry.groundTruths, dtOffsets: pds.offsets, gtOffsets: gts.offsets }, { format: 'xyxy' });
    return { iou: iou instanceof Float64Array ? iou : Float64Array.from(iou), pairOffsets };
  }
  const nDatums = batch.datumUids.length;
  const pairOffsets = new Float64Array(nDatums + 1);
  for (let d = 0; d < nDatums; d++) {
    const nGt = (gts.offsets[d + 1] as number) - (gts.offsets[d] as number);
    const nPd = (pds.offsets[d + 1] as number) - (pds.offsets[d] as number);
    pairOffsets[d + 1] = (pairOffsets[d] as number) + nGt * nPd;
  }
  const iou = new Float64Array(pairOffsets[nDatums] as number);
  for (let d = 0; d < nDatums; d++) {
    const g0 = gts.offsets[d] as number;
    const g1 = gts.offsets[d + 1] as number;
    const p0 = pds.offsets[d] as number;
    const p1 = pds.offsets[d + 1] as number;
    if (g1 === g0 || p1 === p0) continue;
    const out = pairOffsets[d] as number;
    if (geometry.kind === 'polygon') {
      const gtArea = geometry.groundTruths.slice(g0, g1).map(polygonArea);
      for (let p = p0; p < p1; p++) {
        const pd = geometry.predictions[p]!;
        const pdArea = polygonArea(pd);
        for (let g = g0; g < g1; g++) iou[out + (p - p0) * (g1 - g0) + (g - g0)] = polygonIou(geometry.groundTruths[g]!, pd, gtArea[g - g0]!, pdArea);
      }
    } else {
      const pixels = (geometry.heights[d] as number) * (geometry.widths[d] as number);
      const a = stack(geometry.predictions, p0, p1, pixels);
      const b = stack(geometry.groundTruths, g0, g1, pixels);
      const { intersections, areaA, areaB } = runKernelSync('BitmaskIntersections', { a, b }, { pixels });
      const nGt = g1 - g0;
      for (let p = 0; p < p1 - p0; p++) {
        for (let g = 0; g < nGt; g++) {
          const inter = intersections[p * nGt + g] as number;
          const union = (areaA[p] as number) + (areaB[g] as number) - inter;
          iou[out + p * nGt + g] = union >= 1e-9 ? inter / union : 0;
        }
      }
    }
  }
  return { iou, pairOffsets };
}

function stack(masks: readonly Uint8Array[], lo: number, hi: number, pixels: number): Uint8Array {
  const out = new Uint8Array((hi - lo) * pixels);
  for (let i = lo; i < hi; i++) out.set(masks[i]!, (i - lo) * pixels);
  return out;
}
