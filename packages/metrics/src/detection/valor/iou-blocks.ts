import { runKernel, runKernelSync, type BitmaskIntersectionsOutputs, type BoxIouAttrs, type BoxIouInputs } from '@tensoreval/core';
import { guardBoxIou } from '../guarded-iou';
import type { DetectionBatch } from './detection-batch';
import { MIN_PAIR_IOU } from './detailed-pairs';
import { polygonArea, polygonIou } from './polygon-iou';
import { DEFAULT_IOU_THRESHOLDS } from './valor-detection-result';

/**
 * IoU of every (prediction, groundtruth) pair within each datum. Block d starts at
 * `pairOffsets[d]` and is row-major (nPd_d × nGt_d), the BoxIou kernel's layout.
 */
export interface IouBlocks {
  iou: Float64Array;
  pairOffsets: Float64Array;
}

/** Boxes and bitmasks go through the IoU kernels (on cpu, float64); polygons through exact polygon clipping. */
export function computeIouBlocks(batch: DetectionBatch): IouBlocks {
  const { geometry, groundTruths: gts, predictions: pds } = batch;
  if (geometry.kind === 'bounding_box') {
    const { iou, pairOffsets } = runKernelSync('BoxIou', boxInputs(batch), BOX_ATTRS);
    return { iou: iou instanceof Float64Array ? iou : Float64Array.from(iou), pairOffsets };
  }
  const blocks = emptyBlocks(batch);
  const { iou, pairOffsets } = blocks;
  for (let d = 0; d < batch.datumUids.length; d++) {
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
      const counts = runKernelSync('BitmaskIntersections', maskInputs(batch, d), { pixels });
      maskIou(counts, g1 - g0, p1 - p0, iou, out);
    }
  }
  return blocks;
}

/** Where the IoU kernels of {@link computeIouBlocksOn} run, and what the result will be asked. */
export interface IouBlockOptions {
  /**
   * A backend name, already loaded and initialised by the caller (the facade resolves `auto` and
   * explicit names); 'cpu' or absent is {@link computeIouBlocks}.
   */
  backend?: string;
  /**
   * Every IoU threshold the result's methods will be called with (default Valor's [0.1, 0.5, 0.75]).
   * A float32 backend's box IoUs are made exact for these decisions, so a method called later with
   * another threshold could differ from cpu in the last bit of a decision at that threshold.
   */
  iouThresholds?: readonly number[];
}

/**
 * {@link computeIouBlocks} with the IoU kernels on `options.backend`, the result identical to cpu's:
 * - boxes: BoxIou on the backend; a float32 result goes through {@link guardBoxIou}, which recomputes
 *   in float64 every pair whose comparison Valor makes could come out differently: against the IoU
 *   thresholds and the pairing cut 1e-9, and against other candidates of the same prediction or of
 *   any prediction sharing a score (Valor orders equal-score pairs by IoU, across datums too). The
 *   decisions are then those of float64, and the IoU values themselves never reach the output.
 * - bitmasks: BitmaskIntersections on the backend: exact integer counts on every backend (onnx
 *   MatMulInteger with int32 sums; tfjs and gpujs float32 sums of 0/1 kept below 2^24 terms), so the
 *   IoU is formed from the same integers as on cpu.
 * - polygons: exact polygon clipping on the host, whatever the backend.
 * Equal-score comparisons are resolved within one call; the stateful evaluator calls it per update,
 * so give it all the data in one update (as `evaluate` does) for bit-identical output on float32.
 */
export async function computeIouBlocksOn(batch: DetectionBatch, options: IouBlockOptions = {}): Promise<IouBlocks> {
  const backend = options.backend ?? 'cpu';
  const { geometry, groundTruths: gts, predictions: pds } = batch;
  if (backend === 'cpu' || geometry.kind === 'polygon') return computeIouBlocks(batch);
  if (geometry.kind === 'bounding_box') {
    const inputs = boxInputs(batch);
    const out = await runKernel('BoxIou', inputs, BOX_ATTRS, { backend });
    const thresholds = [...(options.iouThresholds ?? DEFAULT_IOU_THRESHOLDS), MIN_PAIR_IOU];
    const iou = guardBoxIou(out, inputs, BOX_ATTRS, thresholds, { rowGroups: equalScoreGroups(batch) });
    return { iou, pairOffsets: out.pairOffsets };
  }
  const blocks = emptyBlocks(batch);
  for (let d = 0; d < batch.datumUids.length; d++) {
    const nGt = (gts.offsets[d + 1] as number) - (gts.offsets[d] as number);
    const nPd = (pds.offsets[d + 1] as number) - (pds.offsets[d] as number);
    if (nGt === 0 || nPd === 0) continue;
    const pixels = (geometry.heights[d] as number) * (geometry.widths[d] as number);
    const counts = await runKernel('BitmaskIntersections', maskInputs(batch, d), { pixels }, { backend });
    maskIou(counts, nGt, nPd, blocks.iou, blocks.pairOffsets[d] as number);
  }
  return blocks;
}

