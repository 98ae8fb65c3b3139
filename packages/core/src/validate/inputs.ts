import { invalidInput, type InputLocation } from '../errors';
import type { FloatArray } from '../kernel-names';
import { assertCoordinates } from './coordinates';

/**
 * Boundary checks, run once before kernels (which assume valid input). Each names the function,
 * the argument and the first offending index.
 */

type Numeric = ArrayLike<number>;

export function assertFinite(values: Numeric, argument: string, fnName: string): void {
  // float arrays (embeddings of millions of values): one branch-free pass (the loop below, which sees every array type, is slow on them)
  if (values instanceof Float32Array || values instanceof Float64Array) {
    const i = nonFiniteAt(values, 0, values.length);
    if (i >= 0) throw invalidInput(fnName, { argument, index: i }, 'contain only finite numbers', `${values[i]} at index ${i}`, 'TE-201');
    return;
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (!Number.isFinite(v)) throw invalidInput(fnName, { argument, index: i }, 'contain only finite numbers', `${v} at index ${i}`, 'TE-201');
  }
}

/**
 * Position of the first NaN or ±Infinity in `data[o..o+dim)`, or -1. `v * 0` is NaN exactly for
 * those, so clean values cost one sum without a branch per value; the scan for the position runs
 * only on bad input. Only float arrays reach it, so its element access stays fast wherever it is called from.
 */
export function nonFiniteAt(data: FloatArray, o: number, dim: number): number {
  let poison = 0;
  for (let d = 0; d < dim; d++) poison += (data[o + d] as number) * 0;
  if (poison === 0) return -1;
  let d = 0;
  while (Number.isFinite(data[o + d] as number)) d++;
  return d;
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
