import { decodeRleRange, type RleBatch } from '@tensoreval/core';
import { identityOrder } from '../../columns/counting-sort';
import { CLOSE_BRACE, CLOSE_BRACKET, JsonCursor, OPEN_BRACE, OPEN_BRACKET, QUOTE, Separator } from './json-cursor';

/**
 * Fast path for box results: reads a results file's text straight into columns, without building a
 * JavaScript object per record (JSON.parse plus the garbage collection of its objects is about half of
 * a bbox evaluation). It accepts only the regular shape — an array of objects with numeric `image_id`,
 * `category_id`, `score` and a 4-number `bbox`; other keys' values are skipped — and returns undefined
 * for anything else, so that irregular input goes through JSON.parse and the loader, which reports
 * errors by file, record and rule.
 */
export interface ScannedBoxResults {
  count: number;
  imageId: Float64Array;
  categoryId: Float64Array;
  score: Float64Array;
  /** xywh, stride 4 */
  boxes: Float64Array;
  /** With `masks: 'decode'`: each record's compressed RLE (no string per mask). */
  masks?: RleBatch;
  /**
   * With `masks: 'locate'`: where each record's compressed RLE string lies in the text, decoded later
   * only for the records that are evaluated ({@link decodeMaskRefs}).
   */
  maskRefs?: MaskRefs;
}

/**
 * Compressed RLE strings left in the results text: record i's counts are text[starts[i], ends[i]); a
 * negative start ~s marks a string at s holding escaped backslashes (the alphabet's '\\', written `\\\\` in JSON).
 * `text` may hold only part of the file: it then starts at the file's character `base`, holds the
 * strings of the records that will be decoded, and `wholeText` gives the whole file's text.
 */
export interface MaskRefs {
  text: string;
  base?: number;
  wholeText?: () => string;
  starts: Int32Array;
  ends: Int32Array;
  heights: Int32Array;
  widths: Int32Array;
}

export interface ScanBoxOptions {
  /**
   * Each record's `segmentation`, which must then be a compressed RLE (polygons, uncompressed RLE or
   * a missing mask decline): 'skip' it (default), 'decode' every string into `masks`, or 'locate'
   * the strings and read their sizes only (`maskRefs`, decoded and checked later by
   * {@link decodeMaskRefs} for the records evaluated).
   */
  masks?: 'skip' | 'decode' | 'locate';
}

const enum Key { Other, ImageId, CategoryId, Score, Bbox, Segmentation }
// Which required keys a record has shown (bit flags).
const SEEN_IMAGE = 1, SEEN_CATEGORY = 2, SEEN_SCORE = 4, SEEN_BBOX = 8, SEEN_SEGMENTATION = 16;
const SEEN_BOX_RECORD = SEEN_IMAGE | SEEN_CATEGORY | SEEN_SCORE | SEEN_BBOX;
const MAX_PIXELS = 0xffffffff;

/** Growable columns of the records read so far. */
class Columns {
  cap = 1024;
  imageId = new Float64Array(this.cap);
  categoryId = new Float64Array(this.cap);
  score = new Float64Array(this.cap);
  boxes = new Float64Array(4 * this.cap);
  // with masks: where each RLE string lies and its size
  starts: Int32Array;
  ends: Int32Array;
  heights: Int32Array;
  widths: Int32Array;

  constructor(readonly withMasks: boolean) {
    const m = withMasks ? this.cap : 0;
    this.starts = new Int32Array(m);
    this.ends = new Int32Array(m);
    this.heights = new Int32Array(m);
    this.widths = new Int32Array(m);
  }

  /** Room for record `count`. */
  reserve(count: number): void {
    if (count < this.cap) return;
    const cap = 2 * this.cap;
    this.cap = cap;
    const grow = <T extends Float64Array | Int32Array>(a: T, k: number): T => {
      const b = new (a.constructor as { new (n: number): T })(k * cap);
      b.set(a);
      return b;
    };
    this.imageId = grow(this.imageId, 1); this.categoryId = grow(this.categoryId, 1); this.score = grow(this.score, 1); this.boxes = grow(this.boxes, 4);
    if (this.withMasks) {
      this.starts = grow(this.starts, 1); this.ends = grow(this.ends, 1); this.heights = grow(this.heights, 1); this.widths = grow(this.widths, 1);
    }
  }
}

