import { invalidInput, type InputLocation } from '../errors';
import type { FloatArray } from '../kernel-names';
import { assertCoordinates } from './coordinates';

/**
 * Boundary checks, run once before kernels (which assume valid input). Each names the function,
 * the argument and the first offending index.
 */

type Numeric = ArrayLike<number>;

export function assertFinite(values: Numeric, argument: string, fnName: string): void {
  // float arrays (embeddings of millions of values) are checked in one branch-free pass first; the
  // indexed loop below runs only to name the first offending value
  if ((values instanceof Float32Array || values instanceof Float64Array) && allFinite(values)) return;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) throw invalidInput(fnName, { argument, index: i }, 'contain only finite numbers', `${v} at index ${i}`, 'TE-201');
  }
}

// v * 0 is ±0 for a finite v and NaN for ±Infinity or NaN, so a sum of them is 0 exactly when every
// value is finite. Two sums halve the chain of dependent additions; only the two float array types
// reach this loop, so its element access stays fast where assertFinite itself sees many types.
function allFinite(v: Float32Array | Float64Array): boolean {
  let a = 0, b = 0, i = 0;
  for (const n = v.length - 1; i < n; i += 2) {
    a += (v[i] as number) * 0;
    b += (v[i + 1] as number) * 0;
  }
  if (i < v.length) a += (v[i] as number) * 0;
  return a + b === 0;
}

export function assertSameLength(a: { length: number }, b: { length: number }, argA: string, argB: string, fnName: string): void {
  if (a.length !== b.length) {
    throw invalidInput(fnName, argB, `have the same length as \`${argA}\` (${a.length})`, `length ${b.length}`, 'TE-202');
  }
}

export function assertLengthMultiple(values: { length: number }, stride: number, argument: string, fnName: string): void {
  if (values.length % stride !== 0) {
    throw invalidInput(fnName, argument, `have a length that is a multiple of ${stride}`, `length ${values.length}`, 'TE-207');
  }
}

export function assertNonNegative(values: Numeric, argument: string, fnName: string): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!(v >= 0)) throw invalidInput(fnName, { argument, index: i }, 'contain only non-negative numbers', `${v} at index ${i}`, 'TE-203');
  }
}

export function assertInRange(values: Numeric, lo: number, hi: number, argument: string, fnName: string): void {
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!(v >= lo && v <= hi)) throw invalidInput(fnName, { argument, index: i }, `contain only values in [${lo}, ${hi}]`, `${v} at index ${i}`, 'TE-203');
  }
}

/** Labels must be integers in [0, numClasses) (or equal to ignoreIndex). */
export function assertLabelsIn(labels: Numeric, numClasses: number, argument: string, fnName: string, ignoreIndex?: number): void {
  for (let i = 0; i < labels.length; i++) {
    const v = labels[i] as number;
    if (v === ignoreIndex) continue;
    if (!Number.isInteger(v) || v < 0 || v >= numClasses) {
      throw invalidInput(fnName, { argument, index: i }, `contain only integer labels in [0, ${numClasses})`, `${v} at index ${i}`, 'TE-203');
    }
  }
}

/** Boxes (stride 4) must be finite, within ±MAX_COORDINATE, with non-negative size; xyxy also requires max >= min. */
export function assertValidBoxes(boxes: FloatArray, format: 'xyxy' | 'xywh', argument: string, fnName: string): void {
  assertLengthMultiple(boxes, 4, argument, fnName);
  assertCoordinates(boxes, argument, fnName);
  for (let i = 0, b = 0; i < boxes.length; i += 4, b++) {
    const w = format === 'xywh' ? (boxes[i + 2] as number) : (boxes[i + 2] as number) - (boxes[i] as number);
    const h = format === 'xywh' ? (boxes[i + 3] as number) : (boxes[i + 3] as number) - (boxes[i + 1] as number);
    if (w < 0 || h < 0) {
      const loc: InputLocation = { argument, index: b };
      throw invalidInput(fnName, loc, 'have non-negative box width and height', `box ${b} = [${Array.from(boxes.subarray(i, i + 4)).join(', ')}] (${format})`, 'TE-208');
    }
  }
}
