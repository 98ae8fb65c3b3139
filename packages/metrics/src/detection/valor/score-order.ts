/**
 * Orders rows by score descending without a comparator over all rows: the distinct scores are
 * sorted once with the native numeric sort, each row finds its score's rank by binary search, and a
 * counting sort by rank groups the rows. Only rows sharing a score (ties) meet `tieBreak`, so the
 * comparator runs on small groups. `rows` lists the row ids to order; the result is a new array.
 */
export function orderByScoreDesc(rows: Int32Array, score: Float64Array, tieBreak: (a: number, b: number) => number): Int32Array {
  const n = rows.length;
  const distinct = new Float64Array(n);
  for (let i = 0; i < n; i++) distinct[i] = -score[rows[i]!]!;
  distinct.sort();
  let m = 0;
  for (let i = 0; i < n; i++) if (i === 0 || distinct[i] !== distinct[m - 1]) distinct[m++] = distinct[i]!;
  const levels = distinct.subarray(0, m);
  const rank = new Int32Array(n);
  const start = new Int32Array(m + 1);
  for (let i = 0; i < n; i++) {
    const key = -score[rows[i]!]!;
    let lo = 0;
    let hi = m - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (levels[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    rank[i] = lo;
    start[lo + 1] = start[lo + 1]! + 1;
  }
  for (let k = 0; k < m; k++) start[k + 1] = start[k + 1]! + start[k]!;
  const out = new Int32Array(n);
  const cursor = start.slice(0, m);
  for (let i = 0; i < n; i++) {
    const k = rank[i]!;
    out[cursor[k]!] = rows[i]!;
    cursor[k] = cursor[k]! + 1;
  }
  for (let k = 0; k < m; k++) {
    if (start[k + 1]! - start[k]! > 1) out.subarray(start[k]!, start[k + 1]!).sort(tieBreak);
  }
  return out;
}
