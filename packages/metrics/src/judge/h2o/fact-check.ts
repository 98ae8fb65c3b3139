import { JudgeResponseError } from '../errors';
import { askJudge, type JudgeContext } from '../judge-context';
import { extractJsonRagas, isJsonObject } from '../json-extraction';
import { queryOf, responseOf, type JudgedDatum } from '../judged-datum';

/** H2O's fact-check pass mark: an evaluation score of at least 0.75 passes. */
export const FACT_CHECK_PASS_THRESHOLD = 0.75;

const factCheckPrompt = (question: string, answer: string) => `Fact-check the answer to the question: verify each factual statement it makes (use any tools or sources you have), then rate how factually correct the answer is overall.
Question: ${question}
Answer: ${answer}
Answer with JSON only: {"answer": "<your own short answer to the question>", "evaluation_score": <a number from 0 (false) to 1 (fully correct)>, "evaluation_summary": "<what was checked and found>"}.`;

/**
 * H2O's fact-check judge (an agent with search in H2O; here any judge returning its JSON): the
 * `evaluation_score` in [0, 1] of the response, 1 = passed. `passed` is score ≥ 0.75.
 */
export async function factCheck(ctx: JudgeContext, d: JudgedDatum): Promise<Record<string, unknown>> {
  const reply = await askJudge(ctx, factCheckPrompt(queryOf(d), responseOf(d)), { temperature: 0 });
  const parsed = extractJsonRagas(reply);
  const score = isJsonObject(parsed) ? parsed.evaluation_score : undefined;
  if (typeof score !== 'number' || !(score >= 0 && score <= 1)) throw new JudgeResponseError(`The judge's evaluation_score must be a number in [0, 1]: ${reply}`);
  const summary = isJsonObject(parsed) && typeof parsed.evaluation_summary === 'string' ? parsed.evaluation_summary : '';
  return { evaluation_score: score, passed: score >= FACT_CHECK_PASS_THRESHOLD, evaluation_summary: summary };
}
