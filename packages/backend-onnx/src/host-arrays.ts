import type { FloatArray } from '@tensoreval/core';

/**
 * Row-normalised float32 copy of a rows × dim matrix. Norms accumulate in float64 and an all-zero
 * row stays zero (its similarities are 0), exactly as the cpu reference; only the dot products
 * then run in float32 inside onnxruntime.
 */
export function normalizedRowsF32(x: FloatArray, rows: number, dim: number): Float32Array {
  const out = new Float32Array(rows * dim);
  for (let r = 0, o = 0; r < rows; r++, o += dim) {
    let s = 0;
    for (let d = 0; d < dim; d++) s += x[o + d] * x[o + d];
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let d = 0; d < dim; d++) out[o + d] = x[o + d] * inv;
  }
  return out;
}

/** The float32 view of `x` if it already is one, else a converted copy. */
export function asFloat32(x: FloatArray): Float32Array {
  return x instanceof Float32Array ? x : Float32Array.from(x);
}
