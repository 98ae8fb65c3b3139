import type { FloatArray, KernelConfig, PairwiseCosineOutputs } from '@tensoreval/core';
import { withEngine } from '../base';
import { A_ROWS, B_ROWS, packUnitRows, roundUp, rowsPerJob } from '../layout';

/** Scores held in WebAssembly memory at once; larger outputs are computed in passes of rows of a. */
const PASS_BYTES = 256 * 1024 * 1024;

/**
 * scores[i, j] = cos(a_i, b_j): unit rows (float64 norms on the host) in shared memory, then the
 * 2 × 4 SIMD dot kernel on worker threads, each job a block of a's rows against all of b.
 */
export function pairwiseCosineWasm(a: FloatArray, b: FloatArray, dim: number, unit = false): Promise<Float32Array> {
  const n = dim > 0 ? a.length / dim : 0;
  const m = dim > 0 ? b.length / dim : 0;
  if (n === 0 || m === 0) return Promise.resolve(new Float32Array(n * m));
  const dp = roundUp(dim, 4);
  const nPad = roundUp(n, A_ROWS);
  const mPad = roundUp(m, B_ROWS);
  const passRows = Math.min(nPad, Math.max(A_ROWS, Math.floor(PASS_BYTES / (4 * mPad * A_ROWS)) * A_ROWS));
  const aAt = 0;
  const bAt = aAt + nPad * dp;
  const outAt = bAt + mPad * dp;
  return withEngine('PairwiseCosine', () => 4 * (outAt + passRows * mPad), async ({ pool, f32 }) => {
    const scores = new Float32Array(n * m);
    packUnitRows(f32, aAt, a, n, dim, dp, nPad, unit);
    packUnitRows(f32, bAt, b, m, dim, dp, mPad, unit);
    const block = rowsPerJob(passRows, dp, pool.size);
    for (let p0 = 0; p0 < nPad; p0 += passRows) {
      const p1 = Math.min(nPad, p0 + passRows);
      await pool.run(Math.ceil((p1 - p0) / block), (job) => {
        const i0 = p0 + job * block;
        return [['dots', 4 * (aAt + i0 * dp), Math.min(block, p1 - i0), 4 * bAt, mPad, dp, 4 * (outAt + (i0 - p0) * mPad), mPad]];
      });
      const last = Math.min(p1, n);
      if (mPad === m) scores.set(f32.subarray(outAt, outAt + (last - p0) * m), p0 * m);
      else for (let i = p0; i < last; i++) scores.set(f32.subarray(outAt + (i - p0) * mPad, outAt + (i - p0) * mPad + m), i * m);
    }
    return scores;
  });
}

export const pairwiseCosineConfig: KernelConfig<'PairwiseCosine'> = {
  kernelName: 'PairwiseCosine',
  backendName: 'wasm',
  kernelFunc: async ({ inputs, attrs }): Promise<PairwiseCosineOutputs> => {
    const scores = await pairwiseCosineWasm(inputs.a, inputs.b, attrs.dim);
    // The output follows the inputs' type, like the cpu backend; the values carry float32 precision.
    const wide = inputs.a instanceof Float64Array && inputs.b instanceof Float64Array;
    return { scores: wide ? Float64Array.from(scores) : scores };
  },
};
