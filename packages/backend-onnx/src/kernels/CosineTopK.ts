import type { CosineTopKOutputs, KernelConfig } from '@tensoreval/core';
import { ensureSession, onnxState, runSession } from '../base';
import { cosineTopKModel } from '../graphs';
import { normalizedRowsF32 } from '../host-arrays';

const SESSION = 'CosineTopK';

/** Creates and warms the fused Gemm + TopK session (once). */
export function setupCosineTopK(): Promise<void> {
  return ensureSession(SESSION, cosineTopKModel, (s, ort) => {
    const unit = new Float32Array(8 * 16).fill(0.25);
    return s.run({
      a: new ort.Tensor('float32', unit, [8, 16]),
      b: new ort.Tensor('float32', unit, [8, 16]),
      k: new ort.Tensor('int64', BigInt64Array.of(2n), [1]),
    });
  });
}

/**
 * The fused top-k path behind `cosineTopK`: for unit-norm float32 rows, one session call computes
 * the (n × m) similarity tile and keeps only the k best per row (ties: lower index first), so only
 * n × k values cross back to JavaScript. Every call feeds the corpus again: onnxruntime-node cannot
 * keep a feed on the device between runs. Returns row-major (n × min(k, m)) indices and scores.
 */
export async function cosineTopKOnnx(
  queries: Float32Array,
  corpus: Float32Array,
  dim: number,
  k: number,
): Promise<{ indices: Int32Array; values: Float32Array }> {
  const n = queries.length / dim;
  const m = corpus.length / dim;
  const kk = Math.min(k, m);
  if (n === 0 || kk === 0) return { indices: new Int32Array(0), values: new Float32Array(0) };
  await setupCosineTopK();
  const { ort } = onnxState();
  const out = await runSession(SESSION, {
    a: new ort.Tensor('float32', queries, [n, dim]),
    b: new ort.Tensor('float32', corpus, [m, dim]),
    k: new ort.Tensor('int64', BigInt64Array.of(BigInt(kk)), [1]),
  });
  const wide = out.indices.data as BigInt64Array;
  const indices = new Int32Array(wide.length);
  for (let i = 0; i < wide.length; i++) indices[i] = Number(wide[i]);
  return { indices, values: out.values.data as Float32Array };
}

/**
 * CosineTopK on onnx: rows normalised on the host (float64 norms) unless they come normalised (the
 * corpus once per call), then the fused session per query tile. onnxruntime-node binds only host
 * tensors, so each run feeds the corpus again.
 */
export const cosineTopKConfig: KernelConfig<'CosineTopK'> = {
  kernelName: 'CosineTopK',
  backendName: 'onnx',
  setupFunc: setupCosineTopK,
  kernelFunc: async ({ inputs, attrs }): Promise<CosineTopKOutputs> => {
    const { dim, k } = attrs;
    const n = dim > 0 ? inputs.queries.length / dim : 0;
    const m = dim > 0 ? inputs.corpus.length / dim : 0;
    const unit = (x: typeof inputs.queries, rows: number) => (attrs.normalized && x instanceof Float32Array ? x : normalizedRowsF32(x, rows, dim));
    const c = unit(inputs.corpus, m);
    // Anything but a number >= 1 (NaN included) means all rows at once.
    const tile = (attrs.queryTile ?? 0) >= 1 ? Math.floor(attrs.queryTile as number) : n;
    if (n <= tile) {
      const { indices, values } = await cosineTopKOnnx(unit(inputs.queries, n), c, dim, k);
      return { indices, scores: values };
    }
    // Query tiles are normalised one at a time, so no normalised copy of all queries is held.
    const kk = Math.min(k, m);
    const indices = new Int32Array(n * kk);
    const scores = new Float32Array(n * kk);
    for (let q0 = 0; q0 < n; q0 += tile) {
      const q1 = Math.min(n, q0 + tile);
      const part = await cosineTopKOnnx(unit(inputs.queries.subarray(q0 * dim, q1 * dim), q1 - q0), c, dim, k);
      indices.set(part.indices, q0 * kk);
      scores.set(part.values, q0 * kk);
    }
    return { indices, scores };
  },
};
