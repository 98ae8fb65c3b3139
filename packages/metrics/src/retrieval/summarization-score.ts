import { countVerdicts, verdictIs, type Verdict } from './verdicts';

/** DeepEval summarization components and the score, `min(alignment, coverage)`. */
export interface SummarizationScore {
  alignment: number;
  coverage: number;
  score: number;
}

/**
 * DeepEval's summarization score from its verdicts (compared after `strip().lower()`).
 * - alignment: share of summary claims marked "yes" against the original's truths; no claims → 0.
 * - coverage: among assessment questions the original answers "yes", the share the summary also
 *   answers "yes" (pairs zipped, the longer list truncated); none answered "yes" → 0; no
 *   questions at all → 1.
 *
 * @param input.alignmentVerdicts - one verdict per summary claim.
 * @param input.originalAnswers - one answer per question, from the original text.
 * @param input.summaryAnswers - one answer per question, from the summary.
 * @param input.questionCount - number of assessment questions (0 → coverage 1).
 */
export function summarizationScore(input: {
  alignmentVerdicts: readonly Verdict[];
  originalAnswers: readonly Verdict[];
  summaryAnswers: readonly Verdict[];
  questionCount: number;
}): SummarizationScore {
  const fn = 'summarizationScore';
  const nClaims = input.alignmentVerdicts.length;
  const alignment = nClaims === 0 ? 0 : countVerdicts(input.alignmentVerdicts, 'yes', 'strip-lower', fn) / nClaims;
  let coverage = 1;
  if (input.questionCount > 0) {
    const pairs = Math.min(input.originalAnswers.length, input.summaryAnswers.length);
    let answerable = 0;
    let covered = 0;
    for (let i = 0; i < pairs; i++) {
      if (!verdictIs(input.originalAnswers[i] as Verdict, 'yes', 'strip-lower', fn, i)) continue;
      answerable++;
      if (verdictIs(input.summaryAnswers[i] as Verdict, 'yes', 'strip-lower', fn, i)) covered++;
    }
    coverage = answerable === 0 ? 0 : covered / answerable;
  }
  return { alignment, coverage, score: Math.min(alignment, coverage) };
}
