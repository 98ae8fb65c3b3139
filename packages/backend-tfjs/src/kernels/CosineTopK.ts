import { normalizedRowsF32, type CosineTopKOutputs, type FloatArray, type KernelConfig } from '@tensoreval/core';
import type * as TfCore from '@tensorflow/tfjs-core';
import { tfjs, tfjsTraffic } from '../base';
import { matMulTransposeB, matrix, readBack } from '../tensors';

/**
 * The `k` best corpus rows per query on the active tfjs backend, with the corpus resident: its rows
 * are normalised on the host (float64 norms, as onnx), uploaded once, and every query tile of
 * `queryTile` rows is multiplied against that one tensor (matMul then topk on the device), so per
 * tile only the query rows go up and n × k values come back. tf.topk orders equal values by the
 * lower index, as the contract asks.
 */
export async function cosineTopKResident(
  queries: FloatArray,
  corpus: FloatArray,
  dim: number,
  k: number,
  options: { normalized?: boolean; queryTile?: number } = {},
): Promise<{ indices: Int32Array; values: Float32Array }> {
  const n = dim > 0 ? queries.length / dim : 0;
  const m = dim > 0 ? corpus.length / dim : 0;
  const kk = Math.min(k, m);
  const indices = new Int32Array(n * kk);
  const values = new Float32Array(n * kk);
  if (n === 0 || kk === 0) return { indices, values };
  const unit = (x: FloatArray, rows: number) => (options.normalized && x instanceof Float32Array ? x : normalizedRowsF32(x, rows, dim));
  // Anything but a number >= 1 (NaN included) means all rows at once.
  const tile = (options.queryTile ?? 0) >= 1 ? Math.floor(options.queryTile as number) : n;
  const tf = tfjs();
  const resident = matrix(unit(corpus, m), m, dim);
  try {
    for (let q0 = 0; q0 < n; q0 += tile) {
      const q1 = Math.min(n, q0 + tile);
      const best = tf.tidy(() => tf.topk(matMulTransposeB(matrix(unit(queries.subarray(q0 * dim, q1 * dim), q1 - q0), q1 - q0, dim), resident), kk, true));
      tfjsTraffic.dispatches++;
      try {
        indices.set(await readBack(best.indices) as Int32Array, q0 * kk);
        values.set(await readBack(best.values) as Float32Array, q0 * kk);
      } finally {
        disposeAll(best.indices, best.values);
      }
    }
  } finally {
    resident.dispose();
  }
  return { indices, values };
}

function disposeAll(...tensors: TfCore.Tensor[]): void {
  for (const t of tensors) t.dispose();
}

export const cosineTopKConfig: KernelConfig<'CosineTopK'> = {
  kernelName: 'CosineTopK',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs, attrs }): Promise<CosineTopKOutputs> => {
    const { indices, values } = await cosineTopKResident(inputs.queries, inputs.corpus, attrs.dim, attrs.k,
      { ...(attrs.normalized ? { normalized: true } : {}), ...(attrs.queryTile ? { queryTile: attrs.queryTile } : {}) });
    return { indices, scores: values };
  },
};
