import { runKernelSync } from '@tensoreval/core';
import { trimOverlaps } from './overlap-trimming';
import type { SegmentationBatch } from './segmentation-batch';

/**
 * The (L + 1) × (L + 1) pixel confusion matrix of a batch, index 0 = background / uncovered and
 * label l at l + 1: cm[g][p] = |gt ∩ pd| summed over masks, cm[g][0] = groundtruth pixels outside
 * every prediction, cm[0][p] = prediction pixels outside every groundtruth, cm[0][0] = pixels in
 * neither. Each datum is one BitmaskIntersections call over its trimmed masks plus each side's union.
 */
export function pixelConfusion(batch: SegmentationBatch): Float64Array {
  const k = batch.labels.length + 1;
  const cm = new Float64Array(k * k);
  const { groundTruths: gts, predictions: pds } = batch;
  for (let d = 0; d < batch.datumUids.length; d++) {
    const uid = batch.datumUids[d]!;
    const pixels = batch.heights[d]! * batch.widths[d]!;
    const g0 = gts.offsets[d]!;
    const p0 = pds.offsets[d]!;
    const gt = trimOverlaps(gts.masks.slice(g0, gts.offsets[d + 1]!), pixels, 'ground truth', uid);
    const pd = trimOverlaps(pds.masks.slice(p0, pds.offsets[d + 1]!), pixels, 'prediction', uid);
    const nG = gt.masks.length;
    const nP = pd.masks.length;
    const { intersections: x, areaA, areaB } = runKernelSync('BitmaskIntersections', { a: stack([...gt.masks, gt.union], pixels), b: stack([...pd.masks, pd.union], pixels) }, { pixels });
    const m = nP + 1;
    for (let g = 0; g < nG; g++) {
      const row = (gts.labels[g0 + g]! + 1) * k;
      for (let p = 0; p < nP; p++) add(cm, row + pds.labels[p0 + p]! + 1, x[g * m + p]!);
      add(cm, row, areaA[g]! - x[g * m + nP]!);
    }
    for (let p = 0; p < nP; p++) add(cm, pds.labels[p0 + p]! + 1, areaB[p]! - x[nG * m + p]!);
    add(cm, 0, pixels - (areaA[nG]! + areaB[nP]! - x[nG * m + nP]!));
  }
  return cm;
}

function add(cm: Float64Array, at: number, value: number): void {
  cm[at] = cm[at]! + value;
}

function stack(masks: readonly Uint8Array[], pixels: number): Uint8Array {
  const out = new Uint8Array(masks.length * pixels);
  masks.forEach((m, i) => out.set(m, i * pixels));
  return out;
}
