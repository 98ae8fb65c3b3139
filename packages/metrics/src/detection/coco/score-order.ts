import { countingSortBy } from '../../columns/counting-sort';

/**
 * Detections ordered by (score desc, image, category, file position): the order numpy's stable
 * mergesort on -score produces over images concatenated in ascending id order, each image's
 * detections concatenated by category then file order (pycocotools evaluate + accumulate).
 * Two counting sorts give (image, category, file); a stable radix sort by score finishes it.
 */
export function sortByScoreDesc(rows: Int32Array, score: Float64Array, imageIdx: Int32Array, catIdx: Int32Array, images: number, categories: number): Int32Array {
  const byCat = countingSortBy(rows, catIdx, categories);
  return radixSortDesc(countingSortBy(byCat, imageIdx, images), score);
}

/**
 * Stable LSD radix sort of `order` by descending float64 key (no comparator): the key's IEEE bits
 * are mapped to an unsigned order (negatives flipped, positives with the sign bit set), inverted for
 * descending, and sorted by 16-bit digits, least significant first. -0 sorts with +0 (numpy compares
 * them equal). Keys must not be NaN. O(4n + 4·65536).
 */
export function radixSortDesc(order: Int32Array, key: Float64Array): Int32Array {
  const n = order.length;
  const hi = new Uint32Array(n), lo = new Uint32Array(n);
  const f = new Float64Array(1);
  const u = new Uint32Array(f.buffer);
  for (let i = 0; i < n; i++) {
    f[0] = (key[order[i] as number] as number) + 0; // -0 + 0 === +0
    let h = u[1] as number, l = u[0] as number;
    if ((h & 0x80000000) !== 0) { h = ~h >>> 0; l = ~l >>> 0; } else h = (h | 0x80000000) >>> 0;
    hi[i] = ~h >>> 0; // inverted: larger keys first
    lo[i] = ~l >>> 0;
  }
  let src = new Int32Array(n), dst = new Int32Array(n);
  for (let i = 0; i < n; i++) src[i] = i;
  const counts = new Int32Array(65537);
  for (let pass = 0; pass < 4; pass++) {
    const words = pass < 2 ? lo : hi;
    const shift = (pass & 1) * 16;
    counts.fill(0);
    // the histogram does not depend on the order: read the words sequentially
    for (let i = 0; i < n; i++) {
      const b = (((words[i] as number) >>> shift) & 0xffff) + 1;
      counts[b] = (counts[b] as number) + 1;
    }
    // every key has the same digit: this pass would leave the order as it is
    if (n > 0 && counts[(((words[0] as number) >>> shift) & 0xffff) + 1] === n) continue;
    for (let b = 0; b < 65536; b++) counts[b + 1] = (counts[b + 1] as number) + (counts[b] as number);
    for (let i = 0; i < n; i++) {
      const s = src[i] as number;
      const b = ((words[s] as number) >>> shift) & 0xffff;
      dst[counts[b] as number] = s;
      counts[b] = (counts[b] as number) + 1;
    }
    const t = src; src = dst; dst = t;
  }
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = order[src[i] as number] as number;
  return out;
}
