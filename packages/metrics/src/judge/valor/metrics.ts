import { answerCorrectnessF1 } from '../../retrieval/answer-correctness';
import { valorContextPrecision } from '../../retrieval/rank-weighted-precision';
import { answerRelevanceScore, faithfulnessScore, contextRelevanceScore, hallucinationScore, opinionVerdictScore, valorContextRecallScore } from '../../retrieval/verdict-scores';
import { JudgedMetricError } from '../errors';
import type { JudgeContext } from '../judge-context';
import { contextOf, groundtruthsOf, queryOf, responseOf, sourceTextOf, type JudgedDatum } from '../judged-datum';
import * as step from './steps';

// Valor's judged metrics (valor_lite.text_generation computation), making the same judge calls in the
// same order and skipping the same calls, so replies scripted for valor-lite reproduce its numbers.

/**
 * Valor's evaluator refuses a datum that carries no context at all (neither retrieved contexts nor
 * ground truths) for the metrics that read one; empty lists are a context and go on.
 */
function requireContext(d: JudgedDatum, metric: string): void {
  if (d.context === undefined && d.groundtruths === undefined) throw new JudgedMetricError('ValueError', `The ${metric} metric requires context.`);
}

/** Valor divides by the verdict count unguarded; an empty list is reported as its ZeroDivisionError. */
function nonEmpty(verdicts: string[]): string[] {
  if (verdicts.length === 0) throw new JudgedMetricError('ZeroDivisionError', 'division by zero');
  return verdicts;
}

/** F1 of statement matching per ground truth (`tp / (tp + 0.5·(fp+fn))`, 0 when tp = 0), maximum over ground truths, 0 without any. */
export async function valorAnswerCorrectness(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  requireContext(d, 'answer correctness');
  const predicted = await step.generateStatements(ctx, responseOf(d));
  let best = 0;
  for (const gt of groundtruthsOf(d)) {
    const gtStatements = await step.generateStatements(ctx, gt);
    const { tp, fp, fn } = await step.generateAnswerCorrectnessVerdicts(ctx, queryOf(d), predicted, gtStatements);
    best = Math.max(best, answerCorrectnessF1(tp, fp, fn));
  }
  return best;
}

/** Share of response statements judged relevant to the query ("yes" only; "idk" is not); 0 without statements. */
export async function valorAnswerRelevance(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const statements = await step.generateStatements(ctx, responseOf(d));
  // Valor asks for verdicts even on an empty statement list.
  const verdicts = await step.generateAnswerRelevanceVerdicts(ctx, queryOf(d), statements);
  return answerRelevanceScore(verdicts, { semantics: 'valor' });
}

/** Share of the response's opinions judged biased; 0 (and no second call) without opinions. */
export async function valorBias(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const opinions = await step.generateOpinions(ctx, responseOf(d));
  if (opinions.length === 0) return 0;
  return opinionVerdictScore(await step.generateBiasVerdicts(ctx, opinions), { semantics: 'valor' });
}

/** Share of the response's opinions judged toxic; 0 (and no second call) without opinions. */
export async function valorToxicity(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  const opinions = await step.generateOpinions(ctx, responseOf(d));
  if (opinions.length === 0) return 0;
  return opinionVerdictScore(await step.generateToxicityVerdicts(ctx, opinions), { semantics: 'valor' });
}

/**
 * Rank-weighted precision of the contexts judged useful for any ground truth (one call per ground
 * truth, verdicts OR-ed). Both lists empty → 1; exactly one empty → 0 (no calls).
 */
export async function valorContextPrecisionJudged(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  requireContext(d, 'context precision');
  const contexts = contextOf(d);
  const gts = groundtruthsOf(d);
  if (contexts.length === 0 || gts.length === 0) return valorContextPrecision({ contextCount: contexts.length, verdictsPerGroundTruth: gts.map(() => []) });
  const verdictsPerGroundTruth: string[][] = [];
  for (const gt of gts) verdictsPerGroundTruth.push(await step.generateContextPrecisionVerdicts(ctx, queryOf(d), contexts, gt));
  return valorContextPrecision({ contextCount: contexts.length, verdictsPerGroundTruth });
}

/**
 * Share of ground-truth statements attributable to the contexts, maximum over ground truths.
 * Both lists empty → 1; exactly one empty → 0. A ground truth with no statements divides by zero in
 * Valor and is reported as that error.
 */
export async function valorContextRecall(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  requireContext(d, 'context recall');
  const contexts = contextOf(d);
  const gts = groundtruthsOf(d);
  if (contexts.length === 0 && gts.length === 0) return 1;
  if (contexts.length === 0 || gts.length === 0) return 0;
  const verdictsPerGroundTruth: string[][] = [];
  for (const gt of gts) {
    const statements = await step.generateStatements(ctx, gt);
    verdictsPerGroundTruth.push(nonEmpty(await step.generateContextRecallVerdicts(ctx, contexts, statements)));
  }
  return valorContextRecallScore({ contextCount: contexts.length, verdictsPerGroundTruth });
}

/** Share of contexts judged relevant to the query; 0 without contexts. */
export async function valorContextRelevance(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  requireContext(d, 'context relevance');
  const contexts = contextOf(d);
  if (contexts.length === 0) return 0;
  return contextRelevanceScore(await step.generateContextRelevanceVerdicts(ctx, queryOf(d), contexts), { semantics: 'valor' });
}

/** Share of the response's claims implied by the contexts (unrelated counts as not); no context → 0, no claims → 1. */
export async function valorFaithfulness(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  requireContext(d, 'faithfulness');
  const contexts = contextOf(d);
  if (contexts.length === 0) return 0;
  const claims = await step.generateClaims(ctx, responseOf(d));
  if (claims.length === 0) return 1;
  return faithfulnessScore(await step.generateFaithfulnessVerdicts(ctx, claims, contexts), { semantics: 'valor' });
}

/** Share of contexts the response contradicts. Without contexts Valor raises, reported as that error. */
export async function valorHallucination(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  requireContext(d, 'hallucination');
  const contexts = contextOf(d);
  if (contexts.length === 0) throw new JudgedMetricError('ValueError', 'Hallucination requires context to be calculated.');
  return hallucinationScore(await step.generateHallucinationVerdicts(ctx, responseOf(d), contexts), { semantics: 'valor' });
}

/** Coherence of the response as a summary of `text` (or the query), an integer 1–5. */
export async function valorSummaryCoherence(ctx: JudgeContext, d: JudgedDatum): Promise<number> {
  return step.generateSummaryCoherence(ctx, sourceTextOf(d), responseOf(d));
}
