import { runKernel, runKernelSync, type BitmaskIntersectionsInputs, type BitmaskIntersectionsOutputs } from '@tensoreval/core';
import { trimOverlaps } from './overlap-trimming';
import type { SegmentationBatch } from './segmentation-batch';

/**
 * The (L + 1) × (L + 1) pixel confusion matrix of a batch, index 0 = background / uncovered and
 * label l at l + 1: cm[g][p] = |gt ∩ pd| summed over masks, cm[g][0] = groundtruth pixels outside
 * every prediction, cm[0][p] = prediction pixels outside every groundtruth, cm[0][0] = pixels in
 * neither. Each datum is one BitmaskIntersections call (on cpu) over its trimmed masks plus each
 * side's union.
 */
export function pixelConfusion(batch: SegmentationBatch): Float64Array {
  const cm = new Float64Array((batch.labels.length + 1) ** 2);
  for (let d = 0; d < batch.datumUids.length; d++) {
    const { inputs, pixels } = datumMasks(batch, d);
    addDatum(batch, d, cm, runKernelSync('BitmaskIntersections', inputs, { pixels }));
  }
  return cm;
}

/**
 * {@link pixelConfusion} with BitmaskIntersections on `backend` (loaded and initialised by the
 * caller; 'cpu' or absent: the cpu kernel). Every backend's counts are exact integers (onnx sums
 * in int32; tfjs and gpujs sum 0/1 in float32 below 2^24 terms), so the matrix equals cpu's.
 */
export async function pixelConfusionOn(batch: SegmentationBatch, backend = 'cpu'): Promise<Float64Array> {
  if (backend === 'cpu') return pixelConfusion(batch);
  const cm = new Float64Array((batch.labels.length + 1) ** 2);
  for (let d = 0; d < batch.datumUids.length; d++) {
    const { inputs, pixels } = datumMasks(batch, d);
    addDatum(batch, d, cm, await runKernel('BitmaskIntersections', inputs, { pixels }, { backend }));
  }
  return cm;
}

/** Datum d's trimmed groundtruth masks plus their union (a) and prediction masks plus theirs (b). */
function datumMasks(batch: SegmentationBatch, d: number): { inputs: BitmaskIntersectionsInputs; pixels: number } {
  const { groundTruths: gts, predictions: pds } = batch;
  const uid = batch.datumUids[d]!;
  const pixels = batch.heights[d]! * batch.widths[d]!;
  const gt = trimOverlaps(gts.masks.slice(gts.offsets[d]!, gts.offsets[d + 1]!), pixels, 'ground truth', uid);
  const pd = trimOverlaps(pds.masks.slice(pds.offsets[d]!, pds.offsets[d + 1]!), pixels, 'prediction', uid);
  return { inputs: { a: stack([...gt.masks, gt.union], pixels), b: stack([...pd.masks, pd.union], pixels) }, pixels };
}

/** Adds datum d's counts (from {@link datumMasks}' inputs) to cm. */
function addDatum(batch: SegmentationBatch, d: number, cm: Float64Array, { intersections: x, areaA, areaB }: BitmaskIntersectionsOutputs): void {
  const k = batch.labels.length + 1;
  const { groundTruths: gts, predictions: pds } = batch;
  const pixels = batch.heights[d]! * batch.widths[d]!;
  const g0 = gts.offsets[d]!;
  const p0 = pds.offsets[d]!;
  const nG = gts.offsets[d + 1]! - g0;
  const nP = pds.offsets[d + 1]! - p0;
  const m = nP + 1;
  for (let g = 0; g < nG; g++) {
    const row = (gts.labels[g0 + g]! + 1) * k;
    for (let p = 0; p < nP; p++) add(cm, row + pds.labels[p0 + p]! + 1, x[g * m + p]!);
    add(cm, row, areaA[g]! - x[g * m + nP]!);
  }
  for (let p = 0; p < nP; p++) add(cm, pds.labels[p0 + p]! + 1, areaB[p]! - x[nG * m + p]!);
  add(cm, 0, pixels - (areaA[nG]! + areaB[nP]! - x[nG * m + nP]!));
}

function add(cm: Float64Array, at: number, value: number): void {
  cm[at] = cm[at]! + value;
}

function stack(masks: readonly Uint8Array[], pixels: number): Uint8Array {
  const out = new Uint8Array(masks.length * pixels);
  masks.forEach((m, i) => out.set(m, i * pixels));
  return out;
}
