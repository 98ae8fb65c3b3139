import { describe, expect, it } from 'vitest';
import {
  answerRelevancyBySentences,
  answerRelevancyFromText,
  answerSemanticSimilarity,
  answerSemanticSimilarityFromText,
  contextMeanReciprocalRank,
  contextReciprocalRank,
  contextReciprocalRankFromText,
  contextRelevancyFromText,
  contextRelevancySoft,
  checkVectors,
  cosineSimilarity,
  cosineSimilarityMatrix,
  cosineSimilarityMatrixSync,
  groundedness,
  groundednessFromText,
  PrecomputedEmbeddings,
  responseRelevancyFromEmbeddings,
  sentenceSimilarity,
  sentenceSimilarityFromText,
} from '.';

/** Seeded LCG so the random vectors are the same on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const randomVectors = (rows: number, dim: number, next: () => number) => Array.from({ length: rows }, () => Array.from({ length: dim }, () => next() * 2 - 1));

describe('cosine similarity', () => {
  it('follows nltk: zero vector → NaN, never clamped', () => {
    expect(cosineSimilarity([1, 0], [0, 0])).toBeNaN();
    expect(cosineSimilarity([1, 2], [-1, -2])).toBeCloseTo(-1, 15);
    expect(answerSemanticSimilarity([0, 0], [1, 0])).toBeNaN();
    expect(answerSemanticSimilarity([1, 1], [1, 0], { threshold: 0.7 })).toBe(1);
    expect(answerSemanticSimilarity([1, 1], [1, 0], { threshold: 0.71 })).toBe(0);
    expect(answerSemanticSimilarity([1, 1], [1, 0], { threshold: 0 })).toBeCloseTo(Math.SQRT1_2, 15);
  });
  it('rejects dimension mismatch and NaN', () => {
    expect(() => cosineSimilarity([1, 2], [1])).toThrow(/dimension/);
    expect(() => cosineSimilarity([1, Number.NaN], [1, 2])).toThrow(/`a` \(record 1\)/);
    expect(() => answerSemanticSimilarity([1], [2], { threshold: Number.NaN })).toThrow(/'threshold' option/);
  });
});

describe('groundedness and sentence similarity on the kernels', () => {
  const next = lcg(7);
  const answer = randomVectors(4, 16, next);
  const chunks = [randomVectors(3, 16, next), randomVectors(5, 16, next), []];
  const bruteForce = () => Math.min(...answer.map((a) => Math.max(...chunks.flat().map((c) => cosineSimilarity(a, c)))));

  it('equals the brute-force min of max cosines, for nested and packed input', async () => {
    const expected = bruteForce();
    expect(await groundedness(answer, chunks)).toBeCloseTo(expected, 14);
    const packed = { data: Float64Array.from(answer.flat()), dim: 16 };
    expect(await groundedness(packed, chunks, { backend: 'cpu' })).toBeCloseTo(expected, 14);
  });
  it('runs the cosine matrix synchronously on cpu with the same values, NaN for zero rows', async () => {
    const a = checkVectors([...answer, new Array(16).fill(0)], 'a', 'test');
    const c = checkVectors(chunks[0] as number[][], 'c', 'test');
    const sync = cosineSimilarityMatrixSync(a, c);
    const async_ = await cosineSimilarityMatrix(a, c, { backend: 'cpu' });
    expect(Array.from(sync.scores)).toEqual(Array.from(async_.scores));
    expect(sync.anyNaN).toBe(true);
    expect(Number.isNaN(sync.scores[4 * 3] as number)).toBe(true);
  });
  it('returns NaN without answer or context sentences, and for a zero vector', async () => {
    expect(await groundedness([], chunks)).toBeNaN();
    expect(await groundedness(answer, [[], []])).toBeNaN();
    expect(await groundedness(answer, [[new Array(16).fill(0)], ...chunks])).toBeNaN();
  });
  it('names the argument on dimension mismatch and NaN vectors', async () => {
    await expect(groundedness(answer, [[[1, 2, 3]]])).rejects.toThrow(/contextChunkSentences\[0\]/);
    const bad = answer.map((r) => r.slice());
    (bad[2] as number[])[5] = Number.NaN;
    await expect(groundedness(bad, chunks)).rejects.toThrow(/`answerSentences` \(record 2\)/);
    await expect(groundedness(bad, chunks)).rejects.toThrow(/finite.*NaN at position 5/);
    (bad[2] as number[])[5] = 1;
    (bad[1] as number[])[0] = Number.NEGATIVE_INFINITY;
    await expect(groundedness(bad, chunks)).rejects.toThrow(/`answerSentences` \(record 1\) .*-Infinity at position 0/);
  });
  it('sentence similarity: mean and min of best matches; empty side → 0', async () => {
    const expected = [[1, 0], [0, 1]];
    const r = await sentenceSimilarity([[1, 0], [1, 1]], expected);
    expect(r.min).toBeCloseTo(Math.SQRT1_2, 15);
    expect(r.mean).toBeCloseTo((1 + Math.SQRT1_2) / 2, 15);
    expect(await sentenceSimilarity([[1, 0]], [])).toEqual({ mean: 0, min: 0 });
  });
});

describe('query-to-context relevancy', () => {
  const q = [1, 0];
  const chunks = [[[0, 1]], [], [[1, 1], [0.6, 0.8]], [[1, 0]]];
  it('drops empty chunks and reports recall, precision and each chunk', async () => {
    const r = await contextRelevancySoft(q, chunks);
    expect(r.perChunk.map((v) => +v.toFixed(12))).toEqual([0, +Math.SQRT1_2.toFixed(12), 1]);
    expect(r.recall).toBe(1);
    expect(await contextRelevancySoft(q, [])).toEqual({ recall: Number.NaN, precision: Number.NaN, perChunk: [] });
  });
  it('ranks the first chunk over the threshold, within oorIdx', async () => {
    expect(await contextReciprocalRank(q, chunks)).toBe(0.5);
    expect(await contextReciprocalRank(q, chunks, { threshold: 0.99 })).toBeCloseTo(1 / 3, 15);
    expect(await contextReciprocalRank(q, chunks, { threshold: 0.99, oorIdx: 2 })).toBe(0);
    expect(await contextReciprocalRank(q, [])).toBe(0);
    expect(await contextMeanReciprocalRank([{ query: q, chunkSentences: chunks }, { query: q, chunkSentences: [] }])).toBe(0.25);
    expect(await contextMeanReciprocalRank([])).toBeNaN();
    await expect(contextReciprocalRank(q, chunks, { oorIdx: -1 })).rejects.toThrow(/'oorIdx' option/);
    await expect(contextReciprocalRank([1, 0, 0], chunks)).rejects.toThrow(/`query`/);
  });
  it('answer relevancy: best sentence; no sentence → NaN', async () => {
    expect(await answerRelevancyBySentences(q, [[0, 1], [1, 0]])).toBe(1);
    expect(await answerRelevancyBySentences(q, [])).toBeNaN();
  });
  it('response relevancy from embeddings', async () => {
    expect(await responseRelevancyFromEmbeddings([1, 0], [[1, 0], [0, 1]], ['a', 'b'], [0, 1])).toBe(0.5);
    expect(await responseRelevancyFromEmbeddings([1, 0], [[1, 0]], [''], [0])).toBeNaN();
    await expect(responseRelevancyFromEmbeddings([1, 0], [[1, 0, 0]], ['a'], [0])).rejects.toThrow(/generatedQuestionEmbeddings/);
  });
});

describe('text wrappers over an embedding provider', () => {
  const vectors: Record<string, number[]> = {
    'What is the capital of France?': [1, 0, 0],
    'Paris is the capital of France.': [0.9, 0.1, 0],
    'It has many museums.': [0, 1, 0],
    'The Louvre is a museum in Paris.': [0.1, 0.9, 0.1],
    'Rome is in Italy.': [0, 0, 1],
    ' ': [0.5, 0.5, 0.5],
  };
  const provider = new PrecomputedEmbeddings(vectors);
  const answer = 'Paris is the capital of France. It has many museums.';
  const contexts = ['The Louvre is a museum in Paris. Rome is in Italy.', 'Paris is the capital of France.'];

  it('splits, filters short sentences and embeds in one call', async () => {
    const g = await groundednessFromText(provider, answer, contexts);
    expect(g).toBeCloseTo(await groundedness([vectors['Paris is the capital of France.']!, vectors['It has many museums.']!], [[vectors['The Louvre is a museum in Paris.']!, vectors['Rome is in Italy.']!], [vectors['Paris is the capital of France.']!]]), 15);
    const rr = await contextReciprocalRankFromText(provider, 'What is the capital of France?', contexts, { threshold: 0.95 });
    expect(rr).toBe(0.5);
    expect((await contextRelevancyFromText(provider, 'What is the capital of France?', contexts)).perChunk).toHaveLength(2);
    expect((await sentenceSimilarityFromText(provider, answer, 'Paris is the capital of France.')).mean).toBeGreaterThan(0);
    expect(await answerSemanticSimilarityFromText(provider, '', 'Rome is in Italy.')).toBeCloseTo(1 / Math.sqrt(3), 15);
  });
  it('scores an empty answer 0 and names a text without a vector', async () => {
    expect(await answerRelevancyFromText(provider, 'What is the capital of France?', '   ')).toBe(0);
    await expect(answerRelevancyFromText(provider, 'What is the capital of France?', 'Berlin is in Germany.')).rejects.toThrow(/`texts` \(record 1\)/);
    expect(() => new PrecomputedEmbeddings({ a: [1, 2], b: [1] })).toThrow(/dimension/);
  });
});
