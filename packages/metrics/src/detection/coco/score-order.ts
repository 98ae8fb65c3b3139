import { countingSortBy, identityOrder } from '../../columns/counting-sort';

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

/** More sorted runs than this and {@link rowsInScoreOrder} sorts from scratch instead of merging them. */
const MAX_MERGED_RUNS = 64;

/**
 * Row indices of columns in (score desc, image, category, file position) order, as
 * {@link sortByScoreDesc} gives for detections. `presorted` (default: the rows as they are) is a
 * permutation of the rows that comes as a few sorted runs — the orders of image shards' states,
 * concatenated — which are merged in O(n log runs). Past 64 runs the rows are sorted from scratch.
 * Keys are unique in a state (the file position is), so both give the one order; rows with equal
 * keys would come in `presorted`'s order, or in row order from scratch. `alloc` gives the memory
 * of the result.
 */
export function rowsInScoreOrder(cols: { score: Float64Array; image: Int32Array; category: Int32Array; file: Int32Array }, images: number, categories: number, alloc: (bytes: number) => ArrayBufferLike = (b) => new ArrayBuffer(b), presorted?: Int32Array): Int32Array {
  const { score, image, category, file } = cols;
  const n = score.length;
  const out = new Int32Array(alloc(4 * n));
  // a precedes b strictly in the order
  const before = (a: number, b: number): boolean => {
    const sa = score[a] as number, sb = score[b] as number;
    if (sa !== sb) return sa > sb;
    if (image[a] !== image[b]) return (image[a] as number) < (image[b] as number);
    if (category[a] !== category[b]) return (category[a] as number) < (category[b] as number);
    return (file[a] as number) < (file[b] as number);
  };
  const given: Int32Array = presorted !== undefined && isPermutation(presorted, n) ? presorted : identityOrder(n);
  const starts = [0];
  for (let i = 1; i < n && starts.length <= MAX_MERGED_RUNS; i++) if (before(given[i] as number, given[i - 1] as number)) starts.push(i);
  // one run (a one-pass state): already in order
  if (starts.length === 1) {
    out.set(given);
    return out;
  }
  if (starts.length > MAX_MERGED_RUNS) {
    let maxFile = -1;
    for (let r = 0; r < n; r++) if ((file[r] as number) > maxFile) maxFile = file[r] as number;
    out.set(sortByScoreDesc(countingSortBy(identityOrder(n), file, maxFile + 1), score, image, category, images, categories));
    return out;
  }
  // merge neighbouring runs pairwise until one is left, between two buffers (never writing into `presorted`)
  let src: Int32Array = given === presorted ? given.slice() : given;
  let dst: Int32Array = new Int32Array(n);
  let bounds = [...starts, n];
  while (bounds.length > 2) {
    const next = [0];
    for (let k = 0; k + 1 < bounds.length; k += 2) {
      const lo = bounds[k] as number, mid = bounds[k + 1] as number, hi = bounds[k + 2] ?? mid;
      let i = lo, j = mid, o = lo;
      while (i < mid && j < hi) dst[o++] = before(src[j] as number, src[i] as number) ? (src[j++] as number) : (src[i++] as number);
      while (i < mid) dst[o++] = src[i++] as number;
      while (j < hi) dst[o++] = src[j++] as number;
      next.push(hi);
    }
    bounds = next;
    const t = src; src = dst; dst = t;
  }
  out.set(src);
  return out;
}

/** Whether `p` holds each of 0 … n - 1 once (a presorted order from a file is checked, not trusted). */
function isPermutation(p: Int32Array, n: number): boolean {
  if (p.length !== n) return false;
  const seen = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const r = p[i] as number;
    if (!(r >= 0 && r < n) || seen[r] === 1) return false;
    seen[r] = 1;
  }
  return true;
}
