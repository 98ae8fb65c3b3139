import {
  answerRelevancyFromText,
  answerSemanticSimilarityFromText,
  contextReciprocalRankFromText,
  contextRelevancyFromText,
  groundednessFromText,
  responseRelevancyFromEmbeddings,
  sentenceSimilarityFromText,
  type EmbeddingProvider,
  type TextEmbeddingOptions,
} from '@tensoreval/metrics/embedding';
import { defaultSentenceSplitter } from '@tensoreval/metrics/text';
import { runCallsAsync } from './calls';
import { parseDatumList } from './datum-list';
import { requireField, type RawDatum } from './datum-task';
import { requireEmbeddingsBlock, requiredEmbeddings } from './embeddings-block';
import { recordShards } from './record-shards';
import { datumRecord, type ResultRecord } from './records';
import { EMBEDDING_SCHEMA } from './schema/embedding';
import { schemaMethodTable } from './schema/method-table';
import type { EvaluateOptions, MetricCall, MetricRequest, MetricResponse, TaskHandler } from './types';

type SentenceSplitter = NonNullable<TextEmbeddingOptions['splitter']>;

/**
 * The datum's sentence splitter: its pre-split sentences for the texts they belong to, the default
 * rule-based splitter for any other text.
 */
function splitterOf(d: RawDatum): SentenceSplitter {
  const given = new Map<string, string[]>();
  const r = d.raw;
  if (typeof r.response === 'string' && Array.isArray(r.response_sentences)) given.set(r.response, r.response_sentences as string[]);
  if (typeof r.reference === 'string' && Array.isArray(r.reference_sentences)) given.set(r.reference, r.reference_sentences as string[]);
  if (Array.isArray(r.contexts) && Array.isArray(r.context_sentences)) for (const [i, c] of (r.contexts as string[]).entries()) given.set(c, (r.context_sentences as string[][])[i] ?? []);
  return { split: (text) => given.get(text) ?? defaultSentenceSplitter.split(text) };
}

type Method = (p: EmbeddingProvider, call: MetricCall, d: RawDatum, o: TextEmbeddingOptions) => Promise<ResultRecord[]>;
const text = (d: RawDatum, field: string, method: string) => requireField<string>(d, field, method);
const texts = (d: RawDatum, field: string, method: string) => requireField<string[]>(d, field, method);

const METHODS: Readonly<Record<string, Method>> = {
  groundedness: async (p, call, d, o) => [datumRecord('Groundedness', await groundednessFromText(p, text(d, 'response', call.method), texts(d, 'contexts', call.method), o), d.uid)],
  answer_similarity: async (p, call, d) => {
    const threshold = call.threshold as number | null | undefined;
    const value = await answerSemanticSimilarityFromText(p, text(d, 'reference', call.method), text(d, 'response', call.method), { threshold });
    return [datumRecord('AnswerSimilarity', value, d.uid, threshold !== undefined ? { threshold } : {})];
  },
  sentence_similarity: async (p, call, d, o) => {
    const s = await sentenceSimilarityFromText(p, text(d, 'response', call.method), text(d, 'reference', call.method), o);
    return [datumRecord('SentenceSimilarityMean', s.mean, d.uid), datumRecord('SentenceSimilarityMin', s.min, d.uid)];
  },
  answer_relevancy: async (p, call, d, o) => [datumRecord('AnswerRelevancy', await answerRelevancyFromText(p, text(d, 'query', call.method), text(d, 'response', call.method), o), d.uid)],
  context_relevancy: async (p, call, d, o) => {
    const r = await contextRelevancyFromText(p, text(d, 'query', call.method), texts(d, 'contexts', call.method), o);
    return [datumRecord('ContextRelevancyRecall', r.recall, d.uid, {}, { per_chunk: Array.from(r.perChunk) }), datumRecord('ContextRelevancyPrecision', r.precision, d.uid)];
  },
  context_mrr: async (p, call, d, o) => {
    const options = { ...o, ...(call.mrr_relevant_chunk_threshold !== undefined ? { threshold: call.mrr_relevant_chunk_threshold as number } : {}), ...(call.mrr_relevant_chunk_oor_idx !== undefined ? { oorIdx: call.mrr_relevant_chunk_oor_idx as number } : {}) };
    return [datumRecord('ContextReciprocalRank', await contextReciprocalRankFromText(p, text(d, 'query', call.method), texts(d, 'contexts', call.method), options), d.uid)];
  },
  response_relevancy: async (p, call, d) => {
    const questions = texts(d, 'generated_questions', call.method);
    const flags = requireField<(number | boolean)[]>(d, 'noncommittal', call.method);
    const [q, ...g] = await p.embed([text(d, 'query', call.method), ...questions]);
    return [datumRecord('ResponseRelevancy', await responseRelevancyFromEmbeddings(q ?? [], g, questions, flags), d.uid)];
  },
};

/**
 * The `embedding` task: H2O's groundedness, sentence similarity, answer relevancy, context relevancy
 * and context MRR, RAGAS's answer similarity and response relevancy, one or two records per datum.
 * Texts are embedded by the provider of the request's `embeddings` block (schema/embeddings-block.ts).
 * Datums shard (workers, queue): each datum's records depend on that datum alone.
 */
export const embeddingTask: TaskHandler = {
  schema: EMBEDDING_SCHEMA,
  methods: schemaMethodTable(EMBEDDING_SCHEMA),
  aggregates: 'by-uid',
  defaultSemantics: 'valor',
  semantics: ['valor'],
  run: (request, options) => runEmbedding(request, options, 0),
  shards: recordShards(runEmbedding, (request) => requireEmbeddingsBlock(request.embeddings, request.metrics[0]!.method)),
};

/** Answers the calls for the request's datums, numbered from `base` in errors. */
async function runEmbedding(request: MetricRequest, options: EvaluateOptions, base: number): Promise<MetricResponse> {
  const datums = parseDatumList(request.data, (raw, index, uid): RawDatum => ({ index, uid, raw }), base);
  const provider = await requiredEmbeddings(request.embeddings, request.metrics[0]!.method);
  return runCallsAsync(request, options, async (call) => {
    const out: ResultRecord[] = [];
    for (const d of datums) out.push(...(await METHODS[call.method]!(provider, call, d, { splitter: splitterOf(d) })));
    return out;
  });
}
