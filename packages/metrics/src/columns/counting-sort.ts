/**
 * Integer-key grouping of rows without a comparator: the one counting sort behind COCO's
 * (image, category) grouping, TIDE's per-image lists and Valor's per-label curves.
 */

/** 0, 1, …, n - 1: the order to start a sort from. */
export function identityOrder(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

/**
 * Where each bin starts once rows are grouped by `key`: out[b] = how many rows have a key below b,
 * out[bins] = the row count. Counts `key[rows[i]]` when `rows` is given, else every `key[i]`.
 * Keys must lie in [0, bins). `out` (bins + 1 zeros) receives them when given (shared memory, say).
 */
export function binOffsets(key: ArrayLike<number>, bins: number, rows?: ArrayLike<number>, out: Int32Array<ArrayBufferLike> = new Int32Array(bins + 1)): Int32Array<ArrayBufferLike> {
  if (rows === undefined) {
    for (let i = 0; i < key.length; i++) {
      const b = (key[i] as number) + 1;
      out[b] = (out[b] as number) + 1;
    }
  } else {
    for (let i = 0; i < rows.length; i++) {
      const b = (key[rows[i] as number] as number) + 1;
      out[b] = (out[b] as number) + 1;
    }
  }
  for (let b = 0; b < bins; b++) out[b + 1] = (out[b + 1] as number) + (out[b] as number);
  return out;
}

/**
 * Stable counting sort of `order` (a permutation of rows) by a small integer key per row.
 * O(n + bins), no comparator; applied twice it yields (secondKey, firstKey, previous order).
 * `out` (n entries) receives the sorted rows when given.
 */
export function countingSortBy(order: Int32Array, key: ArrayLike<number>, bins: number, out: Int32Array<ArrayBufferLike> = new Int32Array(order.length)): Int32Array<ArrayBufferLike> {
  const next = binOffsets(key, bins, order);
  const n = order.length;
  for (let i = 0; i < n; i++) {
    const row = order[i] as number;
    const k = key[row] as number;
    out[next[k] as number] = row;
    next[k] = (next[k] as number) + 1;
  }
  return out;
}
