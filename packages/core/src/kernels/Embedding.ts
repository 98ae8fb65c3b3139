import type { FloatArray } from './types';

/**
 * Cosine similarity of every row of `a` with every row of `b`: dot(a_i, b_j) / (|a_i| |b_j|), and 0
 * where either row is all zeros (scikit-learn's cosine_similarity, which normalises zero rows to zero).
 * `a.length` and `b.length` must be multiples of `dim`.
 */
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

/**
 * The k largest (or smallest, `largest: false`) entries of each row of a rows × cols matrix, best
 * first; among equal values the lower column index comes first. Output rows have min(k, cols)
 * entries; k = 0 gives empty outputs. Values must not be NaN.
 */
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
  /** rows × min(k, cols) column indices, best first */
  indices: Int32Array;
  /** the matching values, same array type as `scores` */
  values: FloatArray;
}

/**
 * The `k` corpus rows most cosine-similar to each query row: PairwiseCosine then TopK, fused where
 * a backend can keep the similarity tile on its device (onnx: one Gemm + TopK session call). Best
 * first; among equal scores the lower corpus index comes first. Output rows have min(k, rows(corpus))
 * entries. A zero row has similarity 0 with everything (as PairwiseCosine).
 */
export const CosineTopK = 'CosineTopK';
export interface CosineTopKInputs {
  /** rows(queries) × dim */
  queries: FloatArray;
  /** rows(corpus) × dim */
  corpus: FloatArray;
}
export interface CosineTopKAttrs {
  dim: number;
  /** a positive integer */
  k: number;
  /**
   * the rows are already unit length or zero, float32 (normalizedRowsF32): a float32 backend may use
   * them as they are; the float64 reference normalises again
   */
  normalized?: boolean;
  /**
   * queries are processed in tiles of this many rows (a positive integer; default: all at once), so
   * only a queryTile × rows(corpus) block of scores exists; a device backend uploads the corpus once
   * for all query tiles. Outputs do not depend on it; the cpu reference may ignore it.
   */
  queryTile?: number;
}
export interface CosineTopKOutputs {
  /** rows(queries) × min(k, rows(corpus)) corpus row indices, best first */
  indices: Int32Array;
  /** the matching similarities */
  scores: FloatArray;
}
