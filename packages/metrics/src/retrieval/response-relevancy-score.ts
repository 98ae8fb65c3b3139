import { invalidInput } from '@tensoreval/core';
import { numpy2Mean } from './numpy-stats';

/**
 * RAGAS response relevancy from the cosine similarities between the original question and each
 * question generated from the response: `mean(similarities) × (allNoncommittal ? 0 : 1)`.
 * Only when every generation is noncommittal is the score zeroed (RAGAS uses `np.all`). When every
 * generated question is the empty string the score is NaN.
 *
 * @param similarities - one cosine per generated question.
 * @param generatedQuestions - the generated questions (only their emptiness matters).
 * @param noncommittal - one flag per generation.
 */
export function responseRelevancyScore(
  similarities: ArrayLike<number>,
  generatedQuestions: readonly string[],
  noncommittal: ArrayLike<boolean | number>,
): number {
  const fn = 'responseRelevancyScore';
  const n = generatedQuestions.length;
  if (similarities.length !== n) throw invalidInput(fn, 'similarities', `hold one value per generated question (${n})`, `${similarities.length} values`, 'TE-202');
  if (noncommittal.length !== n) throw invalidInput(fn, 'noncommittal', `hold one flag per generated question (${n})`, `${noncommittal.length} flags`, 'TE-202');
  if (n === 0 || generatedQuestions.every((q) => q === '')) return Number.NaN;
  let allNoncommittal = true;
  for (let i = 0; i < n; i++) if (!noncommittal[i]) allNoncommittal = false;
  return numpy2Mean(similarities) * (allNoncommittal ? 0 : 1);
}
