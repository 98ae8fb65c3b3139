import { checkNumber, invalidOption } from '@tensoreval/core';

/**
 * RAGAS `fbeta_score` on statement classification counts: precision = tp/(tp+fp) (0 when
 * tp+fp = 0), recall = tp/(tp+fn) (0 when tp+fn = 0), 0 when both are 0, else
 * `(1+β²)·P·R / (β²·P + R)`.
 */
export function fbetaScore(tp: number, fp: number, fn: number, beta = 1): number {
  const name = 'fbetaScore';
  checkNumber(beta, 'beta', name, { min: 0 });
  const precision = tp + fp > 0 ? tp / (tp + fp) : 0;
  const recall = tp + fn > 0 ? tp / (tp + fn) : 0;
  if (precision === 0 && recall === 0) return 0;
  const b2 = beta ** 2;
  return ((1 + b2) * (precision * recall)) / (b2 * precision + recall);
}

/** Valor's answer-correctness F1 for one ground truth: `tp / (tp + 0.5·(fp + fn))`, 0 when tp = 0. */
export function answerCorrectnessF1(tp: number, fp: number, fn: number): number {
  return tp === 0 ? 0 : tp / (tp + 0.5 * (fp + fn));
}

/** RAGAS's default weights of factuality and semantic similarity. */
export const RAGAS_ANSWER_CORRECTNESS_WEIGHTS: readonly [number, number] = [0.75, 0.25];

/**
 * RAGAS answer correctness: the weighted average `(w1·factuality + w2·similarity) / (w1 + w2)`
 * (numpy `average`). With `w2 = 0` the similarity is ignored (and may be NaN or omitted).
 * Callers set factuality = 1 when both statement lists are empty, as RAGAS does.
 */
export function answerCorrectnessScore(factuality: number, similarity: number | undefined, weights: readonly [number, number] = RAGAS_ANSWER_CORRECTNESS_WEIGHTS): number {
  const fn = 'answerCorrectnessScore';
  const [w1, w2] = weights;
  if (!(w1 >= 0 && w2 >= 0 && w1 + w2 > 0)) throw invalidOption(fn, 'weights', 'two non-negative numbers with a positive sum', weights);
  if (w2 === 0) return factuality;
  return (factuality * w1 + (similarity ?? Number.NaN) * w2) / (w1 + w2);
}

/** Valor answer correctness: the best per-ground-truth F1 (0 with no ground truths). */
export function valorAnswerCorrectnessScore(counts: readonly { tp: number; fp: number; fn: number }[]): number {
  let best = 0;
  for (const c of counts) best = Math.max(best, answerCorrectnessF1(c.tp, c.fp, c.fn));
  return best;
}
