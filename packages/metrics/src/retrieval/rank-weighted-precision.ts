import { checkOneOf, invalidInput } from '@tensoreval/core';
import { verdictIs, type Verdict, type VerdictMatch, type VerdictSemantics } from './verdicts';

/** RAGAS adds this to the denominator of its context precision, so all-yes gives k/(k+1e-10). */
export const RAGAS_CONTEXT_PRECISION_EPSILON = 1e-10;

/**
 * Rank-weighted precision of a ranked list of binary relevance verdicts:
 * `Σ_k v_k · (Σ_{i≤k} v_i / k) / (Σ_k v_k + epsilon)`.
 *
 * @param relevant - one flag per retrieved item, in rank order.
 * @param options.epsilon - added to the denominator (default 0; RAGAS uses 1e-10).
 * @returns a value in [0, 1]; 0 when nothing is relevant or the list is empty.
 */
export function rankWeightedPrecision(relevant: ArrayLike<boolean | number>, options: { epsilon?: number } = {}): number {
  const epsilon = options.epsilon ?? 0;
  let hits = 0;
  let numerator = 0;
  for (let k = 0; k < relevant.length; k++) {
    if (relevant[k]) {
      hits++;
      numerator += hits / (k + 1);
    }
  }
  // Both references return 0 rather than 0/0 when nothing is relevant.
  if (hits === 0) return 0;
  return numerator / (hits + epsilon);
}

const MATCH: Record<VerdictSemantics, VerdictMatch> = { ragas: 'exact', deepeval: 'strip-lower', valor: 'exact' };

/**
 * Context precision from one verdict per retrieved context (in rank order), as RAGAS
 * (`LLMContextPrecisionWithReference`, epsilon 1e-10), DeepEval (`ContextualPrecisionMetric`,
 * `strip().lower() == "yes"`) or Valor score it. Empty → 0 for all three.
 *
 * @param verdicts - 0/1 (RAGAS), "yes"/"no" strings (DeepEval, Valor) or booleans.
 * @param options.semantics - 'ragas' (default), 'deepeval' or 'valor'.
 */
export function contextPrecisionScore(verdicts: readonly Verdict[], options: { semantics?: VerdictSemantics } = {}): number {
  const fn = 'contextPrecisionScore';
  const semantics = checkOneOf(options.semantics ?? 'ragas', 'semantics', fn, ['ragas', 'deepeval', 'valor'] as const);
  const flags = new Uint8Array(verdicts.length);
  for (let i = 0; i < verdicts.length; i++) flags[i] = verdictIs(verdicts[i] as Verdict, 'yes', MATCH[semantics], fn, i) ? 1 : 0;
  return rankWeightedPrecision(flags, { epsilon: semantics === 'ragas' ? RAGAS_CONTEXT_PRECISION_EPSILON : 0 });
}

/**
 * Valor's context precision: one verdict list per ground truth (one "yes"/"no" per context); a
 * context counts as useful when any ground truth marks it so. Both lists empty → 1; exactly one
 * empty → 0.
 *
 * @param input.contextCount - number of retrieved contexts.
 * @param input.verdictsPerGroundTruth - `[groundTruth][context]` verdicts.
 */
export function valorContextPrecision(input: { contextCount: number; verdictsPerGroundTruth: readonly (readonly Verdict[])[] }): number {
  const fn = 'valorContextPrecision';
  const { contextCount, verdictsPerGroundTruth } = input;
  const groundTruths = verdictsPerGroundTruth.length;
  if (contextCount === 0 && groundTruths === 0) return 1;
  if (contextCount === 0 || groundTruths === 0) return 0;
  const useful = new Uint8Array(contextCount);
  for (let g = 0; g < groundTruths; g++) {
    const row = verdictsPerGroundTruth[g] as readonly Verdict[];
    if (row.length !== contextCount) {
      throw invalidInput(fn, { argument: 'verdictsPerGroundTruth', index: g }, `hold one verdict per context (${contextCount})`, `${row.length} verdicts`, 'TE-202');
    }
    for (let c = 0; c < contextCount; c++) if (verdictIs(row[c] as Verdict, 'yes', 'exact', fn, c)) useful[c] = 1;
  }
  return rankWeightedPrecision(useful);
}
