/** Rows `rows` of a row-major table with `stride` numbers per row, gathered in that order. */
export function gatherRows(table: Float64Array, rows: Int32Array, stride: number): Float64Array {
  const out = new Float64Array(stride * rows.length);
  // a plain copy loop: no subarray view per row on this hot path (boxes: stride 4)
  for (let i = 0, o = 0; i < rows.length; i++) {
    const r = stride * (rows[i] as number);
    for (let k = 0; k < stride; k++) out[o++] = table[r + k] as number;
  }
  return out;
}
