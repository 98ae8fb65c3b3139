import { JudgeResponseError } from '../errors';
import { askJudge, type JudgeContext } from '../judge-context';
import { firstSignedInteger } from '../json-extraction';
import { pythonRepr } from '../python-repr';
import { askForObject } from '../reply-shapes';
import type { JudgeResponseSchema } from '../types';
import * as prompts from './prompts';
import { validateStringList, validateVerdictList } from './validators';

// One function per Valor judge step: one call, Valor's parser and validators, the parsed result.

const YES_NO = ['yes', 'no'] as const;

function stringListSchema(key: string): JudgeResponseSchema {
  return {
    name: key,
    schema: { type: 'object', properties: { [key]: { type: 'array', items: { type: 'string' } } }, required: [key], additionalProperties: false },
  };
}

function verdictSchema(allowed: readonly string[]): JudgeResponseSchema {
  const item = { type: 'object', properties: { analysis: { type: 'string' }, verdict: { type: 'string', enum: [...allowed] } }, required: ['analysis', 'verdict'], additionalProperties: false };
  return { name: 'verdicts', schema: { type: 'object', properties: { verdicts: { type: 'array', items: item } }, required: ['verdicts'], additionalProperties: false } };
}

async function stringList(ctx: JudgeContext, prompt: string, key: string): Promise<string[]> {
  return validateStringList(await askForObject(ctx, 'valor', prompt, stringListSchema(key)), key);
}

async function verdicts(ctx: JudgeContext, prompt: string, allowed: readonly string[], length: number): Promise<string[]> {
  return validateVerdictList(await askForObject(ctx, 'valor', prompt, verdictSchema(allowed)), 'verdicts', allowed, length);
}

export const generateStatements = (ctx: JudgeContext, text: string) => stringList(ctx, prompts.statementsPrompt(text), 'statements');
export const generateClaims = (ctx: JudgeContext, text: string) => stringList(ctx, prompts.claimsPrompt(text), 'claims');
export const generateOpinions = (ctx: JudgeContext, text: string) => stringList(ctx, prompts.opinionsPrompt(text), 'opinions');

/** TP/FP/FN statement lists; |TP|+|FP| must equal the prediction statements and |FN| ≤ the ground-truth ones. */
export async function generateAnswerCorrectnessVerdicts(
  ctx: JudgeContext,
  query: string,
  prediction: readonly string[],
  groundtruth: readonly string[],
): Promise<{ tp: number; fp: number; fn: number }> {
  const schema: JudgeResponseSchema = {
    name: 'answer_correctness',
    schema: {
      type: 'object',
      properties: Object.fromEntries(['TP', 'FP', 'FN'].map((k) => [k, { type: 'array', items: { type: 'string' } }])),
      required: ['TP', 'FP', 'FN'],
      additionalProperties: false,
    },
  };
  const reply = await askForObject(ctx, 'valor', prompts.answerCorrectnessPrompt(query, prediction, groundtruth), schema);
  const tp = validateStringList(reply, 'TP').length;
  const fp = validateStringList(reply, 'FP').length;
  const fn = validateStringList(reply, 'FN').length;
  if (tp + fp !== prediction.length) {
    throw new JudgeResponseError(`Number of true positives and false positives did not match the number of prediction statements: ${pythonRepr(reply)}`);
  }
  if (fn > groundtruth.length) {
    throw new JudgeResponseError(`Number of false negatives exceeded the number of ground truth statements '${groundtruth.length}': ${pythonRepr(reply)}`);
  }
  return { tp, fp, fn };
}

export const generateAnswerRelevanceVerdicts = (ctx: JudgeContext, query: string, statements: readonly string[]) =>
  verdicts(ctx, prompts.answerRelevancePrompt(query, statements), ['yes', 'no', 'idk'], statements.length);
export const generateBiasVerdicts = (ctx: JudgeContext, opinions: readonly string[]) =>
  verdicts(ctx, prompts.biasPrompt(opinions), YES_NO, opinions.length);
export const generateToxicityVerdicts = (ctx: JudgeContext, opinions: readonly string[]) =>
  verdicts(ctx, prompts.toxicityPrompt(opinions), YES_NO, opinions.length);
export const generateContextPrecisionVerdicts = (ctx: JudgeContext, query: string, contexts: readonly string[], groundtruth: string) =>
  verdicts(ctx, prompts.contextPrecisionPrompt(query, contexts, groundtruth), YES_NO, contexts.length);
export const generateContextRecallVerdicts = (ctx: JudgeContext, contexts: readonly string[], statements: readonly string[]) =>
  verdicts(ctx, prompts.contextRecallPrompt(contexts, statements), YES_NO, statements.length);
export const generateContextRelevanceVerdicts = (ctx: JudgeContext, query: string, contexts: readonly string[]) =>
  verdicts(ctx, prompts.contextRelevancePrompt(query, contexts), YES_NO, contexts.length);
export const generateFaithfulnessVerdicts = (ctx: JudgeContext, claims: readonly string[], contexts: readonly string[]) =>
  verdicts(ctx, prompts.faithfulnessPrompt(claims, contexts), YES_NO, claims.length);
export const generateHallucinationVerdicts = (ctx: JudgeContext, text: string, contexts: readonly string[]) =>
  verdicts(ctx, prompts.hallucinationPrompt(text, contexts), YES_NO, contexts.length);

/** A 1–5 integer: the first signed integer in the reply (so "Score (1-5): 5" reads as 1, as in Valor). */
export async function generateSummaryCoherence(ctx: JudgeContext, text: string, summary: string): Promise<number> {
  const reply = await askJudge(ctx, prompts.summaryCoherencePrompt(text, summary));
  const score = firstSignedInteger(reply);
  if (score === undefined) throw new JudgeResponseError(`LLM response was not a valid summary coherence score: ${reply}`);
  if (score < 1 || score > 5) throw new JudgeResponseError(`Summary coherence score was not an integer between 1 and 5: ${score}`);
  return score;
}
