import { normalizedRowsF32, type FloatArray } from '@tensoreval/core';

/** Rows of a kernel block: a's row pairs and b's row quadruples (cosine.wat's 2 × 4 register block). */
export const A_ROWS = 2;
export const B_ROWS = 4;
/** Bytes of a's rows one job keeps in L2 (1 MiB per core here) while the rows of b stream past. */
const A_BLOCK_BYTES = 256 * 1024;

export function roundUp(x: number, to: number): number {
  return Math.ceil(x / to) * to;
}

/**
 * Rows of a per job: L2-sized, even, and small enough that every thread gets about four jobs, so a
 * thread slowed by another process is not left holding a large share at the end.
 */
export function rowsPerJob(rowsPad: number, dp: number, threads: number): number {
  const fit = Math.max(A_ROWS, Math.floor(A_BLOCK_BYTES / (4 * dp)));
  const share = Math.ceil(rowsPad / (4 * threads));
  return roundUp(Math.max(1, Math.min(fit, share)), A_ROWS);
}

/**
 * Writes rows × dim values as unit rows (float64 norms, zero rows stay zero; as-is when `unit`)
 * into f32 at `at`, with rows padded to `dp` floats and up to `rowsPad` rows, the padding zero.
 */
export function packUnitRows(f32: Float32Array, at: number, x: FloatArray, rows: number, dim: number, dp: number, rowsPad: number, unit: boolean): void {
  const src = unit && x instanceof Float32Array ? x : normalizedRowsF32(x, rows, dim);
  if (dp === dim) {
    f32.set(src.subarray(0, rows * dim), at);
  } else {
    for (let r = 0; r < rows; r++) {
      f32.set(src.subarray(r * dim, (r + 1) * dim), at + r * dp);
      f32.fill(0, at + r * dp + dim, at + (r + 1) * dp);
    }
  }
  f32.fill(0, at + rows * dp, at + rowsPad * dp);
}
