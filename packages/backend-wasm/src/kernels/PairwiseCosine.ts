import type { FloatArray, KernelConfig, PairwiseCosineOutputs } from '@tensoreval/core';
import { withEngine } from '../base';
import { A_PANEL, B_PANEL, roundUp, rowsPerJob, stagingFloats } from '../layout';
import { packRows } from '../pack-rows';

/** Scores held in WebAssembly memory at once; larger outputs are computed in passes of rows of a. */
const PASS_BYTES = 256 * 1024 * 1024;

/**
 * scores[i, j] = cos(a_i, b_j): the worker threads normalise and pack a and b into panels (float64
 * norms), then run the 4 × 8 SIMD kernel, each job a block of a's rows against all of b.
 * `passBytes`: the scores held in WebAssembly memory at once (tests make it small for several passes).
 */
export function pairwiseCosineWasm(a: FloatArray, b: FloatArray, dim: number, passBytes = PASS_BYTES): Promise<Float32Array> {
  const n = dim > 0 ? a.length / dim : 0;
  const m = dim > 0 ? b.length / dim : 0;
  if (n === 0 || m === 0) return Promise.resolve(new Float32Array(n * m));
  const nPad = roundUp(n, A_PANEL);
  const mPad = roundUp(m, B_PANEL);
  const passRows = Math.min(nPad, Math.max(A_PANEL, Math.floor(passBytes / (4 * mPad * A_PANEL)) * A_PANEL));
  const aAt = 0;
  const bAt = aAt + nPad * dim;
  // the raw rows are staged where the scores go later
  const outAt = bAt + mPad * dim;
  const region = Math.max(passRows * mPad, stagingFloats(Math.max(n, m), dim));
  return withEngine('PairwiseCosine', () => 4 * (outAt + region), async (engine) => {
    const { pool, f32 } = engine;
    await packRows(engine, a, n, dim, A_PANEL, aAt, outAt, false);
    await packRows(engine, b, m, dim, B_PANEL, bAt, outAt, false);
    const block = rowsPerJob(passRows, dim, pool.size);
    const pass = (p0: number, p1: number) => pool.run(Math.ceil((p1 - p0) / block), (job) => {
      const i0 = p0 + job * block;
      return [['gemm', 4 * (aAt + i0 * dim), Math.min(block, p1 - i0), 4 * bAt, mPad, dim, 4 * (outAt + (i0 - p0) * mPad), mPad]];
    });
    if (passRows === nPad && mPad === m) {
      // one pass with unpadded rows: one copy out (slice skips zero-filling a new array first)
      await pass(0, nPad);
      return f32.slice(outAt, outAt + n * m);
    }
    const scores = new Float32Array(n * m);
    for (let p0 = 0; p0 < nPad; p0 += passRows) {
      const p1 = Math.min(nPad, p0 + passRows);
      await pass(p0, p1);
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
