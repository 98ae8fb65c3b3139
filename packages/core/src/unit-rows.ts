import type { FloatArray } from './kernels/types';

/**
 * 1 / L2 norm of each row of a rows × dim matrix, accumulated in float64; 0 for an all-zero row, so
 * its similarities are 0 (scikit-learn's normalize). The cpu cosine kernels scale by these.
 */
export function inverseNorms(x: FloatArray, rows: number, dim: number): Float64Array {
  const out = new Float64Array(rows);
  for (let r = 0, o = 0; r < rows; r++, o += dim) {
    let s = 0;
    for (let d = 0; d < dim; d++) s += (x[o + d] as number) * (x[o + d] as number);
    out[r] = s > 0 ? 1 / Math.sqrt(s) : 0;
  }
  return out;
}

/**
 * Row-normalised float32 copy of a rows × dim matrix. Norms accumulate in float64 and an all-zero
 * row stays zero (its similarities are 0), exactly as the cpu reference; only the dot products
 * then run in float32 on the engine. Shared by the float32 backends and the tiled cosineTopK,
 * which normalises each corpus tile once for all query tiles.
 */
export function normalizedRowsF32(x: FloatArray, rows: number, dim: number): Float32Array {
  const inv = inverseNorms(x, rows, dim);
  const out = new Float32Array(rows * dim);
  for (let r = 0, o = 0; r < rows; r++, o += dim) {
    const k = inv[r] as number;
    for (let d = 0; d < dim; d++) out[o + d] = (x[o + d] as number) * k;
  }
  return out;
}
