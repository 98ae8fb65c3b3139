/** Rows per panel (cosine.wat's 4 × 8 register block): a / queries in panels of 4, b / the corpus in panels of 8. */
export const A_PANEL = 4;
export const B_PANEL = 8;
/** Bytes of a's rows one job keeps in L2 (1 MiB per core here) while the panels of b stream past. */
const A_BLOCK_BYTES = 256 * 1024;
/** Floats of raw rows staged at once before the threads pack them (64 MiB): larger inputs go in chunks. */
const STAGING_FLOATS = 16 * 1024 * 1024;

export function roundUp(x: number, to: number): number {
  return Math.ceil(x / to) * to;
}

/**
 * Rows of a per job: L2-sized, whole panels, and at least four jobs per thread (a thread slowed by
 * another process is not left holding a large share at the end). The job count is rounded to a
 * multiple of the threads before the rows are rounded up to whole panels, which can leave fewer jobs
 * (10,000 rows on 16 threads: 63), so the last round of jobs is not always full.
 */
export function rowsPerJob(rowsPad: number, dim: number, threads: number): number {
  const fit = Math.max(A_PANEL, Math.floor(A_BLOCK_BYTES / (4 * dim)));
  const jobs = roundUp(Math.max(4 * threads, Math.ceil(rowsPad / fit)), threads);
  return roundUp(Math.ceil(rowsPad / jobs), A_PANEL);
}

/** Rows staged per chunk: whole panels of both widths, at least one panel. */
export function stagingRows(dim: number): number {
  return Math.max(B_PANEL, Math.floor(STAGING_FLOATS / dim / B_PANEL) * B_PANEL);
}

/** Floats of the staging area for matrices of up to `rows` rows. */
export function stagingFloats(rows: number, dim: number): number {
  return Math.min(roundUp(rows, B_PANEL), stagingRows(dim)) * dim;
}
