import { assertOffsets, invalidInput, type InvalidInputError } from '@tensoreval/core';

/**
 * A bad-input error about one datum: names the argument, the datum's position and uid, and the rule.
 * Used by every Valor evaluator's `update` so messages read the same across tasks.
 */
export function datumError(fnName: string, argument: string, datum: number, uid: string, rule: string, got: string, code: Parameters<typeof invalidInput>[4] = 'TE-203'): InvalidInputError {
  return invalidInput(fnName, { argument, index: datum }, `${rule} (datum uid ${JSON.stringify(uid)})`, got, code);
}

/** Checks that `offsets` has n + 1 non-decreasing entries starting at 0 and ending at `total` (core's one rule). */
export function checkOffsets(offsets: Int32Array, n: number, total: number, argument: string, fnName: string): void {
  assertOffsets(offsets, total, argument, fnName, { items: n });
}
