import { normalizedRowsF32, type FloatArray } from '@tensoreval/core';
import { roundUp, stagingRows } from './layout';
import type { WasmEngine } from './base';

/** Packing jobs per thread and chunk: packing is linear work, a few jobs balance it. */
const PACK_JOBS_PER_THREAD = 2;

/**
 * Writes rows × dim values as unit rows into panels of `width` rows at float `dstAt` (cosine.wat's
 * layout; `roundUp(rows, width) * dim` floats, padding rows zero). The host only copies raw rows into
 * the staging area at float `stagingAt`, a chunk at a time; the worker threads normalise and pack
 * them. Float32 rows are normalised in WebAssembly exactly as normalizedRowsF32 does (float64
 * norms, zero rows stay zero), or taken as they are when `unit`; float64 rows are normalised on
 * the host from their float64 values, so the result never depends on a float32 rounding of the input.
 */
export async function packRows(engine: WasmEngine, x: FloatArray, rows: number, dim: number, width: number,
  dstAt: number, stagingAt: number, unit: boolean): Promise<void> {
  const { pool, f32 } = engine;
  const chunk = stagingRows(dim);
  const inWasm = x instanceof Float32Array;
  for (let r0 = 0; r0 < rows; r0 += chunk) {
    const r1 = Math.min(rows, r0 + chunk);
    const raw = x.subarray(r0 * dim, r1 * dim);
    f32.set(inWasm ? raw : normalizedRowsF32(raw, r1 - r0, dim), stagingAt);
    const perJob = roundUp(Math.ceil((r1 - r0) / (PACK_JOBS_PER_THREAD * pool.size)), width);
    await pool.run(Math.ceil((r1 - r0) / perJob), (job) => {
      const first = job * perJob;
      const count = Math.min(perJob, r1 - r0 - first);
      return [['pack', 4 * (stagingAt + first * dim), count, dim, 4 * (dstAt + (r0 + first) * dim), width, inWasm && !unit ? 1 : 0]];
    });
  }
}
