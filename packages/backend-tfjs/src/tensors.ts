import type { FloatArray } from '@tensoreval/core';
import type * as TfCore from '@tensorflow/tfjs-core';
import { tfjs, tfjsTraffic } from './base';

/** A kernel input: a host array, or a tensor the caller already holds on the active tfjs backend. */
export type ArrayOrTensor = FloatArray | TfCore.Tensor;

export function isTensor(x: unknown): x is TfCore.Tensor {
  return x instanceof tfjs().Tensor;
}

/**
 * A rows × cols float32 tensor over `x`. A tensor input is only reshaped (no copy back to the
 * host); the caller's tensor is never disposed here, since tf.tidy only frees what it created.
 */
export function matrix(x: ArrayOrTensor, rows: number, cols: number): TfCore.Tensor2D {
  const tf = tfjs();
  if (isTensor(x)) return tf.reshape(x.dtype === 'float32' ? x : tf.cast(x, 'float32'), [rows, cols]);
  return uploaded(tf.tensor2d(x instanceof Float32Array ? x : Float32Array.from(x), [rows, cols], 'float32'));
}

/** A tensor just made from a host array (counted as an upload). */
export function uploaded<T extends TfCore.Tensor>(t: T): T {
  tfjsTraffic.uploads++;
  return t;
}

/** Reads a result back to the host (counted as a download). */
export function readBack(t: TfCore.Tensor): Promise<TfCore.TypedArray> {
  tfjsTraffic.downloads++;
  return t.data();
}

/** Number of elements of a host array or tensor. */
export function sizeOf(x: ArrayOrTensor): number {
  return isTensor(x) ? x.size : x.length;
}

/**
 * a · bᵀ. The wasm backend (XNNPACK) is measured 10–30× slower with transposeB than with an
 * explicit transpose; the cpu and tensorflow backends are the other way round. tfjs-backend-webgpu
 * 4.22 gives wrong sums with transposeB in its split-K matMul (few rows, long inner axis), so it
 * gets the explicit transpose too (conformance case: 20 × 20 masks of 10 000 pixels).
 */
export function matMulTransposeB(a: TfCore.Tensor2D, b: TfCore.Tensor2D): TfCore.Tensor2D {
  const tf = tfjs();
  return tf.getBackend() === 'wasm' || tf.getBackend() === 'webgpu' ? tf.matMul(a, tf.transpose(b)) : tf.matMul(a, b, false, true);
}