/**
 * Reads a compressed RLE object {"size": [h, w], "counts": "..."} (any key order, other keys skipped)
 * as record `count`'s mask: locates its string and reads its size. False on anything else.
 */
function readRle(cur: JsonCursor, cols: Columns, count: number): boolean {
  if (!cur.take(OPEN_BRACE)) return false;
  let h = -1, w = -1, haveCounts = false;
  cur.skipWhitespace();
  for (;;) {
    const letter = cur.text.charCodeAt(cur.pos + 1);
    const isCounts = letter === LETTER_C && cur.takeWord('"counts"');
    const isSize = letter === LETTER_S && cur.takeWord('"size"');
    if (!isCounts && !isSize && !cur.skipKey()) return false;
    if (!cur.colon()) return false;
    if (isSize) {
      if (!cur.take(OPEN_BRACKET)) return false;
      cur.skipWhitespace();
      if (!cur.readNumber()) return false;
      h = cur.num;
      if (cur.separator(CLOSE_BRACKET) !== Separator.Comma) return false;
      cur.skipWhitespace();
      if (!cur.readNumber()) return false;
      w = cur.num;
      if (cur.separator(CLOSE_BRACKET) !== Separator.Closed) return false;
    } else if (isCounts) {
      // uncompressed counts (an array) decline: the JSON.parse path
      if (haveCounts || !cur.take(QUOTE) || !cur.readStringBody()) return false;
      haveCounts = true;
    } else if (!cur.skipValue()) return false;
    const sep = cur.separator(CLOSE_BRACE);
    if (sep === Separator.Closed) break;
    if (sep === Separator.Bad) return false;
    cur.skipWhitespace();
  }
  if (!haveCounts || !Number.isInteger(h) || !Number.isInteger(w) || h < 0 || w < 0 || h * w > MAX_PIXELS) return false;
  // an escaped backslash is marked by a negative start (rare: the alphabet's '\\' character)
  cols.starts[count] = cur.stringEscaped ? ~cur.stringStart : cur.stringStart;
  cols.ends[count] = cur.stringEnd;
  cols.heights[count] = h;
  cols.widths[count] = w;
  return true;
}

// First letters of the keys a record is read by (the character after the key's opening quote).
const LETTER_B = 98, LETTER_C = 99, LETTER_I = 105, LETTER_S = 115;

/**
 * The record key at the cursor (on its opening quote); the usual keys are recognised at once, by
 * their first letter and then one comparison (a comparison per candidate key cost a sixth of a scan).
 */
function readKey(cur: JsonCursor, withMasks: boolean): Key | undefined {
  switch (cur.text.charCodeAt(cur.pos + 1)) {
    case LETTER_I: if (cur.takeWord('"image_id"')) return Key.ImageId; break;
    case LETTER_C: if (cur.takeWord('"category_id"')) return Key.CategoryId; break;
    case LETTER_B: if (cur.takeWord('"bbox"')) return Key.Bbox; break;
    case LETTER_S:
      if (cur.takeWord('"score"')) return Key.Score;
      if (withMasks && cur.takeWord('"segmentation"')) return Key.Segmentation;
      break;
  }
  return cur.skipKey() ? Key.Other : undefined;
}

