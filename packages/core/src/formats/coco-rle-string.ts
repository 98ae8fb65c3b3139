import { invalidInput } from '../errors';
import type { RleBatch } from '../kernels/types';

/*
 * COCO compressed RLE strings (the `counts` of `{"size": [h, w], "counts": "..."}`), bit-exact with
 * pycocotools' rleToString / rleFrString (maskApi.c). Each count is written like LEB128 but with 5
 * payload bits per character, bit 0x20 meaning "more characters follow", bit 0x10 of the last
 * character being the sign, and an offset of 48 (characters '0'..'o'). From the fourth count on
 * (index > 2) the value written is the difference to the count two places earlier.
 */

const CHAR_OFFSET = 48;
const MORE = 0x20;
const SIGN = 0x10;
const PAYLOAD = 0x1f;

/** Appends the characters of one signed value to `out` starting at `p`; returns the new end. */
function writeValue(x: number, out: Uint8Array, p: number): number {
  for (;;) {
    // x & 0x1f and an arithmetic shift by 5, written so values beyond int32 stay exact
    const c = x >= -0x40000000 && x < 0x40000000 ? x & PAYLOAD : x - Math.floor(x / 32) * 32;
    x = (x - c) / 32;
    const more = (c & SIGN) !== 0 ? x !== -1 : x !== 0;
    out[p++] = (more ? c | MORE : c) + CHAR_OFFSET;
    if (!more) return p;
  }
}

/**
 * Encodes run-length counts to a COCO compressed string (pycocotools rleToString).
 *
 * @param counts - run lengths, alternating zeros and ones, starting with zeros
 * @param start - first count to encode (default 0)
 * @param end - one past the last count (default `counts.length`)
 * @returns the ASCII string pycocotools writes for the same counts
 * @example encodeRleString(Uint32Array.of(0, 55)) // '0g1'
 */
export function encodeRleString(counts: ArrayLike<number>, start = 0, end = counts.length): string {
  // at most 7 characters per count for uint32 values and their differences
  const out = new Uint8Array(7 * (end - start));
  let p = 0;
  for (let i = start; i < end; i++) {
    const k = i - start;
    const x = k > 2 ? (counts[i] as number) - (counts[i - 2] as number) : (counts[i] as number);
    p = writeValue(x, out, p);
  }
  return bytesToAscii(out, p);
}

function bytesToAscii(bytes: Uint8Array, length: number): string {
  const CHUNK = 8192;
  let s = '';
  for (let i = 0; i < length; i += CHUNK) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, Math.min(length, i + CHUNK)) as unknown as number[]);
  }
  return s;
}

/**
 * Decodes a COCO compressed string into `target` starting at index `at` (pycocotools rleFrString).
 * `target` needs room for `s.length` counts (the most a string of that length can hold).
 *
 * @param s - the compressed `counts` string
 * @param target - receives the counts
 * @param at - index of the first count in `target`
 * @param argument - what to call `s` in error messages (e.g. `dt.json[12].segmentation.counts`)
 * @returns the number of counts written
 * @throws InvalidInputError (TE-206) for a character outside '0'..'o', a truncated value or a count
 *   outside [0, 2^32), naming the argument and character position
 */
