import { invalidInput } from '@tensoreval/core';
import { rouge, type RougeOptions } from './rouge';

/**
 * Lexical consistency between several generations of one query (open-rag-eval's consistency
 * evaluator): answers are trimmed and empty ones dropped; with `minAnswers` (default 3) or more left,
 * every unordered pair (i < j, in input order) gets the mean of ROUGE-L F in both directions.
 * Fewer answers → `[]`, as the reference. The reference uses the PyPI `rouge` package; this uses
 * rouge-score's ROUGE-L (see rouge.ts), whose tokenization may differ on punctuation and case.
 */
export function pairwiseRougeConsistency(answers: readonly string[], opts: { minAnswers?: number; rouge?: Omit<RougeOptions, 'types'> } = {}): number[] {
  const fn = 'pairwiseRougeConsistency';
  if (!Array.isArray(answers)) throw invalidInput(fn, 'answers', 'be an array of strings', typeof answers, 'TE-204');
  const kept: string[] = [];
  answers.forEach((a, i) => {
    if (typeof a !== 'string') throw invalidInput(fn, { argument: 'answers', index: i }, 'be a string', typeof a, 'TE-204');
    const t = a.trim();
    if (t.length > 0) kept.push(t);
  });
  if (kept.length < (opts.minAnswers ?? 3)) return [];
  const options = { ...opts.rouge, types: ['rougeL'] as const };
  const out: number[] = [];
  for (let i = 0; i < kept.length; i++) {
    for (let j = i + 1; j < kept.length; j++) {
      // Swapping the texts swaps ROUGE-L precision and recall and leaves the LCS, so F (2PR/(P+R),
      // with 2·P exact) is bit-for-bit the same both ways and the reference's mean of the two
      // directions is this one value: one LCS per pair instead of two.
      out.push(rouge(kept[i] as string, kept[j] as string, options).rougeL!.fmeasure);
    }
  }
  return out;
}
