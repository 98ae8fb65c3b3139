import { contextPrecisionScore } from '../../retrieval/rank-weighted-precision';
import { answerRelevanceScore, contextRecallScore, contextRelevanceScore, faithfulnessScore, hallucinationScore, opinionVerdictScore } from '../../retrieval/verdict-scores';
import { summarizationScore } from '../../retrieval/summarization-score';
import type { JudgeContext } from '../judge-context';
import { contextOf, groundtruthsOf, queryOf, responseOf, sourceTextOf, type JudgedDatum } from '../judged-datum';
import { askForObject, objectListField, objectListSchema, stringListField, stringListSchema } from '../reply-shapes';
import * as prompts from './prompts';

// DeepEval's judged metrics: its steps and verdict formats, parsed with its JSON rule, scored with
// its arithmetic (no closing "reason" call is made; it does not change the score).

const VERDICT = { verdict: { type: 'string' }, reason: { type: 'string' } };

const list = async (ctx: JudgeContext, prompt: string, key: string) => stringListField(await askForObject(ctx, 'deepeval', prompt, stringListSchema(key)), key);
const verdicts = async (ctx: JudgeContext, prompt: string) =>
  objectListField(await askForObject(ctx, 'deepeval', prompt, objectListSchema('verdicts', VERDICT)), 'verdicts', 'verdict', 'string');
const expectedOutput = (d: JudgedDatum) => groundtruthsOf(d)[0] ?? '';

/** Statements of the output judged against the input; "idk" counts as relevant; none → 1. */
export async function deepevalAnswerRelevancy(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const statements = await list(ctx, prompts.statementsPrompt(responseOf(d)), 'statements');
  return answerRelevanceScore(await verdicts(ctx, prompts.answerRelevancyVerdictsPrompt(queryOf(d), statements)), { semantics: 'deepeval' });
}

/** Truths of the context, claims of the output, one verdict per claim; "idk" is faithful unless `penalizeAmbiguousClaims`. */
export async function deepevalFaithfulness(ctx: JudgeContext, d: JudgedDatum, options: Readonly<Record<string, unknown>>): Promise<number> {
  const truths = await list(ctx, prompts.truthsPrompt(contextOf(d).join('\n\n')), 'truths');
  const claims = await list(ctx, prompts.claimsPrompt(responseOf(d)), 'claims');
  const v = claims.length === 0 ? [] : await verdicts(ctx, prompts.faithfulnessVerdictsPrompt(claims, truths.join('\n\n')));
  return faithfulnessScore(v, { semantics: 'deepeval', penalizeAmbiguousClaims: options.penalizeAmbiguousClaims === true });
}

async function opinionMetric(ctx: JudgeContext, d: JudgedDatum, verdictPrompt: (o: readonly string[]) => string): Promise<number> {
  const opinions = await list(ctx, prompts.opinionsPrompt(responseOf(d)), 'opinions');
  return opinionVerdictScore(opinions.length === 0 ? [] : await verdicts(ctx, verdictPrompt(opinions)), { semantics: 'deepeval' });
}

export const deepevalBias = (ctx: JudgeContext, d: JudgedDatum) => opinionMetric(ctx, d, prompts.biasVerdictsPrompt);
export const deepevalToxicity = (ctx: JudgeContext, d: JudgedDatum) => opinionMetric(ctx, d, prompts.toxicityVerdictsPrompt);

/** Share of contexts the output contradicts (verdicts say whether it agrees); none → 0. */
export async function deepevalHallucination(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const contexts = contextOf(d);
  const v = contexts.length === 0 ? [] : await verdicts(ctx, prompts.hallucinationVerdictsPrompt(responseOf(d), contexts));
  return hallucinationScore(v, { semantics: 'deepeval' });
}

/** One call over all nodes against the expected output (first ground truth), rank-weighted. */
export async function deepevalContextualPrecision(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const nodes = contextOf(d);
  const v = nodes.length === 0 ? [] : await verdicts(ctx, prompts.contextualPrecisionVerdictsPrompt(queryOf(d), expectedOutput(d), nodes));
  return contextPrecisionScore(v, { semantics: 'deepeval' });
}

/** Sentences of the expected output attributable to the nodes; none → 0. */
export async function deepevalContextualRecall(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  return contextRecallScore(await verdicts(ctx, prompts.contextualRecallVerdictsPrompt(expectedOutput(d), contextOf(d))), { semantics: 'deepeval' });
}

/** Statement verdicts per context (one call each), pooled; none → 0. */
export async function deepevalContextualRelevancy(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const perContext: string[][] = [];
  for (const c of contextOf(d)) perContext.push(await verdicts(ctx, prompts.contextualRelevancyVerdictsPrompt(queryOf(d), c)));
  return contextRelevanceScore(perContext, { semantics: 'deepeval' });
}

/**
 * Summarization: min(alignment, coverage). Alignment: claims of the summary (the response) judged
 * against truths of the original (`text`, else the query). Coverage: `n` (default 5) yes/no
 * questions from the original (or `assessmentQuestions`), answered from the original and the summary.
 */
export async function deepevalSummarization(ctx: JudgeContext, d: JudgedDatum, options: Readonly<Record<string, unknown>>): Promise<number> {
  const original = sourceTextOf(d);
  const summary = responseOf(d);
  const truths = await list(ctx, prompts.truthsPrompt(original), 'truths');
  const claims = await list(ctx, prompts.claimsPrompt(summary), 'claims');
  const alignment = claims.length === 0 ? [] : await verdicts(ctx, prompts.summaryAlignmentVerdictsPrompt(claims, truths));
  const given = options.assessmentQuestions;
  const n = typeof options.n === 'number' ? options.n : 5;
  const questions = Array.isArray(given) ? (given as string[]) : await list(ctx, prompts.assessmentQuestionsPrompt(original, n), 'questions');
  const answersFrom = async (text: string) =>
    questions.length === 0 ? [] : stringListField(await askForObject(ctx, 'deepeval', prompts.assessmentAnswersPrompt(questions, text), stringListSchema('answers')), 'answers');
  const originalAnswers = await answersFrom(original);
  const summaryAnswers = await answersFrom(summary);
  return summarizationScore({ alignmentVerdicts: alignment, originalAnswers, summaryAnswers, questionCount: questions.length }).score;
}
