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
/** The alphabet's '\\' (92 - 48), written `\\\\` inside a JSON string. */
const BACKSLASH = 44;

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

/** Why the last {@link decodeRleRange} call failed, for the error message of the throwing decoders. */
const failure = { kind: 0 as FailureKind, first: 0, at: 0, value: 0, index: 0 };
const BAD_CHARACTER = 0, CUT_OFF = 1, OUT_OF_RANGE = 2, WRONG_TOTAL = 3;
type FailureKind = 0 | 1 | 2 | 3;

/**
 * Decodes the compressed string `s[start, end)` into `target` from index `at` (pycocotools
 * rleFrString): the one decoder behind every compressed-RLE reader. `target` needs room for
 * `end - start` counts (the most that many characters can hold). Does not throw.
 *
 * @param pixels - when >= 0, the counts must sum to it (height × width)
 * @param jsonEscaped - `s[start, end)` is the body of a JSON string in which each of the alphabet's
 *   backslashes is escaped (written as two, as a results file's text holds them): each pair is read
 *   as one character, so the text needs no unescaped copy. No other escape may occur.
 * @returns the number of counts written, or -1 for a character outside '0'..'o', a value cut off,
 *   a count outside [0, 2^32) or counts not summing to `pixels`
 */
export function decodeRleRange(s: string, start: number, end: number, target: Uint32Array, at: number, pixels = -1, jsonEscaped = false): number {
  // One loop over characters (not one per value): 5 payload bits per character at `scale`, exact
  // in float64 for every value a uint32 count or difference needs. The two counts before the current
  // one are kept in locals (the delta's base), not read back from `target`.
  let m = at, x = 0, scale = 1, total = 0, back1 = 0, back2 = 0;
  for (let p = start; p < end; p++) {
    const c = s.charCodeAt(p) - CHAR_OFFSET;
    if (c >>> 0 > 63) return fail(BAD_CHARACTER, valueStart(s, start, p), p, 0, m - at);
    if (c === BACKSLASH && jsonEscaped) p++; // the escape's second backslash
    x += (c & PAYLOAD) * scale;
    scale *= 32;
    if ((c & MORE) !== 0) continue;
    if ((c & SIGN) !== 0) x -= scale; // two's complement over the bits read
    if (m - at > 2) x += back2;
    // x is an integer here (or NaN/Infinity after an endless run of continuations): 0 <= x < 2^32
    if (x >>> 0 !== x) return fail(OUT_OF_RANGE, valueStart(s, start, p), p + 1, x, m - at);
    target[m++] = x;
    total += x;
    back2 = back1;
    back1 = x;
    x = 0;
    scale = 1;
  }
  if (scale !== 1) return fail(CUT_OFF, valueStart(s, start, end), end, 0, m - at);
  if (pixels >= 0 && total !== pixels) return fail(WRONG_TOTAL, end, end, total, m - at);
  return m - at;
}

/**
 * Where the value that character `p` ends or interrupts begins: after the last character before `p`
 * without the continuation bit. Found only for an error message, so the loop above need not track it.
 */
function valueStart(s: string, start: number, p: number): number {
  let q = p;
  while (q > start && ((s.charCodeAt(q - 1) - CHAR_OFFSET) & MORE) !== 0) q--;
  return q;
}

function fail(kind: FailureKind, first: number, at: number, value: number, index: number): -1 {
  failure.kind = kind;
  failure.first = first;
  failure.at = at;
  failure.value = value;
  failure.index = index;
  return -1;
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
  const m = decodeRleRange(s, 0, s.length, target, at);
  if (m < 0) throw decodeError(s, argument, fnName);
  return m;
}

/** The error for the last failed {@link decodeRleRange} call over `s` (a string's own characters). */
function decodeError(s: string, argument: string, fnName: string) {
  const { kind, first, at: p, value, index } = failure;
  if (kind === BAD_CHARACTER) return badCharacter(s, p, argument, fnName);
  if (kind === CUT_OFF) return invalidInput(fnName, argument, 'be a complete COCO compressed RLE string', `a value cut off at character ${first}`, 'TE-206');
  return invalidInput(fnName, argument, 'decode to run lengths in [0, 2^32)', `${value} for count ${index} (characters ${first}..${p - 1})`, 'TE-206');
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
    const pixels = (h as number) * (w as number);
    const m = decodeRleRange(obj.counts, 0, obj.counts.length, counts, end, pixels);
    if (m < 0 && failure.kind === WRONG_TOTAL) {
      throw invalidInput(fnName, { argument, index: i }, `have counts summing to height × width (${h} × ${w} = ${pixels})`, `a sum of ${failure.value}`, 'TE-206');
    }
    if (m < 0) throw decodeError(obj.counts, `${argument}[${i}].counts`, fnName);
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
