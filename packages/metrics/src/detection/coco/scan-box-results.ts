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
  /** With `withMasks`: each record's compressed RLE, decoded while scanning (no string per mask). */
  masks?: RleBatch;
  /**
   * With `withMasks` and `lazyMasks`: where each record's compressed RLE string lies in the text,
   * decoded later only for the records that are evaluated ({@link decodeMaskRefs}).
   */
  maskRefs?: MaskRefs;
}

/** Compressed RLE strings left in the results text: record i's counts are text[starts[i], ends[i]). */
export interface MaskRefs {
  text: string;
  starts: Int32Array;
  ends: Int32Array;
  heights: Int32Array;
  widths: Int32Array;
}

import type { RleBatch } from '@tensoreval/core';

const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k); // exact doubles up to 1e22

const enum Key { Other, ImageId, CategoryId, Score, Bbox, Segmentation }
const COMMA = 0, CLOSED = 1, BAD = 2;

/** A JSON string's body up to and including its closing quote, when it has no escape or control character. */
const PLAIN_STRING_BODY = /[^"\\\x00-\x1f]*"/y;

/**
 * @param withMasks - also read each record's `segmentation`, which must then be a compressed RLE
 *   (polygons, uncompressed RLE or a missing mask decline)
 * @param lazyMasks - with `withMasks`: only locate each RLE string (`maskRefs`) and read its size;
 *   the strings are decoded and checked later by {@link decodeMaskRefs}, for the records evaluated
 */
export function scanBoxResults(text: string, withMasks = false, lazyMasks = false): ScannedBoxResults | undefined {
  const n = text.length;
  let i = 0;
  let cap = 1024, count = 0;
  let imageId = new Float64Array(cap), categoryId = new Float64Array(cap), score = new Float64Array(cap), boxes = new Float64Array(4 * cap);
  let num = 0; // value of the last number read
  // decoded masks: counts appended to a growing buffer, one (offset, height, width) per record
  let counts = new Uint32Array(withMasks ? 1 << 20 : 0), used = 0;
  let maskOffsets = new Int32Array(withMasks ? cap + 1 : 0), heights = new Int32Array(withMasks ? cap : 0), widths = new Int32Array(withMasks ? cap : 0);
  const lazy = withMasks && lazyMasks;
  if (lazy) counts = new Uint32Array(0);
  let starts = new Int32Array(lazy ? cap : 0), ends = new Int32Array(lazy ? cap : 0);
  let refStart = 0, refEnd = 0;
  // Lazy masks: finds the end of an RLE string at i (a JSON string body whose only escapes are '\\');
  // false on anything else (the JSON.parse path takes the file).
  const skipCounts = (): boolean => {
    const re = PLAIN_STRING_BODY;
    re.lastIndex = i;
    if (re.test(text)) { refStart = i; refEnd = re.lastIndex - 1; i = re.lastIndex; return true; }
    const t = text, len = n;
    let p = i;
    for (; p < len; p++) {
      const c = t.charCodeAt(p);
      if (c === 34) break;
      if (c < 32) return false;
      if (c === 92) {
        if (t.charCodeAt(p + 1) !== 92) return false;
        p++;
      }
    }
    if (p >= len) return false;
    refStart = i;
    refEnd = p;
    i = p + 1;
    return true;
  };

  // The helpers below copy the cursor into a local for their loops and store it back once:
  // V8 keeps locals in registers, not variables shared between closures.
  const ws = () => {
    const t = text;
    let p = i;
    for (let c = t.charCodeAt(p); c === 32 || c === 10 || c === 13 || c === 9; c = t.charCodeAt(++p));
    i = p;
  };
  // Reads a JSON number at i into `num`; false if there is none. A decimal literal whose digits form an
  // integer below 2^53 with at most 22 after the point is exact as mantissa / 10^k (Clinger's fast
  // path: both exact, one correctly rounded division); others go through Number().
  const readNumber = (): boolean => {
    const t = text;
    const start = i;
    let p = i;
    let neg = false;
    if (t.charCodeAt(p) === 45) { neg = true; p++; }
    let mant = 0, frac = 0, c = t.charCodeAt(p);
    if (c < 48 || c > 57) return false;
    for (; c >= 48 && c <= 57; c = t.charCodeAt(++p)) mant = mant * 10 + (c - 48);
    if (c === 46) {
      c = t.charCodeAt(++p);
      if (c < 48 || c > 57) return false;
      for (; c >= 48 && c <= 57; c = t.charCodeAt(++p)) { mant = mant * 10 + (c - 48); frac++; }
    }
    // While the digits' integer stays below 2^53 every partial value is exact; once it reaches 2^53
    // the rounded mant is >= 2^53 too (rounding is monotonic), so the test cannot pass wrongly.
    if (c === 101 || c === 69 || !(mant < 9007199254740992) || frac > 22) {
      if (c === 101 || c === 69) {
        c = t.charCodeAt(++p);
        if (c === 43 || c === 45) c = t.charCodeAt(++p);
        if (c < 48 || c > 57) return false;
        for (; c >= 48 && c <= 57; c = t.charCodeAt(++p));
      }
      i = p;
      num = Number(t.slice(start, p));
      return Number.isFinite(num);
    }
    i = p;
    num = frac === 0 ? mant : mant / (POW10[frac] as number);
    if (neg) num = -num;
    return true;
  };
  // Skips any JSON value (strings with escapes, nested arrays and objects); false on malformed text.
  const skipValue = (): boolean => {
    const t = text, len = n;
    let p = i, depth = 0;
    do {
      const c = t.charCodeAt(p);
      if (c === 34) {
        for (p++; p < len; p++) {
          const d = t.charCodeAt(p);
          if (d === 92) p++;
          else if (d === 34) break;
        }
        if (p >= len) return false;
        p++;
      } else if (c === 91 || c === 123) { depth++; p++; }
      else if (c === 93 || c === 125) { if (depth === 0) return false; depth--; p++; }
      else if (depth > 0) p++;
      else {
        // a bare literal: number, true, false, null
        const start = p;
        while (p < len) {
          const d = t.charCodeAt(p);
          if (d === 44 || d === 93 || d === 125 || d === 32 || d === 10 || d === 13 || d === 9) break;
          p++;
        }
        if (p === start) return false;
      }
    } while (depth > 0 && p < len);
    i = p;
    return depth === 0;
  };
  // Decodes a compressed RLE string at i (COCO's 6-bit characters from '0', counts after the second
  // delta-coded against the count two before) into `counts`; false on anything malformed.
  const decodeCounts = (): boolean => {
    // Locals, not the closure's variables, inside the hot loop (V8 keeps them in registers).
    const t = text, len = n;
    let buf = counts, u = used, p = i;
    let x = 0, scale = 1, m = 0, ok = false;
    for (; p < len; p++) {
      let c = t.charCodeAt(p);
      if (c === 34) { ok = scale === 1; break; }
      if (c === 92) {
        if (t.charCodeAt(p + 1) !== 92) break; // only '\\' (the alphabet's backslash) is accepted
        p++;
      }
      c -= 48;
      if (c < 0 || c > 63) break;
      x += (c & 0x1f) * scale;
      scale *= 32;
      if ((c & 0x20) !== 0) continue;
      if ((c & 0x10) !== 0) x -= scale;
      if (m > 2) x += buf[u - 2] as number;
      if (x < 0 || x > 0xffffffff) break;
      if (u === buf.length) { const grown = new Uint32Array(2 * buf.length); grown.set(buf); buf = grown; }
      buf[u++] = x;
      m++;
      x = 0;
      scale = 1;
    }
    counts = buf;
    used = u;
    i = p + 1;
    return ok; // false: a bad character or escape, a value cut off, or no closing quote
  };
  // A compressed RLE object {"size": [h, w], "counts": "..."} (any key order, other keys skipped),
  // decoded as mask `count`; its runs must cover h × w pixels.
  const readRle = (): boolean => {
    if (text.charCodeAt(i) !== 123) return false;
    i++;
    const start = used;
    let h = -1, w = -1, haveCounts = false;
    ws();
    for (;;) {
      if (text.charCodeAt(i) !== 34) return false;
      const ks = ++i;
      let isSize = false, isCounts = false;
      if (text.startsWith('counts"', ks)) { isCounts = true; i = ks + 6; }
      else if (text.startsWith('size"', ks)) { isSize = true; i = ks + 4; }
      else {
        while (i < n && text.charCodeAt(i) !== 34) { if (text.charCodeAt(i) === 92) return false; i++; }
      }
      i++;
      ws();
      if (text.charCodeAt(i) !== 58) return false;
      i++;
      ws();
      if (isSize) {
        if (text.charCodeAt(i) !== 91) return false;
        i++;
        ws();
        if (!readNumber()) return false;
        h = num;
        if (separator(93) !== COMMA) return false;
        ws();
        if (!readNumber()) return false;
        w = num;
        if (separator(93) !== CLOSED) return false;
      } else if (isCounts) {
        if (haveCounts || text.charCodeAt(i) !== 34) return false; // uncompressed counts: the JSON.parse path
        i++;
        if (!(lazy ? skipCounts() : decodeCounts())) return false;
        haveCounts = true;
      } else if (!skipValue()) return false;
      const sep = separator(125);
      if (sep === CLOSED) break;
      if (sep === BAD) return false;
      ws();
    }
    if (!haveCounts || !Number.isInteger(h) || !Number.isInteger(w) || h < 0 || w < 0 || h * w > 0xffffffff) return false;
    if (lazy) {
      starts[count] = refStart;
      ends[count] = refEnd;
      heights[count] = h;
      widths[count] = w;
      return true;
    }
    let total = 0;
    for (let k = start; k < used; k++) total += counts[k] as number;
    if (total !== h * w) return false;
    heights[count] = h;
    widths[count] = w;
    maskOffsets[count + 1] = used;
    return true;
  };
  // After a value: a comma (more follows), the closing bracket `close`, or anything else (malformed).
  const separator = (close: number): number => {
    ws();
    const c = text.charCodeAt(i++);
    return c === close ? CLOSED : c === 44 ? COMMA : BAD;
  };
  const keyAt = (start: number, end: number): Key => {
    const len = end - start;
    if (len === 8 && text.startsWith('image_id', start)) return Key.ImageId;
    if (len === 11 && text.startsWith('category_id', start)) return Key.CategoryId;
    if (len === 5 && text.startsWith('score', start)) return Key.Score;
    if (len === 4 && text.startsWith('bbox', start)) return Key.Bbox;
    if (withMasks && len === 12 && text.startsWith('segmentation', start)) return Key.Segmentation;
    return Key.Other;
  };

  ws();
  if (text.charCodeAt(i) !== 91) return undefined;
  i++;
  ws();
  if (text.charCodeAt(i) === 93) return undefined; // empty: the regular loader handles it
  for (;;) {
    ws();
    if (text.charCodeAt(i) !== 123) return undefined;
    i++;
    if (count === cap) {
      cap *= 2;
      const grow = (a: Float64Array, k: number) => { const b = new Float64Array(k * cap); b.set(a); return b; };
      imageId = grow(imageId, 1); categoryId = grow(categoryId, 1); score = grow(score, 1); boxes = grow(boxes, 4);
      if (withMasks) {
        const mo = new Int32Array(cap + 1); mo.set(maskOffsets); maskOffsets = mo;
        const hh = new Int32Array(cap); hh.set(heights); heights = hh;
        const ww = new Int32Array(cap); ww.set(widths); widths = ww;
      }
      if (lazy) {
        const ss = new Int32Array(cap); ss.set(starts); starts = ss;
        const ee = new Int32Array(cap); ee.set(ends); ends = ee;
      }
    }
    let seen = 0;
    ws();
    if (text.charCodeAt(i) === 125) return undefined;
    for (;;) {
      if (text.charCodeAt(i) !== 34) return undefined;
      const ks = ++i;
      // the usual keys, each followed by its closing quote, are recognised at once
      let key: Key;
      const k0 = text.charCodeAt(ks);
      if (k0 === 105 && text.startsWith('image_id"', ks)) { key = Key.ImageId; i = ks + 8; }
      else if (k0 === 99 && text.startsWith('category_id"', ks)) { key = Key.CategoryId; i = ks + 11; }
      else if (k0 === 98 && text.startsWith('bbox"', ks)) { key = Key.Bbox; i = ks + 4; }
      else if (k0 === 115 && text.startsWith('score"', ks)) { key = Key.Score; i = ks + 5; }
      else if (withMasks && k0 === 115 && text.startsWith('segmentation"', ks)) { key = Key.Segmentation; i = ks + 12; }
      else {
        while (i < n && text.charCodeAt(i) !== 34) { if (text.charCodeAt(i) === 92) return undefined; i++; }
        key = keyAt(ks, i);
      }
      i++;
      ws();
      if (text.charCodeAt(i) !== 58) return undefined;
      i++;
      ws();
      if (key === Key.Other) {
        if (!skipValue()) return undefined;
      } else if (key === Key.Segmentation) {
        if ((seen & 16) !== 0 || !readRle()) return undefined;
        seen |= 16;
      } else if (key === Key.Bbox) {
        if (text.charCodeAt(i) !== 91) return undefined;
        i++;
        for (let k = 0; k < 4; k++) {
          ws();
          if (!readNumber()) return undefined;
          boxes[4 * count + k] = num;
          ws();
          if (text.charCodeAt(i) !== (k < 3 ? 44 : 93)) return undefined;
          i++;
        }
        seen |= 8;
      } else {
        if (!readNumber()) return undefined;
        if (key === Key.ImageId) { imageId[count] = num; seen |= 1; }
        else if (key === Key.CategoryId) { categoryId[count] = num; seen |= 2; }
        else { score[count] = num; seen |= 4; }
      }
      const sep = separator(125);
      if (sep === CLOSED) break;
      if (sep === BAD) return undefined;
      ws();
    }
    if (seen !== (withMasks ? 31 : 15)) return undefined;
    count++;
    const sep = separator(93);
    if (sep === CLOSED) break;
    if (sep === BAD) return undefined;
  }
  ws();
  if (i < n) return undefined;
  const out: ScannedBoxResults = { count, imageId: imageId.subarray(0, count), categoryId: categoryId.subarray(0, count), score: score.subarray(0, count), boxes: boxes.subarray(0, 4 * count) };
  if (lazy) out.maskRefs = { text, starts: starts.subarray(0, count), ends: ends.subarray(0, count), heights: heights.subarray(0, count), widths: widths.subarray(0, count) };
  else if (withMasks) out.masks = { counts: counts.subarray(0, used), offsets: maskOffsets.subarray(0, count + 1), heights: heights.subarray(0, count), widths: widths.subarray(0, count) };
  return out;
}

/**
 * Decodes the RLE strings of records `rows` (in that order) into one batch, checking them as the
 * eager scan does: COCO's 6-bit characters, whole values, counts within uint32, runs covering
 * height × width. Returns undefined if any is malformed (the caller then takes the JSON.parse path,
 * which reports the error by file, record and rule). Where `checkOnly[q]` is 1 the string is checked
 * the same way but not kept: that row gets an empty 0 × 0 mask (for rows that take part in no pair).
 */
export function decodeMaskRefs(refs: MaskRefs, rows: Int32Array, checkOnly?: Uint8Array): RleBatch | undefined {
  const { text: t, starts, ends } = refs;
  const n = rows.length;
  let cap = 0, scratch = 0;
  for (let q = 0; q < n; q++) {
    const r = rows[q] as number;
    const len = (ends[r] as number) - (starts[r] as number);
    if (checkOnly !== undefined && checkOnly[q] !== 0) scratch = Math.max(scratch, len);
    else cap += len;
  }
  const buf = new Uint32Array(cap + scratch); // one count per character at most
  const offsets = new Int32Array(n + 1), heights = new Int32Array(n), widths = new Int32Array(n);
  let u = 0;
  for (let q = 0; q < n; q++) {
    const r = rows[q] as number;
    const end = ends[r] as number;
    const first = u;
    let x = 0, scale = 1, m = 0, total = 0;
    for (let p = starts[r] as number; p < end; p++) {
      let c = t.charCodeAt(p);
      if (c === 92) p++; // '\\' (checked by the scan): the alphabet's backslash
      c -= 48;
      if (c < 0 || c > 63) return undefined;
      x += (c & 0x1f) * scale;
      scale *= 32;
      if ((c & 0x20) !== 0) continue;
      if ((c & 0x10) !== 0) x -= scale;
      if (m > 2) x += buf[u - 2] as number;
      if (x < 0 || x > 0xffffffff) return undefined;
      buf[u++] = x;
      total += x;
      m++;
      x = 0;
      scale = 1;
    }
    const h = refs.heights[r] as number, w = refs.widths[r] as number;
    if (scale !== 1 || total !== h * w) return undefined;
    if (checkOnly !== undefined && checkOnly[q] !== 0) {
      u = first; // checked, not kept
    } else {
      heights[q] = h;
      widths[q] = w;
    }
    offsets[q + 1] = u;
  }
  return { counts: buf.subarray(0, u), offsets, heights, widths };
}
