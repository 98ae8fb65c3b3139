/**
 * User-facing kernels for batch scoring: cosine similarity matrices, tiled cosine top-k over large
 * corpora, and box IoU matrices, on any backend. Backend packages load lazily on first use; `auto`
 * follows the measured priority table (kernels-api/auto-priorities.ts, written by `npm run bench:kernels`).
 */
import { assertValidBoxes, invalidOption, runKernel, type BoxFormat, type FloatArray } from '@tensoreval/core';
import { prepareBackend, type KernelApiOptions } from './kernels-api/backend-loading';
import { checkDim, checkMatrix } from './kernels-api/checks';

/**
 * Cosine similarity of every row of `a` with every row of `b`.
 *
 * @param a - rows(a) × dim embeddings, row-major
 * @param b - rows(b) × dim embeddings, row-major
 * @param dim - embedding dimension
 * @param options - `backend` ('auto' default: the measured table picks cpu up to rows(a) × rows(b) × dim ≈ 12.6M,
 *   onnx above it where installed: 21× and 29× cpu at 512² and 2048² × 384 in
 *   benchmarks/results/intel-r-xeon-r-processor-2c-backends-2026-11-21.json), `validate`
 * @returns Float32Array, rows(a) × rows(b) row-major; an all-zero row has similarity 0 with everything
 * @example
 * const s = await cosineSimilarity(queries, docs, 384, { backend: 'onnx' });
 */
export async function cosineSimilarity(a: FloatArray, b: FloatArray, dim: number, options: KernelApiOptions = {}): Promise<Float32Array> {
  const fn = 'cosineSimilarity';
  checkDim(dim, fn);
  checkMatrix(a, dim, 'a', fn, options.validate !== false);
  checkMatrix(b, dim, 'b', fn, options.validate !== false);
  const backend = options.backend ?? 'auto';
  await prepareBackend(backend, 'PairwiseCosine', fn);
  const size = (a.length / dim) * b.length;
  const { scores } = await runKernel('PairwiseCosine', { a, b }, { dim }, { backend, size });
  return scores instanceof Float32Array ? scores : Float32Array.from(scores);
}

/**
 * Pairwise IoU of two box sets.
 *
 * @param a - n × 4 boxes; @param b - m × 4 boxes, both in `format`
 * @param options - `format` 'xyxy' (default) or 'xywh' (COCO); `backend`; `validate`
 * @returns n × m IoU matrix, row-major: Float64Array from cpu, Float32Array from the float32 backends
 */
export async function boxIou(a: FloatArray, b: FloatArray, options: KernelApiOptions & { format?: BoxFormat } = {}): Promise<FloatArray> {
  const fn = 'boxIou';
  const format = options.format ?? 'xyxy';
  if (format !== 'xyxy' && format !== 'xywh') throw invalidOption(fn, 'format', "'xyxy' or 'xywh'", format);
  if (options.validate !== false) {
    assertValidBoxes(a, format, 'a', fn);
    assertValidBoxes(b, format, 'b', fn);
  }
  const backend = options.backend ?? 'auto';
  await prepareBackend(backend, 'BoxIou', fn);
  const { iou } = await runKernel('BoxIou', { dt: a, gt: b }, { format }, { backend, size: (a.length / 4) * (b.length / 4) });
  return iou;
}

export { cosineTopK, type CosineTopKOptions, type CosineTopKResult } from './kernels-api/cosine-top-k';
export type { KernelApiOptions, KernelBackend } from './kernels-api/backend-loading';
