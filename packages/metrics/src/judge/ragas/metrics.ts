import { responseRelevancyFromEmbeddings } from '../../embedding/response-relevancy';
import { answerSemanticSimilarity } from '../../embedding/cosine-similarity';
import { answerCorrectnessScore, fbetaScore, RAGAS_ANSWER_CORRECTNESS_WEIGHTS } from '../../retrieval/answer-correctness';
import { noiseSensitivity, type NoiseSensitivityMode } from '../../retrieval/noise-sensitivity';
import { contextPrecisionScore } from '../../retrieval/rank-weighted-precision';
import { contextRecallScore, faithfulnessScore } from '../../retrieval/verdict-scores';
import { JudgedMetricError, JudgeResponseError } from '../errors';
import type { JudgeContext } from '../judge-context';
import { contextOf, groundtruthsOf, queryOf, responseOf, type JudgedDatum } from '../judged-datum';
import { askForObject, objectListField, stringListField } from '../reply-shapes';
import type { EmbeddingProvider } from '../types';
import * as prompts from './prompts';

// RAGAS's judged metrics: its steps, JSON extraction (first balanced structure) and arithmetic.
// A reply that fails validation is an invalid reply (retried by the run's `retries`), in place of
// RAGAS's extra "fix the output format" calls.

type Options = Readonly<Record<string, unknown>>;

const reference = (d: JudgedDatum) => groundtruthsOf(d)[0] ?? '';
const statements = async (ctx: JudgeContext, question: string, answer: string) =>
  stringListField(await askForObject(ctx, 'ragas', prompts.statementsPrompt(question, answer)), 'statements');
/** One 0/1 verdict per statement: is it inferable from `context`? */
const nli = async (ctx: JudgeContext, context: string, items: readonly string[]) =>
  objectListField(await askForObject(ctx, 'ragas', prompts.nliPrompt(context, items)), 'statements', 'verdict', 'number', items.length);

function embeddingsOf(options: Options, metric: string): EmbeddingProvider {
  const e = options.embeddings as EmbeddingProvider | undefined;
  if (!e || typeof e.embed !== 'function') throw new JudgedMetricError('ValueError', `RAGAS ${metric} needs an embedding provider (the 'embeddings' option with embed(texts)).`);
  return e;
}

/** Statements of the answer judged against the joined contexts; no statements → NaN. */
export async function ragasFaithfulness(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const s = await statements(ctx, queryOf(d), responseOf(d));
  if (s.length === 0) return Number.NaN;
  return faithfulnessScore(await nli(ctx, contextOf(d).join('\n'), s), { semantics: 'ragas' });
}

/**
 * F-beta of statement classification (both lists empty → 1), averaged with the embedding similarity
 * of answer and reference by `weights` (default [0.75, 0.25]; [1, 0] needs no embeddings).
 */
export async function ragasAnswerCorrectness(ctx: JudgeContext, d: JudgedDatum, options: Options): Promise<number> {
  const weights = (options.weights as [number, number] | undefined) ?? RAGAS_ANSWER_CORRECTNESS_WEIGHTS;
  const beta = typeof options.beta === 'number' ? options.beta : 1;
  const embeddings = weights[1] === 0 ? undefined : embeddingsOf(options, 'answer correctness');
  const answer = await statements(ctx, queryOf(d), responseOf(d));
  const truth = await statements(ctx, queryOf(d), reference(d));
  let factuality = 1;
  if (answer.length > 0 || truth.length > 0) {
    const reply = await askForObject(ctx, 'ragas', prompts.correctnessClassifierPrompt(queryOf(d), answer, truth));
    const count = (key: string) => objectListField(reply, key, 'statement', 'string').length;
    factuality = fbetaScore(count('TP'), count('FP'), count('FN'), beta);
  }
  let similarity: number | undefined;
  if (embeddings) {
    // RAGAS embeds a blank for an empty text.
    const [r, a] = await embeddings.embed([reference(d) || ' ', responseOf(d) || ' ']);
    similarity = answerSemanticSimilarity(r ?? [], a ?? []);
  }
  return answerCorrectnessScore(factuality, similarity, weights);
}

/** One call per context (useful for the reference answer?), rank-weighted with RAGAS's epsilon. */
export async function ragasContextPrecision(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const verdicts: number[] = [];
  for (const c of contextOf(d)) {
    const reply = await askForObject(ctx, 'ragas', prompts.contextPrecisionPrompt(queryOf(d), c, reference(d)));
    const v = reply.verdict === '0' || reply.verdict === '1' ? Number(reply.verdict) : reply.verdict;
    if (v !== 0 && v !== 1) throw new JudgeResponseError(`The judge's context precision verdict must be 0 or 1: ${JSON.stringify(reply)}`);
    verdicts.push(v);
  }
  return contextPrecisionScore(verdicts, { semantics: 'ragas' });
}

/** Sentences of the reference attributed to the joined contexts (one call); none → NaN. */
export async function ragasContextRecall(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const reply = await askForObject(ctx, 'ragas', prompts.contextRecallPrompt(queryOf(d), contextOf(d).join('\n'), reference(d)));
  return contextRecallScore(objectListField(reply, 'classifications', 'attributed', 'number'), { semantics: 'ragas' });
}

/**
 * Noise sensitivity ('relevant' by default, or `mode: 'irrelevant'`): statements of the reference
 * and of the response, NLI of each against every context, and of the response's against the reference.
 */
export async function ragasNoiseSensitivity(ctx: JudgeContext, d: JudgedDatum, options: Options): Promise<number> {
  const mode = (options.mode as NoiseSensitivityMode | undefined) ?? 'relevant';
  const contexts = contextOf(d);
  if (!d.query || !d.response || groundtruthsOf(d).length === 0 || contexts.length === 0) {
    throw new JudgedMetricError('ValueError', 'Noise sensitivity needs a query, a response, a reference and retrieved contexts.');
  }
  const gt = await statements(ctx, queryOf(d), reference(d));
  const ans = await statements(ctx, queryOf(d), responseOf(d));
  const r2g = gt.map(() => new Array<number>(contexts.length).fill(0));
  const r2a = ans.map(() => new Array<number>(contexts.length).fill(0));
  for (let c = 0; c < contexts.length; c++) {
    const g = await nli(ctx, contexts[c] as string, gt);
    const a = await nli(ctx, contexts[c] as string, ans);
    g.forEach((v, i) => ((r2g[i] as number[])[c] = v));
    a.forEach((v, i) => ((r2a[i] as number[])[c] = v));
  }
  const g2a = await nli(ctx, reference(d), ans);
  return noiseSensitivity(r2g, r2a, g2a, mode);
}

/** `strictness` (default 3) generated questions, embedded and compared with the query (needs `embeddings`). */
export async function ragasResponseRelevancy(ctx: JudgeContext, d: JudgedDatum, options: Options): Promise<number> {
  const embeddings = embeddingsOf(options, 'response relevancy');
  const strictness = typeof options.strictness === 'number' ? options.strictness : 3;
  const questions: string[] = [];
  const noncommittal: number[] = [];
  for (let i = 0; i < strictness; i++) {
    const reply = await askForObject(ctx, 'ragas', prompts.questionGenerationPrompt(responseOf(d)));
    questions.push(typeof reply.question === 'string' ? reply.question : '');
    noncommittal.push(reply.noncommittal === 1 ? 1 : 0);
  }
  const [q, ...generated] = await embeddings.embed([queryOf(d), ...questions]);
  return responseRelevancyFromEmbeddings(q ?? [], generated, questions, noncommittal);
}
