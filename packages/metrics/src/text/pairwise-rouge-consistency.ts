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
      const ab = rouge(kept[i] as string, kept[j] as string, options).rougeL!.fmeasure;
      const ba = rouge(kept[j] as string, kept[i] as string, options).rougeL!.fmeasure;
      out.push((ab + ba) / 2);
    }
  }
  return out;
}
