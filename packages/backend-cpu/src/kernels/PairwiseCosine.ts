import { inverseNorms, type FloatArray, type KernelConfig, type PairwiseCosineAttrs, type PairwiseCosineInputs, type PairwiseCosineOutputs } from '@tensoreval/core';

/**
 * Rows of `b` processed per tile: the tile (about 256 KiB of float64) stays in L2 cache while every
 * 4-row block of `a` passes over it, instead of streaming all of `b` from memory once per block.
 */
function tileRows(dim: number): number {
  return Math.max(4, (Math.floor(32768 / Math.max(dim, 1)) >> 2) << 2);
}

/**
 * Cosine similarity of every row of `a` with every row of `b`: dot(a_i, b_j) / (|a_i| |b_j|),
 * with 0 where either row is all zeros. Dot products run in 4×4 register blocks (16 independent
 * double accumulators, each input element loaded once per block) over L2-sized tiles of `b`.
 * Accumulation is always float64; the output is Float64Array when both inputs are, else Float32Array.
 */
export function pairwiseCosineImpl(inputs: PairwiseCosineInputs, attrs: PairwiseCosineAttrs): PairwiseCosineOutputs {
  const { a, b } = inputs;
  const dim = attrs.dim;
  const m = dim > 0 ? a.length / dim : 0;
  const n = dim > 0 ? b.length / dim : 0;
  const scores: FloatArray = a instanceof Float64Array && b instanceof Float64Array ? new Float64Array(m * n) : new Float32Array(m * n);
  if (m === 0 || n === 0) return { scores };
  const ia = inverseNorms(a, m, dim);
  const ib = inverseNorms(b, n, dim);
  const tile = tileRows(dim);
  for (let j0 = 0; j0 < n; j0 += tile) {
    const j1 = Math.min(n, j0 + tile);
    let i = 0;
    for (; i + 4 <= m; i += 4) {
      const a0 = i * dim, a1 = a0 + dim, a2 = a1 + dim, a3 = a2 + dim;
      let j = j0;
      for (; j + 4 <= j1; j += 4) {
        const b0 = j * dim, b1 = b0 + dim, b2 = b1 + dim, b3 = b2 + dim;
        let s00 = 0, s01 = 0, s02 = 0, s03 = 0, s10 = 0, s11 = 0, s12 = 0, s13 = 0;
        let s20 = 0, s21 = 0, s22 = 0, s23 = 0, s30 = 0, s31 = 0, s32 = 0, s33 = 0;
        for (let d = 0; d < dim; d++) {
          const x0 = a[a0 + d], x1 = a[a1 + d], x2 = a[a2 + d], x3 = a[a3 + d];
          const y0 = b[b0 + d], y1 = b[b1 + d], y2 = b[b2 + d], y3 = b[b3 + d];
          s00 += x0 * y0; s01 += x0 * y1; s02 += x0 * y2; s03 += x0 * y3;
          s10 += x1 * y0; s11 += x1 * y1; s12 += x1 * y2; s13 += x1 * y3;
          s20 += x2 * y0; s21 += x2 * y1; s22 += x2 * y2; s23 += x2 * y3;
          s30 += x3 * y0; s31 += x3 * y1; s32 += x3 * y2; s33 += x3 * y3;
        }
        const c0 = ib[j], c1 = ib[j + 1], c2 = ib[j + 2], c3 = ib[j + 3];
        let o = i * n + j;
        let r = ia[i];
        scores[o] = s00 * r * c0; scores[o + 1] = s01 * r * c1; scores[o + 2] = s02 * r * c2; scores[o + 3] = s03 * r * c3;
        o += n; r = ia[i + 1];
        scores[o] = s10 * r * c0; scores[o + 1] = s11 * r * c1; scores[o + 2] = s12 * r * c2; scores[o + 3] = s13 * r * c3;
        o += n; r = ia[i + 2];
        scores[o] = s20 * r * c0; scores[o + 1] = s21 * r * c1; scores[o + 2] = s22 * r * c2; scores[o + 3] = s23 * r * c3;
        o += n; r = ia[i + 3];
        scores[o] = s30 * r * c0; scores[o + 1] = s31 * r * c1; scores[o + 2] = s32 * r * c2; scores[o + 3] = s33 * r * c3;
      }
      for (; j < j1; j++) {
        const bj = j * dim;
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (let d = 0; d < dim; d++) {
          const y = b[bj + d];
          s0 += a[a0 + d] * y; s1 += a[a1 + d] * y; s2 += a[a2 + d] * y; s3 += a[a3 + d] * y;
        }
        const c = ib[j];
        scores[i * n + j] = s0 * ia[i] * c;
        scores[(i + 1) * n + j] = s1 * ia[i + 1] * c;
        scores[(i + 2) * n + j] = s2 * ia[i + 2] * c;
        scores[(i + 3) * n + j] = s3 * ia[i + 3] * c;
      }
    }
    for (; i < m; i++) {
      const ai = i * dim;
      for (let j = j0; j < j1; j++) {
        const bj = j * dim;
        let s = 0;
        for (let d = 0; d < dim; d++) s += a[ai + d] * b[bj + d];
        scores[i * n + j] = s * ia[i] * ib[j];
      }
    }
  }
  return { scores };
}

export const pairwiseCosineConfig: KernelConfig<'PairwiseCosine'> = {
  kernelName: 'PairwiseCosine',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => pairwiseCosineImpl(inputs, attrs),
};
