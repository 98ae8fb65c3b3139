import { invalidInput } from '@tensoreval/core';

/**
 * One judge verdict as the references store it: RAGAS uses 0/1 integers, DeepEval and Valor use
 * strings ("yes" / "no" / "idk"), and callers with parsed verdicts may pass booleans.
 */
export type Verdict = boolean | number | string;

/** Whose post-verdict arithmetic and edge cases to reproduce. */
export type VerdictSemantics = 'ragas' | 'deepeval' | 'valor';

/**
 * How a string verdict is compared with a word: DeepEval mostly uses `v.strip().lower()`, a few
 * of its metrics `v.lower()` only; Valor's validators accept the exact lower-case word only.
 */
export type VerdictMatch = 'strip-lower' | 'lower' | 'exact';

/** True when `verdict` reads as `word` under `match`; 0/1 and booleans map to "no"/"yes". */
export function verdictIs(verdict: Verdict, word: 'yes' | 'no' | 'idk', match: VerdictMatch, fnName: string, index: number): boolean {
  if (typeof verdict === 'string') {
    const v = match === 'strip-lower' ? verdict.trim().toLowerCase() : match === 'lower' ? verdict.toLowerCase() : verdict;
    return v === word;
  }
  if (typeof verdict === 'boolean') return word === 'yes' ? verdict : word === 'no' ? !verdict : false;
  if (verdict === 1) return word === 'yes';
  if (verdict === 0) return word === 'no';
  throw invalidInput(fnName, { argument: 'verdicts', index }, 'be a string, a boolean, 0 or 1', String(verdict), 'TE-203');
}

/** Counts the verdicts that read as `word`. */
export function countVerdicts(verdicts: readonly Verdict[], word: 'yes' | 'no' | 'idk', match: VerdictMatch, fnName: string): number {
  let n = 0;
  for (let i = 0; i < verdicts.length; i++) if (verdictIs(verdicts[i] as Verdict, word, match, fnName, i)) n++;
  return n;
}
