import { citationJudgeCalls, citationScores, type CitationSupport, type CitedPart } from '../../retrieval/citation-scores';
import { retrievalMetricsFromGrades } from '../../retrieval/graded-retrieval';
import { nuggetScores, selectNuggets, type NuggetImportance } from '../../retrieval/nugget-scores';
import { JudgedMetricError, JudgeResponseError } from '../errors';
import { askJudge, type JudgeContext } from '../judge-context';
import { extractJsonRagas } from '../json-extraction';
import { contextOf, queryOf, responseOf, type JudgedDatum } from '../judged-datum';
import type { JudgeCallOptions } from '../types';
import * as prompts from './prompts';

// open-rag-eval's judged metrics: UMBRELA grades, no-answer detection, citation support and the
// AutoNuggetizer, each call with open-rag-eval's sampling settings.

type Options = Readonly<Record<string, unknown>>;

/** open-rag-eval's settings: temperature 0, seed 42; UMBRELA adds top_p 1 and the penalties. */
const JUDGE_SETTINGS: JudgeCallOptions = { temperature: 0, seed: 42 };
const UMBRELA_SETTINGS: JudgeCallOptions = { ...JUDGE_SETTINGS, topP: 1, presencePenalty: 0.5, frequencyPenalty: 0 };

/** The reply's single word among `labels` (case-insensitive, surrounding quotes and punctuation ignored). */
function labelOf<T extends string>(reply: string, labels: readonly T[], what: string): T {
  const word = reply.trim().toLowerCase().replace(/^["'`\s]+|["'`.\s]+$/g, '');
  const hit = labels.find((l) => word === l) ?? labels.find((l) => new RegExp(`\\b${l}\\b`).test(word));
  if (hit === undefined) throw new JudgeResponseError(`The judge's ${what} must be one of ${labels.join(', ')}: ${reply}`);
  return hit;
}

/** A JSON list of strings of the given length (when set) from a reply. */
function stringList(reply: string, what: string, length?: number): string[] {
  const parsed = extractJsonRagas(reply);
  if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === 'string')) throw new JudgeResponseError(`The judge's ${what} must be a JSON list of strings: ${reply}`);
  if (length !== undefined && parsed.length !== length) throw new JudgeResponseError(`The judge returned ${parsed.length} ${what} for ${length} nuggets: ${reply}`);
  return parsed as string[];
}

