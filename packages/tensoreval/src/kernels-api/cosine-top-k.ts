import { getKernel, invalidOption, resolveBackend, runKernel, type Backend, type FloatArray } from '@tensoreval/core';
import { prepareBackend, type KernelApiOptions } from './backend-loading';
import { checkDim, checkMatrix } from './checks';
import { mergeTopKRows, type RunningTopK } from './running-top-k';

export interface CosineTopKOptions extends KernelApiOptions {
  /** query rows per tile (default 1024) */
  queryTile?: number;
  /** corpus rows per tile (default 16384): a tile of scores is queryTile × corpusTile float32 */
  corpusTile?: number;
}

export interface CosineTopKResult {
  /** rows(queries) × min(k, rows(corpus)) corpus row indices, best first; ties: lower index first */
  indices: Int32Array;
  /** the matching cosine similarities */
  scores: Float32Array;
}

/** One tile's top-k: the backend's CosineTopK kernel where it has one (fused on onnx), else PairwiseCosine then TopK on cpu. */
type TileTopK = (q0: number, q1: number, c0: number, c1: number) => Promise<{ indices: Int32Array; values: FloatArray }>;

interface TilePlan {
  /** query rows per call: all of them where the kernel tiles the queries itself */
  queryRows: number;
  tile: TileTopK;
}

function tilePlan(queries: FloatArray, corpus: FloatArray, dim: number, k: number, queryTile: number, backend: Backend): TilePlan {
  const backendName = backend.name;
  const nq = queries.length / dim;
  if (getKernel('CosineTopK', backendName)) {
    // A float32 engine gets one call per corpus tile with every query: the kernel normalises the corpus
    // tile once, keeps it on its device (tfjs: one upload) and walks the queries in tiles of queryTile rows.
    const whole = backend.floatPrecision === 32;
    return {
      queryRows: whole ? nq : queryTile,
      tile: async (q0, q1, c0, c1) => {
        const { indices, scores } = await runKernel('CosineTopK',
          { queries: queries.subarray(q0 * dim, q1 * dim), corpus: corpus.subarray(c0 * dim, c1 * dim) }, { dim, k, ...(whole ? { queryTile } : {}) }, { backend: backendName });
        return { indices, values: scores };
      },
    };
  }
  return {
    queryRows: queryTile,
    tile: async (q0, q1, c0, c1) => {
      const a = queries.subarray(q0 * dim, q1 * dim);
      const b = corpus.subarray(c0 * dim, c1 * dim);
      const { scores } = await runKernel('PairwiseCosine', { a, b }, { dim }, { backend: backendName, size: (q1 - q0) * (c1 - c0) * dim });
      return runKernel('TopK', { scores }, { cols: c1 - c0, k }, { backend: 'cpu' });
    },
  };
}

/**
 * The `k` corpus rows most cosine-similar to each query row. Tiled: only a queryTile × corpusTile
 * block of scores exists at a time, and each tile's top-k merges into a running top-k, so a corpus
 * of a million rows never materialises the full similarity matrix. A float32 backend with a
 * CosineTopK kernel gets each corpus tile with all queries and tiles them by queryTile itself (tfjs:
 * the corpus tile is uploaded once for all query tiles; onnx: one fused Gemm + TopK call per tile).
 *
 * @param queries - rows(queries) × dim; @param corpus - rows(corpus) × dim; row-major
 * @param k - results per query (a positive integer; fewer when the corpus is smaller)
 * @returns indices and scores, rows(queries) × min(k, rows(corpus)), best first, ties to the lower index
 * @example
 * const { indices, scores } = await cosineTopK(queryEmb, docEmb, 384, 10, { backend: 'auto' });
 */
export async function cosineTopK(
  queries: FloatArray,
  corpus: FloatArray,
  dim: number,
  k: number,
  options: CosineTopKOptions = {},
): Promise<CosineTopKResult> {
  const fn = 'cosineTopK';
  checkDim(dim, fn);
  if (!Number.isInteger(k) || k < 1) throw invalidOption(fn, 'k', 'a positive integer', k);
  checkMatrix(queries, dim, 'queries', fn, options.validate !== false);
  checkMatrix(corpus, dim, 'corpus', fn, options.validate !== false);
  const nq = queries.length / dim;
  const nc = corpus.length / dim;
  const kk = Math.min(k, nc);
  const best: RunningTopK = { k: kk, filled: 0, indices: new Int32Array(nq * kk), scores: new Float32Array(nq * kk) };
  if (nq === 0 || kk === 0) return { indices: best.indices, scores: best.scores };
  const qt = Math.max(1, Math.floor(options.queryTile ?? 1024));
  const ct = Math.max(kk, Math.floor(options.corpusTile ?? 16384));
  const backend = options.backend ?? 'auto';
  await prepareBackend(backend, 'PairwiseCosine', fn);
  const { backend: chosen } = await resolveBackend('PairwiseCosine', backend, Math.min(nq, qt) * Math.min(nc, ct) * dim);
  const { queryRows, tile } = tilePlan(queries, corpus, dim, kk, qt, chosen);
  for (let c0 = 0; c0 < nc; c0 += ct) {
    const c1 = Math.min(nc, c0 + ct);
    for (let q0 = 0; q0 < nq; q0 += queryRows) {
      const q1 = Math.min(nq, q0 + queryRows);
      const part = await tile(q0, q1, c0, c1);
      mergeTopKRows(best, q0, q1, part.indices, part.values, Math.min(kk, c1 - c0), c0);
    }
    best.filled = Math.min(kk, best.filled + (c1 - c0));
  }
  return { indices: best.indices, scores: best.scores };
}
