/**
 * Orders rows by score descending with a stable LSD radix sort on the scores' float64 bit patterns
 * (4 passes of 16 bits), so no comparator runs over all rows. Only rows with exactly equal scores
 * meet `tieBreak`, afterwards and group by group. `rows` lists the row ids to order; the result is a
 * new array.
 */
export function orderByScoreDesc(rows: Int32Array, score: Float64Array, tieBreak: (a: number, b: number) => number): Int32Array {
  const n = rows.length;
  const bits = new Float64Array(1);
  const words = new Uint32Array(bits.buffer);
  // Descending order of the score = ascending order of these keys: flip the bits of non-negative
  // values' sortable form (sign bit set → all bits flipped; else sign bit flipped), then invert.
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    bits[0] = score[rows[i]!]! + 0; // +0 folds -0 into 0, as the numeric comparison does
    const negative = words[1]! >>> 31 === 1;
    hi[i] = negative ? words[1]! : ~(words[1]! ^ 0x80000000) >>> 0;
    lo[i] = negative ? words[0]! : ~words[0]! >>> 0;
  }
  let order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let next = new Int32Array(n);
  const counts = new Int32Array(65537);
  for (const [word, shift] of [[lo, 0], [lo, 16], [hi, 0], [hi, 16]] as const) {
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      const k = ((word[order[i]!]! >>> shift) & 0xffff) + 1;
      counts[k] = counts[k]! + 1;
    }
    for (let k = 0; k < 65536; k++) counts[k + 1] = counts[k + 1]! + counts[k]!;
    for (let i = 0; i < n; i++) {
      const o = order[i]!;
      const k = (word[o]! >>> shift) & 0xffff;
      next[counts[k]!] = o;
      counts[k] = counts[k]! + 1;
    }
    [order, next] = [next, order];
  }
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = rows[order[i]!]!;
  for (let start = 0; start < n; ) {
    let end = start + 1;
    while (end < n && score[out[end]!] === score[out[start]!]) end++;
    if (end - start > 1) out.subarray(start, end).sort(tieBreak);
    start = end;
  }
  return out;
}