export function decodeRleStringInto(s: string, target: Uint32Array, at: number, argument = 'counts', fnName = 'decodeRleString'): number {
  const n = s.length;
  let m = at;
  let p = 0;
  while (p < n) {
    const first = p;
    let c = s.charCodeAt(p++) - CHAR_OFFSET;
    if (c >>> 0 > 63) throw badCharacter(s, first, argument, fnName);
    let x: number;
    if ((c & MORE) === 0) {
      // one character (most counts): 5 bits, two's complement
      x = (c & SIGN) !== 0 ? c - 32 : c;
    } else {
      x = c & PAYLOAD;
      let shift = 5;
      do {
        if (p >= n) throw invalidInput(fnName, argument, 'be a complete COCO compressed RLE string', `a value cut off at character ${first}`, 'TE-206');
        c = s.charCodeAt(p) - CHAR_OFFSET;
        if (c >>> 0 > 63) throw badCharacter(s, p, argument, fnName);
        p++;
        // integer shifts while the value fits 30 bits; beyond, exact float arithmetic
        x = shift < 30 ? x | ((c & PAYLOAD) << shift) : x + (c & PAYLOAD) * 2 ** shift;
        shift += 5;
      } while ((c & MORE) !== 0);
      if ((c & SIGN) !== 0) x -= 2 ** shift;
    }
    if (m - at > 2) x += target[m - 2] as number;
    // x is an integer here, so this is 0 <= x < 2^32
    if (x >>> 0 !== x) {
      throw invalidInput(fnName, argument, 'decode to run lengths in [0, 2^32)', `${x} for count ${m - at} (characters ${first}..${p - 1})`, 'TE-206');
    }
    target[m++] = x;
  }
  return m - at;
}

function badCharacter(s: string, p: number, argument: string, fnName: string) {
  return invalidInput(fnName, argument, "contain only the characters '0'..'o' of COCO compressed RLE", `${JSON.stringify(s[p])} at character ${p}`, 'TE-206');
}

/**
 * Decodes a COCO compressed string to its run-length counts (pycocotools rleFrString).
 * @example decodeRleString('0g1') // Uint32Array [0, 55]
 */
export function decodeRleString(s: string, argument = 'counts'): Uint32Array {
  const target = new Uint32Array(s.length);
  const m = decodeRleStringInto(s, target, 0, argument);
  return target.slice(0, m);
}

/** One COCO RLE object as it appears in JSON. */
export interface CocoRleObject {
  size: [number, number] | number[];
  counts: string;
}

/**
 * Builds an {@link RleBatch} from COCO compressed RLE objects (`{size: [h, w], counts: string}`).
 * Checks each size and that each mask's counts cover exactly h × w pixels.
 */
export function rleBatchFromStrings(objects: ReadonlyArray<CocoRleObject>, argument = 'rles', fnName = 'rleBatchFromStrings'): RleBatch {
  const n = objects.length;
  let capacity = 0;
  for (let i = 0; i < n; i++) capacity += (objects[i] as CocoRleObject).counts.length;
  const counts = new Uint32Array(capacity);
  const offsets = new Int32Array(n + 1);
  const heights = new Int32Array(n);
  const widths = new Int32Array(n);
  let end = 0;
  for (let i = 0; i < n; i++) {
    const obj = objects[i] as CocoRleObject;
    const h = obj.size[0];
    const w = obj.size[1];
    if (obj.size.length !== 2 || !Number.isInteger(h) || !Number.isInteger(w) || (h as number) < 0 || (w as number) < 0) {
      throw invalidInput(fnName, { argument, index: i }, 'have size [height, width] of non-negative integers', JSON.stringify(obj.size), 'TE-206');
    }
    const m = decodeRleStringInto(obj.counts, counts, end, `${argument}[${i}].counts`, fnName);
    let total = 0;
    for (let k = end; k < end + m; k++) total += counts[k] as number;
    if (total !== (h as number) * (w as number)) {
      throw invalidInput(fnName, { argument, index: i }, `have counts summing to height × width (${h} × ${w} = ${(h as number) * (w as number)})`, `a sum of ${total}`, 'TE-206');
    }
    heights[i] = h as number;
    widths[i] = w as number;
    end += m;
    offsets[i + 1] = end;
  }
  return { counts: counts.slice(0, end), offsets, heights, widths };
}

/** Encodes every mask of an {@link RleBatch} to COCO RLE objects with compressed strings. */
export function rleBatchToStrings(batch: RleBatch): CocoRleObject[] {
  const n = batch.heights.length;
  const out: CocoRleObject[] = new Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = { size: [batch.heights[i] as number, batch.widths[i] as number], counts: encodeRleString(batch.counts, batch.offsets[i], batch.offsets[i + 1]) };
  }
  return out;
}
