import { answerSemanticSimilarity, type EmbeddingKernelOptions } from './cosine-similarity';
import type { EmbeddingProvider } from './providers/embedding-provider';
import { answerRelevancyBySentences, contextReciprocalRank, contextRelevancySoft, type ContextRelevancy } from './query-relevancy';
import { codePointLength } from '../text/code-points';
import { defaultSentenceSplitter, type SentenceSplitter } from '../text/sentence-splitter';
import { groundedness, sentenceSimilarity } from './sentence-similarity';
import { invalidInput } from '@tensoreval/core';

/** Options of the text-level embedding metrics. */
export interface TextEmbeddingOptions extends EmbeddingKernelOptions {
  /** sentence splitter (default {@link defaultSentenceSplitter}) */
  splitter?: SentenceSplitter;
}

/** H2O keeps sentences longer than 10 code points for groundedness, relevancy and MRR. */
const keepLong = (s: string) => codePointLength(s) > 10;

/** Embeds all texts in one provider call and hands back row views, grouped as given. */
async function embedGroups(provider: EmbeddingProvider, groups: readonly (readonly string[])[]): Promise<number[][][]> {
  const flat = groups.flat();
  const vectors = await provider.embed(flat);
  if (!Array.isArray(vectors) || vectors.length !== flat.length) {
    throw invalidInput('EmbeddingProvider.embed', 'result', `hold one vector per text (${flat.length})`, Array.isArray(vectors) ? `${vectors.length} vectors` : typeof vectors, 'TE-202');
  }
  const out: number[][][] = [];
  let row = 0;
  for (const g of groups) {
    out.push(vectors.slice(row, row + g.length));
    row += g.length;
  }
  return out;
}

const splitter = (o: TextEmbeddingOptions) => o.splitter ?? defaultSentenceSplitter;

/** {@link answerSemanticSimilarity} on texts: empty strings are embedded as " " (RAGAS). */
export async function answerSemanticSimilarityFromText(provider: EmbeddingProvider, reference: string, response: string, options: { threshold?: number | null } = {}): Promise<number> {
  const [r, s] = await embedGroups(provider, [[reference || ' '], [response || ' ']]);
  return answerSemanticSimilarity(r?.[0] ?? [], s?.[0] ?? [], options);
}

/** {@link sentenceSimilarity} on texts (every sentence kept). */
export async function sentenceSimilarityFromText(provider: EmbeddingProvider, actual: string, expected: string, options: TextEmbeddingOptions = {}): Promise<{ mean: number; min: number }> {
  const split = splitter(options);
  const [a, e] = await embedGroups(provider, [split.split(actual), split.split(expected)]);
  return sentenceSimilarity(a ?? [], e ?? [], options);
}

/** {@link groundedness} on texts: sentences of at most 10 code points are dropped first. */
export async function groundednessFromText(provider: EmbeddingProvider, answer: string, contexts: readonly string[], options: TextEmbeddingOptions = {}): Promise<number> {
  const split = splitter(options);
  const [a, ...chunks] = await embedGroups(provider, [split.split(answer).filter(keepLong), ...contexts.map((c) => split.split(c).filter(keepLong))]);
  return groundedness(a ?? [], chunks, options);
}

/** {@link answerRelevancyBySentences} on texts; an empty answer scores 0 (H2O's worst value). */
export async function answerRelevancyFromText(provider: EmbeddingProvider, question: string, answer: string, options: TextEmbeddingOptions = {}): Promise<number> {
  if (answer.trim() === '') return 0;
  const [q, a] = await embedGroups(provider, [[question], splitter(options).split(answer).filter(keepLong)]);
  return answerRelevancyBySentences(q?.[0] ?? [], a ?? [], options);
}

/** {@link contextRelevancySoft} on texts. */
export async function contextRelevancyFromText(provider: EmbeddingProvider, question: string, contexts: readonly string[], options: TextEmbeddingOptions = {}): Promise<ContextRelevancy> {
  const split = splitter(options);
  const [q, ...chunks] = await embedGroups(provider, [[question], ...contexts.map((c) => split.split(c).filter(keepLong))]);
  return contextRelevancySoft(q?.[0] ?? [], chunks, options);
}

/** {@link contextReciprocalRank} on texts. */
export async function contextReciprocalRankFromText(
  provider: EmbeddingProvider,
  question: string,
  contexts: readonly string[],
  options: TextEmbeddingOptions & { threshold?: number; oorIdx?: number } = {},
): Promise<number> {
  const split = splitter(options);
  const [q, ...chunks] = await embedGroups(provider, [[question], ...contexts.map((c) => split.split(c).filter(keepLong))]);
  return contextReciprocalRank(q?.[0] ?? [], chunks, options);
}
