import { invalidInput, type InputLocation } from '@tensoreval/core';
import { asArray, asObject, checkKeys, describe, FN } from './fields';

/** A decoded binary mask, row-major (row i is y = i, column j is x = j), 0/1 bytes. */
interface DecodedMask {
  height: number;
  width: number;
  data: Uint8Array;
}

/**
 * The largest mask accepted, in pixels (16384 × 16384 = 2^28): each mask is decoded to one byte per
 * pixel, so a `shape` of [200000, 200000] in a few bytes of RLE would otherwise ask for 40 GB.
 * Larger masks are refused (TE-207) before anything is allocated.
 */
export const MAX_MASK_PIXELS = 2 ** 28;

/**
 * Refuses a mask of more than {@link MAX_MASK_PIXELS} pixels, before it is allocated, and an empty
 * (0-pixel) mask, which has no area to compare (it would fail deep inside the IoU kernel).
 */
export function checkMaskSize(height: number, width: number, location: InputLocation, rule: (r: string) => string): void {
  if (height * width === 0) throw invalidInput(FN, location, rule('have a mask of at least one pixel'), `a ${height}×${width} mask`, 'TE-207');
  if (height * width > MAX_MASK_PIXELS) {
    throw invalidInput(FN, location, rule(`have at most ${MAX_MASK_PIXELS} pixels (16384 × 16384; see MAX_MASK_PIXELS)`), `a ${height}×${width} mask`, 'TE-207');
  }
}

const MASK_KEYS = new Set(['shape', 'rle_row_major']);

/**
 * Decodes Valor's two mask encodings: a list of row strings of '0'/'1', or
 * `{shape: [h, w], rle_row_major: [zeros, ones, zeros, ...]}` (row-major runs starting with zeros,
 * summing to h·w).
 */
export function decodeMask(value: unknown, location: InputLocation, rule: (r: string) => string): DecodedMask {
  if (Array.isArray(value)) return decodeRows(value, location, rule);
  const obj = asObject(value, location);
  checkKeys(obj, MASK_KEYS, location, (r) => rule(`${r} in a mask`)); // e.g. a column-major claim would be misread
  const shape = asArray(obj.shape, location);
  const [h, w] = shape;
  if (shape.length !== 2 || !Number.isInteger(h) || !Number.isInteger(w) || (h as number) < 0 || (w as number) < 0) {
    throw invalidInput(FN, location, rule('have a mask shape [height, width] of non-negative integers'), describe(obj.shape), 'TE-206');
  }
  checkMaskSize(h as number, w as number, location, rule);
  const runs = asArray(obj.rle_row_major, location);
  const total = (h as number) * (w as number);
  const data = new Uint8Array(total);
  let at = 0;
  runs.forEach((run, i) => {
    if (!Number.isInteger(run) || (run as number) < 0) throw invalidInput(FN, location, rule('have non-negative integer run lengths'), `${describe(run)} at run ${i}`, 'TE-206');
    if (i % 2 === 1) data.fill(1, at, Math.min(total, at + (run as number)));
    at += run as number;
  });
  if (at !== total) throw invalidInput(FN, location, rule(`have run lengths summing to ${h}×${w} = ${total}`), `a sum of ${at}`, 'TE-206');
  return { height: h as number, width: w as number, data };
}

function decodeRows(rows: unknown[], location: InputLocation, rule: (r: string) => string): DecodedMask {
  const height = rows.length;
  const width = height > 0 && typeof rows[0] === 'string' ? (rows[0] as string).length : 0;
  checkMaskSize(height, width, location, rule);
  const data = new Uint8Array(height * width);
  rows.forEach((row, y) => {
    if (typeof row !== 'string' || row.length !== width) {
      throw invalidInput(FN, location, rule(`have mask rows of equal length (${width})`), `row ${y} = ${describe(row)}`, 'TE-206');
    }
    for (let x = 0; x < width; x++) {
      const c = row.charCodeAt(x);
      if (c !== 48 && c !== 49) throw invalidInput(FN, location, rule("have mask rows of '0' and '1' only"), `${JSON.stringify(row[x])} at row ${y}, column ${x}`, 'TE-206');
      data[y * width + x] = c - 48;
    }
  });
  return { height, width, data };
}
