/**
 * Stable counting sort of `order` (a permutation of rows) by a small integer key per row.
 * O(n + bins), no comparator; applied twice it yields (secondKey, firstKey, previous order).
 */
export function countingSortBy(order: Int32Array, key: Int32Array, bins: number): Int32Array {
  const counts = new Int32Array(bins + 1);
  const n = order.length;
  for (let i = 0; i < n; i++) {
    const b = (key[order[i] as number] as number) + 1;
    counts[b] = (counts[b] as number) + 1;
  }
  for (let b = 0; b < bins; b++) counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const row = order[i] as number;
    const k = key[row] as number;
    out[counts[k] as number] = row;
    counts[k] = (counts[k] as number) + 1;
  }
  return out;
}

/**
 * Detections ordered by (score desc, image, category, file position): the order numpy's stable
 * mergesort on -score produces over images concatenated in ascending id order, each image's
 * detections concatenated by category then file order (pycocotools evaluate + accumulate).
 */
export function sortByScoreDesc(rows: Int32Array, score: Float64Array, imageIdx: Int32Array, catIdx: Int32Array): Int32Array {
  // One comparator sort over all detections; every later grouping is a stable counting sort.
  return rows.sort((a, b) => (score[b] as number) - (score[a] as number) || (imageIdx[a] as number) - (imageIdx[b] as number) || (catIdx[a] as number) - (catIdx[b] as number) || a - b);
}
