import type { FloatArray } from './types';

/** Cosine similarity of every row of `a` with every row of `b`. */
export const PairwiseCosine = 'PairwiseCosine';
export interface PairwiseCosineInputs {
  /** rowsA × dim */
  a: FloatArray;
  /** rowsB × dim */
  b: FloatArray;
}
export interface PairwiseCosineAttrs {
  dim: number;
}
export interface PairwiseCosineOutputs {
  /** rowsA × rowsB; float64 when both inputs are Float64Array on a float64 backend, else float32 */
  scores: FloatArray;
}

/** The k largest (or smallest) entries of each row; ties go to the lower column index. */
export const TopK = 'TopK';
export interface TopKInputs {
  /** rows × cols */
  scores: FloatArray;
}
export interface TopKAttrs {
  cols: number;
  k: number;
  largest?: boolean;
}
export interface TopKOutputs {
  /** rows × min(k, cols) */
  indices: Int32Array;
  values: FloatArray;
}
