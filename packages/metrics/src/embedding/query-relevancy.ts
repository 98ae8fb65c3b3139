import { checkInteger, checkNumber, invalidInput } from '@tensoreval/core';
import { numpy2Mean } from '../retrieval/numpy-stats';
import { checkQuery, cosineSimilarityMatrix, type EmbeddingKernelOptions } from './cosine-similarity';
import { checkVectors, commonDim, concatVectors, type VectorList } from './vectors';

/**
 * Similarity of a query to each non-empty chunk: the best cosine of the query with any sentence
 * of the chunk (H2O's chunk relevancy). Empty chunks are dropped, as H2O drops chunks with no
 * sentence longer than 10 characters.
 */
async function chunkRelevancies(query: ArrayLike<number>, chunkSentences: readonly VectorList[], fn: string, options: EmbeddingKernelOptions): Promise<Float64Array> {
  const dim = commonDim(chunkSentences, query.length);
  const q = checkQuery(query, 'query', fn);
  const chunks = chunkSentences.map((c, i) => checkVectors(c, `chunkSentences[${i}]`, fn, dim)).filter((c) => c.rows > 0);
  if (chunks.length === 0) return new Float64Array(0);
  if (q.dim !== dim) throw invalidInput(fn, 'query', `have the dimension of the sentence vectors (${dim})`, `dimension ${q.dim}`, 'TE-207');
  const all = concatVectors(chunks, dim);
  const { scores } = await cosineSimilarityMatrix(q, all, options);
  const out = new Float64Array(chunks.length);
  let offset = 0;
  chunks.forEach((c, k) => {
    let best = Number.NEGATIVE_INFINITY;
    for (let j = offset; j < offset + c.rows; j++) {
      const v = scores[j] as number;
      if (Number.isNaN(v)) {
        best = Number.NaN;
        break;
      }
      if (v > best) best = v;
    }
    out[k] = best;
    offset += c.rows;
  });
  return out;
}

/**
 * Answer relevancy by sentence similarity (H2O): the best cosine between the question and any
 * answer sentence (H2O keeps sentences longer than 10 characters). No answer sentence → NaN (the
 * reference fails on `max()` of nothing); an empty answer text scores 0 in the text wrapper.
 */
export async function answerRelevancyBySentences(question: ArrayLike<number>, answerSentences: VectorList, options: EmbeddingKernelOptions = {}): Promise<number> {
  const rel = await chunkRelevancies(question, [answerSentences], 'answerRelevancyBySentences', options);
  return rel.length === 0 ? Number.NaN : (rel[0] as number);
}

/** Soft context relevancy: best chunk (recall), mean chunk (precision) and each chunk's value. */
export interface ContextRelevancy {
  recall: number;
  precision: number;
  perChunk: number[];
}

/**
 * Context relevancy, soft recall and precision (H2O): chunk relevancy = best cosine of the query
 * with a sentence of the chunk; recall = max over chunks, precision = mean over chunks. No
 * (non-empty) chunk → NaN for both (H2O skips the row).
 */
export async function contextRelevancySoft(query: ArrayLike<number>, chunkSentences: readonly VectorList[], options: EmbeddingKernelOptions = {}): Promise<ContextRelevancy> {
  const rel = await chunkRelevancies(query, chunkSentences, 'contextRelevancySoft', options);
  if (rel.length === 0) return { recall: Number.NaN, precision: Number.NaN, perChunk: [] };
  let recall = Number.NEGATIVE_INFINITY;
  for (const v of rel) recall = Number.isNaN(v) || Number.isNaN(recall) ? Number.NaN : Math.max(recall, v);
  return { recall, precision: numpy2Mean(rel), perChunk: Array.from(rel) };
}

/** H2O's defaults: a chunk is relevant at similarity >= 0.7; ranks beyond 10 score 0. */
export const DEFAULT_RELEVANT_CHUNK_THRESHOLD = 0.7;
export const DEFAULT_OUT_OF_RANK_INDEX = 10;

/**
 * Context reciprocal rank (H2O "context mean reciprocal rank", one query): 1 / rank of the first
 * chunk whose relevancy (as in {@link contextRelevancySoft}) is >= `threshold`; 0 when none, when
 * that rank exceeds `oorIdx`, or when there is no context.
 */
export async function contextReciprocalRank(
  query: ArrayLike<number>,
  chunkSentences: readonly VectorList[],
  options: EmbeddingKernelOptions & { threshold?: number; oorIdx?: number } = {},
): Promise<number> {
  const fn = 'contextReciprocalRank';
  const threshold = checkNumber(options.threshold ?? DEFAULT_RELEVANT_CHUNK_THRESHOLD, 'threshold', fn);
  const oorIdx = checkInteger(options.oorIdx ?? DEFAULT_OUT_OF_RANK_INDEX, 'oorIdx', fn, { min: 0 });
  const rel = await chunkRelevancies(query, chunkSentences, fn, options);
  for (let k = 0; k < rel.length; k++) {
    if ((rel[k] as number) >= threshold) return k + 1 > oorIdx ? 0 : 1 / (k + 1);
  }
  return 0;
}

/**
 * H2O "context mean reciprocal rank": the mean of {@link contextReciprocalRank} over queries
 * (NaN for no query).
 */
export async function contextMeanReciprocalRank(
  queries: readonly { query: ArrayLike<number>; chunkSentences: readonly VectorList[] }[],
  options: EmbeddingKernelOptions & { threshold?: number; oorIdx?: number } = {},
): Promise<number> {
  const ranks = new Float64Array(queries.length);
  for (let i = 0; i < queries.length; i++) {
    const q = queries[i] as { query: ArrayLike<number>; chunkSentences: readonly VectorList[] };
    ranks[i] = await contextReciprocalRank(q.query, q.chunkSentences, options);
  }
  return numpy2Mean(ranks);
}
