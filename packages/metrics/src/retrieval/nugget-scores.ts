import { assertSameLength, invalidInput } from '@tensoreval/core';

export type NuggetImportance = 'vital' | 'okay';
export type NuggetAssignment = 'support' | 'partial_support' | 'not_support';

/** AutoNuggetizer's six answer scores. */
export interface NuggetScores {
  all: number;
  allStrict: number;
  vital: number;
  vitalStrict: number;
  weighted: number;
  weightedStrict: number;
}

/** AutoNuggetizer keeps at most this many nuggets, vital first. */
export const MAX_NUGGETS = 20;

/**
 * Nugget scores of one answer, as open-rag-eval's AutoNuggetizer `_evaluate_answer` computes them.
 * support = 1, partial_support = 0.5, not_support (or any other label) = 0; strict scores count
 * full support only. Denominators are clamped to at least 1 nugget (so with no okay nuggets,
 * Weighted = ΣVital / (nVital + 0.5): two fully supported vital nuggets give 0.8).
 *
 * @param importance - one label per nugget.
 * @param assignments - one support label per nugget, same length (else TE-202).
 */
export function nuggetScores(importance: readonly NuggetImportance[], assignments: readonly string[]): NuggetScores {
  const fn = 'nuggetScores';
  assertSameLength(importance, assignments, 'importance', 'assignments', fn);
  let sumAll = 0, strictAll = 0, sumVital = 0, strictVital = 0, sumOkay = 0, strictOkay = 0;
  let nVital = 0, nOkay = 0;
  for (let i = 0; i < importance.length; i++) {
    const label = importance[i];
    if (label !== 'vital' && label !== 'okay') {
      throw invalidInput(fn, { argument: 'importance', index: i }, "be 'vital' or 'okay'", JSON.stringify(label), 'TE-203');
    }
    const a = assignments[i];
    const score = a === 'support' ? 1 : a === 'partial_support' ? 0.5 : 0;
    const strict = a === 'support' ? 1 : 0;
    sumAll += score;
    strictAll += strict;
    if (label === 'vital') {
      nVital++;
      sumVital += score;
      strictVital += strict;
    } else {
      nOkay++;
      sumOkay += score;
      strictOkay += strict;
    }
  }
  const nAll = Math.max(importance.length, 1);
  const dV = Math.max(nVital, 1);
  const dO = Math.max(nOkay, 1);
  return {
    all: sumAll / nAll,
    allStrict: strictAll / nAll,
    vital: sumVital / dV,
    vitalStrict: strictVital / dV,
    weighted: (sumVital + 0.5 * sumOkay) / (dV + 0.5 * dO),
    weightedStrict: (strictVital + 0.5 * strictOkay) / (dV + 0.5 * dO),
  };
}

/**
 * AutoNuggetizer's nugget selection: a stable sort putting every vital nugget before the okay
 * ones, then the first `MAX_NUGGETS`. Returns the kept nugget indices.
 */
export function selectNuggets(importance: readonly NuggetImportance[], limit: number = MAX_NUGGETS): number[] {
  const kept: number[] = [];
  for (let i = 0; i < importance.length && kept.length < limit; i++) if (importance[i] === 'vital') kept.push(i);
  for (let i = 0; i < importance.length && kept.length < limit; i++) if (importance[i] !== 'vital') kept.push(i);
  return kept;
}
