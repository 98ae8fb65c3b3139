/**
 * Longest-common-subsequence helpers over integer token ids (rouge-score's `_lcs_table` and
 * `_backtrack_norec`). The table is row-major `(|a|+1) × (|b|+1)` in one Int32Array.
 */

let buffer = new Int32Array(4096);

/**
 * Fills and returns the LCS DP table of `a` (rows) and `b` (columns). The table is a view of a
 * reused buffer: it stays valid until the next call (scoring is synchronous).
 */
export function lcsTable(a: Int32Array, b: Int32Array): Int32Array {
  const cols = b.length + 1;
  const size = (a.length + 1) * cols;
  if (buffer.length < size) buffer = new Int32Array(Math.max(size, buffer.length * 2));
  const t = buffer.subarray(0, size);
  t.fill(0, 0, cols);
  for (let i = 1; i <= a.length; i++) t[i * cols] = 0;
  for (let i = 1; i <= a.length; i++) {
    const ai = a[i - 1];
    const row = i * cols;
    const prev = row - cols;
    for (let j = 1; j <= b.length; j++) {
      if (ai === b[j - 1]) t[row + j] = (t[prev + j - 1] as number) + 1;
      else {
        const up = t[prev + j] as number;
        const left = t[row + j - 1] as number;
        t[row + j] = up > left ? up : left;
      }
    }
  }
  return t;
}

/**
 * Marks in `mark` (indexed by position in `a`) the positions of one LCS of `a` and `b`, chosen by
 * rouge-score's backtrack: on a mismatch step left when `T[i][j-1] > T[i-1][j]`, else up.
 * `table` may pass an already computed `lcsTable(a, b)`.
 */
export function markLcsPositions(a: Int32Array, b: Int32Array, mark: Uint8Array, table?: Int32Array): void {
  const t = table ?? lcsTable(a, b);
  const cols = b.length + 1;
  let i = a.length;
  let j = b.length;
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1]) {
      mark[i - 1] = 1;
      i--;
      j--;
    } else if ((t[i * cols + j - 1] as number) > (t[(i - 1) * cols + j] as number)) j--;
    else i--;
  }
}