/** Reads a results file's text into columns, or returns undefined where it is not the regular shape. */
export function scanBoxResults(text: string, options: ScanBoxOptions = {}): ScannedBoxResults | undefined {
  const mode = options.masks ?? 'skip';
  const withMasks = mode !== 'skip';
  const cur = new JsonCursor(text);
  const cols = new Columns(withMasks);
  let count = 0;
  cur.skipWhitespace();
  if (!cur.take(OPEN_BRACKET)) return undefined;
  cur.skipWhitespace();
  if (cur.peek() === CLOSE_BRACKET) return undefined; // empty: the regular loader handles it
  for (;;) {
    cur.skipWhitespace();
    if (!cur.take(OPEN_BRACE)) return undefined;
    cols.reserve(count);
    let seen = 0;
    cur.skipWhitespace();
    if (cur.peek() === CLOSE_BRACE) return undefined;
    for (;;) {
      const key = readKey(cur, withMasks);
      if (key === undefined || !cur.colon()) return undefined;
      if (key === Key.Other) {
        if (!cur.skipValue()) return undefined;
      } else if (key === Key.Segmentation) {
        if ((seen & SEEN_SEGMENTATION) !== 0 || !readRle(cur, cols, count)) return undefined;
        seen |= SEEN_SEGMENTATION;
      } else if (key === Key.Bbox) {
        if (!cur.take(OPEN_BRACKET)) return undefined;
        const boxes = cols.boxes;
        for (let k = 0; k < 4; k++) {
          cur.skipWhitespace();
          if (!cur.readNumber()) return undefined;
          boxes[4 * count + k] = cur.num;
          if (cur.separator(CLOSE_BRACKET) !== (k < 3 ? Separator.Comma : Separator.Closed)) return undefined;
        }
        seen |= SEEN_BBOX;
      } else {
        if (!cur.readNumber()) return undefined;
        if (key === Key.ImageId) { cols.imageId[count] = cur.num; seen |= SEEN_IMAGE; }
        else if (key === Key.CategoryId) { cols.categoryId[count] = cur.num; seen |= SEEN_CATEGORY; }
        else { cols.score[count] = cur.num; seen |= SEEN_SCORE; }
      }
      const sep = cur.separator(CLOSE_BRACE);
      if (sep === Separator.Closed) break;
      if (sep === Separator.Bad) return undefined;
      cur.skipWhitespace();
    }
    if (seen !== (withMasks ? SEEN_BOX_RECORD | SEEN_SEGMENTATION : SEEN_BOX_RECORD)) return undefined;
    count++;
    const sep = cur.separator(CLOSE_BRACKET);
    if (sep === Separator.Closed) break;
    if (sep === Separator.Bad) return undefined;
  }
  cur.skipWhitespace();
  if (!cur.atEnd) return undefined;
  const out: ScannedBoxResults = { count, imageId: cols.imageId.subarray(0, count), categoryId: cols.categoryId.subarray(0, count), score: cols.score.subarray(0, count), boxes: cols.boxes.subarray(0, 4 * count) };
  if (!withMasks) return out;
  const refs: MaskRefs = { text, starts: cols.starts.subarray(0, count), ends: cols.ends.subarray(0, count), heights: cols.heights.subarray(0, count), widths: cols.widths.subarray(0, count) };
  if (mode === 'locate') {
    out.maskRefs = refs;
    return out;
  }
  const masks = decodeMaskRefs(refs, identityOrder(count));
  if (masks === undefined) return undefined;
  out.masks = masks;
  return out;
}

/**
 * Decodes the RLE strings of records `rows` (in that order) into one batch with core's decoder,
 * checking COCO's 6-bit characters, whole values, counts within uint32 and runs covering
 * height × width. Returns undefined if any is malformed (the caller then takes the JSON.parse path,
 * which reports the error by file, record and rule). Where `checkOnly[q]` is 1 the string is checked
 * the same way but not kept: that row gets an empty 0 × 0 mask (for rows that take part in no pair).
 */
export function decodeMaskRefs(refs: MaskRefs, rows: Int32Array, checkOnly?: Uint8Array): RleBatch | undefined {
  const { text, starts, ends } = refs;
  const base = refs.base ?? 0;
  const n = rows.length;
  let cap = 0, scratch = 0;
  for (let q = 0; q < n; q++) {
    const r = rows[q] as number;
    const start = starts[r] as number;
    const len = (ends[r] as number) - (start < 0 ? ~start : start);
    if (checkOnly !== undefined && checkOnly[q] !== 0) scratch = Math.max(scratch, len);
    else cap += len;
  }
  const buf = new Uint32Array(cap + scratch); // one count per character at most
  const offsets = new Int32Array(n + 1), heights = new Int32Array(n), widths = new Int32Array(n);
  let u = 0;
  for (let q = 0; q < n; q++) {
    const r = rows[q] as number;
    const start = starts[r] as number, end = ends[r] as number;
    const h = refs.heights[r] as number, w = refs.widths[r] as number;
    const m = decodeRleRange(text, (start < 0 ? ~start : start) - base, end - base, buf, u, h * w, start < 0);
    if (m < 0) return undefined;
    if (checkOnly === undefined || checkOnly[q] === 0) {
      u += m;
      heights[q] = h;
      widths[q] = w;
    } // else: checked, not kept
    offsets[q + 1] = u;
  }
  return { counts: buf.subarray(0, u), offsets, heights, widths };
}
