import { computeSettled, DEFAULT_JUDGE_SYSTEM_PROMPT, type JudgeContext } from './judge-context';
import type { JudgedDatum } from './judged-datum';
import type { JudgeSemantics } from './judged-metric';
import { resolveJudgedMetric } from './judged-metric-registry';
import type { JudgedValue } from './judged-record';
import type { JudgeCallOptions, JudgeClient } from './types';

/**
 * Computes one judged metric for one datum and returns its value; unlike {@link evaluateJudged},
 * an invalid judge reply or an undefined value throws (JudgeResponseError / JudgedMetricError).
 *
 * @param name - a metric of {@link JUDGED_METRICS}, e.g. 'faithfulness', 'umbrela', 'byop'.
 * @param options.semantics - 'valor' | 'ragas' | 'deepeval' | 'open-rag-eval' | 'h2o' (default: the metric's own).
 * @param options.metricOptions - metric-specific options (e.g. `{ template }` for byop, `{ embeddings }` for RAGAS).
 * @example
 * // In production: new OpenAiJudgeClient({ model: 'qwen2.5:7b', baseURL: 'http://localhost:11434/v1' })
 * const judge = new ScriptedJudgeClient([
 *   '{"claims": ["Paris is in France."]}',
 *   '{"verdicts": [{"analysis": "The context says so.", "verdict": "yes"}]}',
 * ]);
 * await judgeMetric('faithfulness', judge, { response: 'Paris is in France.', context: ['Paris is the capital of France.'] }); // 1
 */
export async function judgeMetric(
  name: string,
  client: JudgeClient,
  datum: JudgedDatum,
  options: { semantics?: JudgeSemantics; metricOptions?: Record<string, unknown>; systemPrompt?: string; callOptions?: JudgeCallOptions } = {},
): Promise<JudgedValue> {
  const { run } = resolveJudgedMetric(name, options.semantics, 'judgeMetric');
  const ctx: JudgeContext = { client, systemPrompt: options.systemPrompt ?? DEFAULT_JUDGE_SYSTEM_PROMPT };
  if (options.callOptions) ctx.callOptions = options.callOptions;
  return computeSettled(ctx, (c) => run(c, datum, options.metricOptions ?? {}));
}
