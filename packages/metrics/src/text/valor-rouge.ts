import { invalidInput } from '@tensoreval/core';
import { rougeMulti, type RougeType } from './rouge';

/**
 * ROUGE as Valor's `calculate_rouge_scores` (valor-lite text generation) computes it through
 * Hugging Face `evaluate`'s rouge with `use_aggregator=False`: rouge-score's `score_multi` over the
 * references (best F per type), reporting only the F-measure, floored at 0.
 * @param rougeTypes default `['rouge1', 'rouge2', 'rougeL', 'rougeLsum']`
 * @returns `{ [type]: F }`
 * @throws InvalidInputError on an empty reference list
 * @example valorRouge('Mary loves Joe', ['Mary loves Jane']).rouge1 // 0.666…
 */
export function valorRouge(prediction: string, references: readonly string[], opts: { rougeTypes?: readonly RougeType[]; useStemmer?: boolean } = {}): Record<string, number> {
  if (!Array.isArray(references) || references.length === 0) {
    throw invalidInput('valorRouge', 'references', 'hold at least one reference text', Array.isArray(references) ? 'an empty list' : typeof references, 'TE-204');
  }
  const scores = rougeMulti(references, prediction, { types: opts.rougeTypes, useStemmer: opts.useStemmer });
  const out: Record<string, number> = {};
  for (const [type, s] of Object.entries(scores)) out[type] = Math.max(s.fmeasure, 0);
  return out;
}
