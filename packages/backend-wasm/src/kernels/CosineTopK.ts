import type { CosineTopKOutputs, FloatArray, KernelConfig } from '@tensoreval/core';
import { withEngine } from '../base';
import { A_PANEL, B_PANEL, roundUp, rowsPerJob, stagingFloats } from '../layout';
import { packRows } from '../pack-rows';

/** Corpus rows per score tile: a job's tile (its rows of a × this many floats) stays in L2 for the selection. */
const TILE_COLS = 256;
/** The heap's empty slot ranks below every real (finite) score and index. */
const EMPTY_INDEX = 0x7fffffff;

/**
 * The k best corpus rows per query, fused: the worker threads normalise and pack the queries and
 * the corpus into panels once, then each job takes a block of query rows, and for every tile of
 * corpus rows computes the scores (4 × 8 SIMD kernel) into its thread's scratch tile and
 * merges them into per-query heaps in WebAssembly memory; only n × k results come back. Corpus
 * tiles are visited in index order, so equal scores keep the lower index (the reference order).
 */
export function cosineTopKWasm(queries: FloatArray, corpus: FloatArray, dim: number, k: number, unit = false): Promise<{ indices: Int32Array; scores: Float32Array }> {
  const n = dim > 0 ? queries.length / dim : 0;
  const m = dim > 0 ? corpus.length / dim : 0;
  const kk = Math.min(k, m);
  if (n === 0 || kk === 0) return Promise.resolve({ indices: new Int32Array(0), scores: new Float32Array(0) });
  const nPad = roundUp(n, A_PANEL);
  const mPad = roundUp(m, B_PANEL);
  const aAt = 0;
  const bAt = aAt + nPad * dim;
  const keysAt = bAt + mPad * dim;
  const idxAt = keysAt + n * kk;
  const outIdxAt = idxAt + n * kk;
  const outValAt = outIdxAt + n * kk;
  const tilesAt = outValAt + n * kk;
  const blockFor = (threads: number) => rowsPerJob(nPad, dim, threads);
  // one scratch tile per thread; the raw rows are staged there before
  const bytes = (threads: number) => 4 * (tilesAt + Math.max(threads * blockFor(threads) * TILE_COLS, stagingFloats(Math.max(n, m), dim)));
  return withEngine('CosineTopK', bytes, async (engine) => {
    const { pool, f32, i32 } = engine;
    await packRows(engine, queries, n, dim, A_PANEL, aAt, tilesAt, unit);
    await packRows(engine, corpus, m, dim, B_PANEL, bAt, tilesAt, unit);
    f32.fill(Number.NEGATIVE_INFINITY, keysAt, keysAt + n * kk);
    i32.fill(EMPTY_INDEX, idxAt, idxAt + n * kk);
    const block = blockFor(pool.size);
    await pool.run(Math.ceil(nPad / block), (job, slot) => {
      const i0 = job * block;
      const rows = Math.min(block, nPad - i0);
      const valid = Math.min(rows, n - i0);
      const scratch = 4 * (tilesAt + slot * block * TILE_COLS);
      const heaps = [4 * (keysAt + i0 * kk), 4 * (idxAt + i0 * kk)] as const;
      const calls: Array<[string, ...number[]]> = [];
      for (let c0 = 0; c0 < m; c0 += TILE_COLS) {
        const cols = Math.min(TILE_COLS, m - c0);
        calls.push(['gemm', 4 * (aAt + i0 * dim), rows, 4 * (bAt + c0 * dim), roundUp(cols, B_PANEL), dim, scratch, TILE_COLS]);
        calls.push(['select', scratch, valid, TILE_COLS, cols, c0, ...heaps, kk]);
      }
      calls.push(['finish', ...heaps, valid, kk, 4 * (outIdxAt + i0 * kk), 4 * (outValAt + i0 * kk)]);
      return calls;
    });
    return { indices: i32.slice(outIdxAt, outIdxAt + n * kk), scores: f32.slice(outValAt, outValAt + n * kk) };
  });
}

/** CosineTopK on wasm: rows normalised while packed (float64 norms) unless they come normalised, then the fused kernel. */
export const cosineTopKConfig: KernelConfig<'CosineTopK'> = {
  kernelName: 'CosineTopK',
  backendName: 'wasm',
  kernelFunc: async ({ inputs, attrs }): Promise<CosineTopKOutputs> =>
    cosineTopKWasm(inputs.queries, inputs.corpus, attrs.dim, attrs.k, attrs.normalized === true),
};
