import { numpy2Mean } from '../retrieval/numpy-stats';
import { cosineSimilarityMatrix, rowMaxima, type EmbeddingKernelOptions } from './cosine-similarity';
import { checkVectors, commonDim, concatVectors, type VectorList } from './vectors';

/**
 * Answer semantic sentence similarity (H2O): for each sentence of the actual answer, its best
 * cosine with any sentence of the expected answer; returns the mean and the minimum over actual
 * sentences. No sentence is filtered out. Either side empty → H2O's stored worst value 0 for both.
 *
 * @param actual - one embedding per sentence of the actual answer.
 * @param expected - one embedding per sentence of the expected answer.
 */
export async function sentenceSimilarity(actual: VectorList, expected: VectorList, options: EmbeddingKernelOptions = {}): Promise<{ mean: number; min: number }> {
  const fn = 'sentenceSimilarity';
  const dim = commonDim([actual, expected]);
  const a = checkVectors(actual, 'actual', fn, dim);
  const e = checkVectors(expected, 'expected', fn, dim);
  if (a.rows === 0 || e.rows === 0) return { mean: 0, min: 0 };
  const best = await rowMaxima(await cosineSimilarityMatrix(a, e, options), options);
  return { mean: numpy2Mean(best), min: minOfRange(best) };
}

/**
 * Groundedness (H2O): the minimum over answer sentences of the best cosine with any sentence of
 * any context chunk. H2O keeps only sentences longer than 10 characters before embedding; pass the
 * embeddings of the kept sentences. No answer sentence or no context sentence → NaN (H2O skips
 * the row). A zero vector makes the result NaN (numpy's max/min propagate NaN).
 *
 * @param answerSentences - embeddings of the answer's sentences.
 * @param contextChunkSentences - per context chunk, the embeddings of its sentences.
 */
export async function groundedness(answerSentences: VectorList, contextChunkSentences: readonly VectorList[], options: EmbeddingKernelOptions = {}): Promise<number> {
  const fn = 'groundedness';
  const dim = commonDim([answerSentences, ...contextChunkSentences]);
  const a = checkVectors(answerSentences, 'answerSentences', fn, dim);
  const context = concatVectors(contextChunkSentences.map((c, i) => checkVectors(c, `contextChunkSentences[${i}]`, fn, dim)), dim);
  if (a.rows === 0 || context.rows === 0) return Number.NaN;
  const best = await rowMaxima(await cosineSimilarityMatrix(a, context, options), options);
  return minOfRange(best);
}

/** numpy's `min` over values[from..to): NaN as soon as one value is NaN (shared with the batch forms). */
export function minOfRange(values: Float64Array, from = 0, to = values.length): number {
  let m = Number.POSITIVE_INFINITY;
  for (let i = from; i < to; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) return Number.NaN;
    if (v < m) m = v;
  }
  return m;
}
