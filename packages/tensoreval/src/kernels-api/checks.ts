import { assertFinite, assertLengthMultiple, invalidOption, type FloatArray } from '@tensoreval/core';

export function checkDim(dim: number, fnName: string): void {
  if (!Number.isInteger(dim) || dim < 1) throw invalidOption(fnName, 'dim', 'a positive integer', dim);
}

export function checkMatrix(x: FloatArray, dim: number, argument: string, fnName: string, validate: boolean): void {
  assertLengthMultiple(x, dim, argument, fnName);
  if (validate) assertFinite(x, argument, fnName);
}