/** One UMBRELA grade (0–3) of a passage for the query. Models named gpt-oss or qwen get the stricter prompt. */
export async function umbrelaGrade(ctx: JudgeContext, query: string, passage: string): Promise<number> {
  const strict = /gpt-oss|qwen/i.test(ctx.client.modelName);
  const reply = await askJudge(ctx, prompts.umbrelaPrompt(query, passage, strict), UMBRELA_SETTINGS);
  const m = /^\s*["']?([0-3])["']?\s*$/.exec(reply) ?? /"score"\s*:\s*"?([0-3])"?/.exec(reply);
  if (!m) throw new JudgeResponseError(`The judge's UMBRELA score must be one of 0, 1, 2, 3: ${reply}`);
  return Number(m[1]);
}

/**
 * UMBRELA grades of every retrieved context (in rank order) with their mean and the graded
 * retrieval metrics (precision@K, AP@K, MRR; options `kValues`, `threshold`).
 */
export async function umbrela(ctx: JudgeContext, d: JudgedDatum, options: Options): Promise<Record<string, unknown>> {
  const grades: number[] = [];
  for (const passage of contextOf(d)) grades.push(await umbrelaGrade(ctx, queryOf(d), passage));
  const retrieval = retrievalMetricsFromGrades(grades, {
    ...(Array.isArray(options.kValues) ? { kValues: options.kValues as number[] } : {}),
    ...(typeof options.threshold === 'number' ? { threshold: options.threshold } : {}),
  });
  let sum = 0;
  for (const g of grades) sum += g;
  const value: Record<string, unknown> = { grades, mean_umbrela_score: grades.length ? sum / grades.length : Number.NaN };
  if (retrieval) Object.assign(value, { 'precision@': retrieval.precisionAt, 'AP@': retrieval.apAt, MRR: retrieval.mrr });
  return value;
}

/** 1 when the response attempts an answer, 0 when it declines ("questions answered" is the mean over datums). */
export async function noAnswer(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const reply = await askJudge(ctx, prompts.noAnswerPrompt(queryOf(d), responseOf(d)), JUDGE_SETTINGS);
  return labelOf(reply, ['yes', 'no'] as const, 'answer-attempt verdict') === 'yes' ? 1 : 0;
}

/**
 * Answer parts and their cited passage ids: `answerParts` when given, else the response split into
 * sentences with `[n]` markers as citations. Passages: `passages` (id → text) when given, else the
 * contexts numbered from 1.
 */
export function citedParts(d: JudgedDatum): { parts: CitedPart[]; passages: Record<string, string> } {
  const passages = d.passages ? { ...d.passages } : Object.fromEntries(contextOf(d).map((c, i) => [String(i + 1), c]));
  if (d.answerParts) return { parts: d.answerParts.map((p) => ({ text: p.text, citations: [...p.citations] })), passages };
  const sentences = responseOf(d).match(/[^.!?]+(?:[.!?]+(?:\s*\[\d+\])*|$)/g) ?? [];
  const parts = sentences
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((s) => ({ text: s.replace(/\s*\[\d+\]/g, '').trim(), citations: [...s.matchAll(/\[(\d+)\]/g)].map((m) => m[1] as string) }));
  return { parts, passages };
}

/** Citation support: one call per (part, cited passage); weighted precision, recall, F1 and per-id scores. */
export async function citationSupport(ctx: JudgeContext, d: JudgedDatum): Promise<Record<string, unknown>> {
  const { parts, passages } = citedParts(d);
  const labels: CitationSupport[] = [];
  for (const call of citationJudgeCalls(parts, passages)) {
    const reply = await askJudge(ctx, prompts.citationSupportPrompt((parts[call.part] as CitedPart).text, passages[call.citation] as string), JUDGE_SETTINGS);
    labels.push(labelOf(reply, ['full_support', 'partial_support', 'no_support'] as const, 'citation label'));
  }
  const s = citationScores(parts, passages, labels);
  return { weighted_precision: s.weightedPrecision, weighted_recall: s.weightedRecall, f1: s.f1, per_citation: s.perCitation, per_part: s.perPart };
}

const MAX_CREATED_NUGGETS = 30;
const CREATION_ITERATIONS = 5;
const BATCH = 10;

/**
 * AutoNuggetizer: nuggets created from the contexts graded UMBRELA ≥ 1 (up to 5 rounds, stopping at
 * 30), labelled vital/okay in batches of 10, the first 20 kept vital first, then matched against the
 * response in batches of 10; scored with open-rag-eval's six nugget scores. Empty query or response → error.
 */
export async function autoNuggetizer(ctx: JudgeContext, d: JudgedDatum): Promise<Record<string, unknown>> {
  const query = queryOf(d);
  const answer = responseOf(d);
  if (query.trim() === '' || answer.trim() === '') throw new JudgedMetricError('ValueError', 'AutoNuggetizer needs a non-empty query and response.');
  const contexts = contextOf(d);
  const kept: string[] = [];
  for (const passage of contexts) if ((await umbrelaGrade(ctx, query, passage)) >= 1) kept.push(passage);
  const passageText = kept.map((p, i) => `[${i + 1}] ${p}`).join('\n');
  let nuggets: string[] = [];
  for (let round = 0; round < CREATION_ITERATIONS && nuggets.length < MAX_CREATED_NUGGETS; round++) {
    const reply = await askJudge(ctx, prompts.nuggetCreationPrompt(query, passageText, nuggets, MAX_CREATED_NUGGETS), JUDGE_SETTINGS);
    nuggets = stringList(reply, 'nuggets').slice(0, MAX_CREATED_NUGGETS);
  }
  const importance: NuggetImportance[] = [];
  for (let i = 0; i < nuggets.length; i += BATCH) {
    const batch = nuggets.slice(i, i + BATCH);
    const labels = stringList(await askJudge(ctx, prompts.nuggetImportancePrompt(query, batch), JUDGE_SETTINGS), 'importance labels', batch.length);
    for (const l of labels) importance.push(l.trim().toLowerCase() === 'vital' ? 'vital' : 'okay');
  }
  const order = selectNuggets(importance);
  const selected = order.map((i) => nuggets[i] as string);
  const selectedImportance = order.map((i) => importance[i] as NuggetImportance);
  const assignments: string[] = [];
  for (let i = 0; i < selected.length; i += BATCH) {
    const batch = selected.slice(i, i + BATCH);
    const labels = stringList(await askJudge(ctx, prompts.nuggetAssignmentPrompt(query, answer, batch), JUDGE_SETTINGS), 'support labels', batch.length);
    for (const l of labels) assignments.push(l.trim().toLowerCase());
  }
  const s = nuggetScores(selectedImportance, assignments);
  return {
    nuggets: selected,
    importance: selectedImportance,
    assignments,
    All: s.all,
    'All Strict': s.allStrict,
    Vital: s.vital,
    'Vital Strict': s.vitalStrict,
    Weighted: s.weighted,
    'Weighted Strict': s.weightedStrict,
  };
}
