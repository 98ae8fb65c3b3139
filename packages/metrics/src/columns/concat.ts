/** Typed columns built from per-update chunks: one concatenation for every state that keeps chunks. */

type Typed = Int32Array | Float64Array | Uint8Array;

/** Concatenates typed-array chunks of one kind into a single array (a single chunk is returned as is). */
export function concatChunks<T extends Typed>(chunks: readonly T[], make: (n: number) => T): T {
  if (chunks.length === 1) return chunks[0] as T;
  let total = 0;
  for (const c of chunks) total += c.length;
  const out = make(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c as never, o);
    o += c.length;
  }
  return out;
}

/** Concatenates per-chunk offset arrays (each starting at 0) into one offsets array. */
export function concatOffsets(chunks: readonly Int32Array[]): Int32Array {
  let n = 0;
  for (const c of chunks) n += c.length - 1;
  const out = new Int32Array(n + 1);
  let o = 0;
  let base = 0;
  for (const c of chunks) {
    for (let i = 1; i < c.length; i++) out[o + i] = base + (c[i] as number);
    o += c.length - 1;
    base += c[c.length - 1] as number;
  }
  return out;
}

/** counts[i] += 1 (typed-array bincount step, written once so indexed reads type-check). */
export function increment(counts: Float64Array | Int32Array, i: number): void {
  counts[i] = (counts[i] as number) + 1;
}