const BOX_ATTRS: BoxIouAttrs = { format: 'xyxy' };

function boxInputs(batch: DetectionBatch): BoxIouInputs {
  const geometry = batch.geometry as Extract<DetectionBatch['geometry'], { kind: 'bounding_box' }>;
  return { dt: geometry.predictions, gt: geometry.groundTruths, dtOffsets: batch.predictions.offsets, gtOffsets: batch.groundTruths.offsets };
}

/** Zeroed blocks with each datum's nPd × nGt pair offsets. */
function emptyBlocks(batch: DetectionBatch): IouBlocks {
  const { groundTruths: gts, predictions: pds } = batch;
  const nDatums = batch.datumUids.length;
  const pairOffsets = new Float64Array(nDatums + 1);
  for (let d = 0; d < nDatums; d++) {
    const nGt = (gts.offsets[d + 1] as number) - (gts.offsets[d] as number);
    const nPd = (pds.offsets[d + 1] as number) - (pds.offsets[d] as number);
    pairOffsets[d + 1] = (pairOffsets[d] as number) + nGt * nPd;
  }
  return { iou: new Float64Array(pairOffsets[nDatums] as number), pairOffsets };
}

/** Datum d's prediction masks (a) and groundtruth masks (b), stacked. */
function maskInputs(batch: DetectionBatch, d: number): { a: Uint8Array; b: Uint8Array } {
  const geometry = batch.geometry as Extract<DetectionBatch['geometry'], { kind: 'bitmask' }>;
  const pixels = (geometry.heights[d] as number) * (geometry.widths[d] as number);
  const { groundTruths: gts, predictions: pds } = batch;
  return {
    a: stack(geometry.predictions, pds.offsets[d] as number, pds.offsets[d + 1] as number, pixels),
    b: stack(geometry.groundTruths, gts.offsets[d] as number, gts.offsets[d + 1] as number, pixels),
  };
}

/** IoU of each (prediction, groundtruth) mask pair from integer counts; 0 when the union is below 1e-9, as Valor. */
function maskIou({ intersections, areaA, areaB }: BitmaskIntersectionsOutputs, nGt: number, nPd: number, iou: Float64Array, out: number): void {
  for (let p = 0; p < nPd; p++) {
    for (let g = 0; g < nGt; g++) {
      const inter = intersections[p * nGt + g] as number;
      const union = (areaA[p] as number) + (areaB[g] as number) - inter;
      iou[out + p * nGt + g] = union >= 1e-9 ? inter / union : 0;
    }
  }
}

/**
 * A group id per prediction for {@link guardBoxIou}'s `rowGroups`: predictions linked by a shared
 * score (any of their labels' scores) form one group; a prediction sharing no score gets -1.
 */
function equalScoreGroups(batch: DetectionBatch): Int32Array {
  const { labelOffsets, scores } = batch.predictions;
  const n = batch.predictions.uids.length;
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number;
      i = parent[i] as number;
    }
    return i;
  };
  const firstWithScore = new Map<number, number>();
  for (let p = 0; p < n; p++) {
    for (let s = labelOffsets[p] as number; s < (labelOffsets[p + 1] as number); s++) {
      const score = scores[s] as number;
      const q = firstWithScore.get(score);
      if (q === undefined) firstWithScore.set(score, p);
      else parent[root(p)] = root(q);
    }
  }
  const size = new Int32Array(n);
  for (let p = 0; p < n; p++) size[root(p)] = (size[root(p)] as number) + 1;
  const groups = new Int32Array(n).fill(-1);
  const idOf = new Int32Array(n).fill(-1);
  let next = 0;
  for (let p = 0; p < n; p++) {
    const r = root(p);
    if ((size[r] as number) < 2) continue;
    if (idOf[r] === -1) idOf[r] = next++;
    groups[p] = idOf[r] as number;
  }
  return groups;
}

function stack(masks: readonly Uint8Array[], lo: number, hi: number, pixels: number): Uint8Array {
  const out = new Uint8Array((hi - lo) * pixels);
  for (let i = lo; i < hi; i++) out.set(masks[i]!, (i - lo) * pixels);
  return out;
}
