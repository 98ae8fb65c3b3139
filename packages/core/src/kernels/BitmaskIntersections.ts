import { invalidInput, invalidOption } from '../errors';

/**
 * Pairwise intersection counts of binary masks: the matmul-shaped mask kernel (A · Bᵀ over 0/1 pixels),
 * with each mask's area. Any non-zero byte counts as 1. Counts are exact integers on every backend.
 */
export const BitmaskIntersections = 'BitmaskIntersections';

export interface BitmaskIntersectionsInputs {
  /** n × pixels, 0/1 bytes, row-major (one mask per row, any fixed pixel order shared with `b`) */
  a: Uint8Array;
  /** m × pixels, 0/1 bytes */
  b: Uint8Array;
}
export interface BitmaskIntersectionsAttrs {
  /** pixels per mask (> 0) */
  pixels: number;
}
export interface BitmaskIntersectionsOutputs {
  /** n × m row-major */
  intersections: Float64Array;
  /** n pixel counts of `a`'s masks */
  areaA: Float64Array;
  /** m pixel counts of `b`'s masks */
  areaB: Float64Array;
}

/** Checks that `pixels` is a positive integer and both inputs hold whole masks. */
export function validateBitmaskIntersectionsInputs(inputs: BitmaskIntersectionsInputs, attrs: BitmaskIntersectionsAttrs, fnName = 'BitmaskIntersections'): void {
  const p = attrs.pixels;
  if (!Number.isInteger(p) || p <= 0) throw invalidOption(fnName, 'pixels', 'a positive integer', p);
  if (inputs.a.length % p !== 0) throw invalidInput(fnName, 'a', `have a length that is a multiple of pixels (${p})`, `length ${inputs.a.length}`, 'TE-207');
  if (inputs.b.length % p !== 0) throw invalidInput(fnName, 'b', `have a length that is a multiple of pixels (${p})`, `length ${inputs.b.length}`, 'TE-207');
}
