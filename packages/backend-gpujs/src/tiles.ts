/**
 * gpu.js's WebAssembly mode does index arithmetic in float32, so an index past 2^24 is rounded
 * (measured: element 17,000,001 read as its neighbour). Every call therefore keeps each argument
 * and the output below this many elements.
 */
export const EXACT_INDEX = 1 << 24;

/**
 * Runs a pairwise computation over an n × m grid (rows of `rowLength` elements on both sides) in
 * tiles whose arguments and output stay below `limit` elements, writing each tile's row-major block into `out` (n × m).
 */
export async function forEachPairTile(
  n: number,
  m: number,
  rowLength: number,
  out: Float32Array | Float64Array,
  tile: (i0: number, i1: number, j0: number, j1: number) => Promise<Float32Array>,
  limit = EXACT_INDEX,
): Promise<void> {
  const maxRows = Math.max(1, Math.floor((limit - 1) / Math.max(rowLength, 1)));
  const tn = Math.min(n, maxRows);
  const tm = Math.min(m, maxRows, Math.max(1, Math.floor((limit - 1) / tn)));
  for (let i0 = 0; i0 < n; i0 += tn) {
    const i1 = Math.min(n, i0 + tn);
    for (let j0 = 0; j0 < m; j0 += tm) {
      const j1 = Math.min(m, j0 + tm);
      const block = await tile(i0, i1, j0, j1);
      const w = j1 - j0;
      for (let i = i0; i < i1; i++) {
        const src = (i - i0) * w;
        for (let j = 0; j < w; j++) out[i * m + j0 + j] = block[src + j];
      }
    }
  }
}
