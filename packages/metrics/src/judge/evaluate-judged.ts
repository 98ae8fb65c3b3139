import { checkInteger, invalidOption, ownValue, setOwn } from '@tensoreval/core';
import { runBounded } from './concurrency';
import { describeFailure, JudgeResponseError } from './errors';
import { computeSettled, DEFAULT_JUDGE_SYSTEM_PROMPT, type JudgeContext } from './judge-context';
import type { JudgedDatum } from './judged-datum';
import type { JudgeSemantics } from './judged-metric';
import { resolveJudgedMetric } from './judged-metric-registry';
import type { JudgedRecord } from './judged-record';
import { errorsInMetricOrder } from './judged-run-state';
import { safeRemoteText } from './redact';
import type { JudgeCallOptions, JudgeClient, JudgeReply } from './types';
import { MeteredJudgeClient, type JudgePricing, type JudgeUsageSummary } from './usage-meter';

/** One judged metric to compute: its name, optional semantics, and metric-specific options. */
export interface JudgedMetricRequest {
  /** Key of the result; defaults to the name. */
  id?: string;
  name: string;
  semantics?: JudgeSemantics;
  options?: Record<string, unknown>;
}

export interface EvaluateJudgedOptions {
  client: JudgeClient;
  datums: readonly JudgedDatum[];
  metrics: readonly (string | JudgedMetricRequest)[];
  /** Semantics for metrics that do not name their own. */
  semantics?: JudgeSemantics;
  /** Times a metric is recomputed after an unparsable or invalid reply (Valor's `retries`, default 0). */
  retries?: number;
  /** System prompt of every call (default Valor's "You are a helpful assistant."). */
  systemPrompt?: string;
  callOptions?: JudgeCallOptions;
  pricing?: JudgePricing;
  /** Called after each (datum, metric) pair finishes. */
  onProgress?: (done: number, total: number) => void;
}

/** Counts of a judged run: records, errors (total and per metric id) and the judge's usage. */
export interface JudgedRunSummary {
  datums: number;
  metrics: number;
  records: number;
  errors: number;
  errorsByMetric: Record<string, number>;
  usage: JudgeUsageSummary;
}

/**
 * Per metric id, per datum (in datum order): the judge's last reply of the attempt that produced the
 * record (keys redacted, capped at 2,000 characters), or null when the judge never replied (a
 * transport failure, or a metric that needed no call for that datum).
 */
export type JudgedVerdicts = Record<string, Array<string | null>>;

export interface JudgedRunResult {
  /** Per metric id, one record per datum in datum order. */
  results: Record<string, JudgedRecord[]>;
  /** The judge's verdict text behind each record, aligned with `results`. */
  verdicts: JudgedVerdicts;
  summary: JudgedRunSummary;
}

/**
 * Computes judged metrics over datums with one judge. Pairs (datum × metric) run datum-major,
 * up to the client's `maxConcurrency` at once (a scripted judge: one at a time, in order); inside a
 * pair the calls are sequential, in the reference's order. A reply that stays unparsable after
 * `retries` recomputations, an undefined value the reference raises on, or a transport failure
 * becomes an Error record for that pair and is counted in the summary; the run always completes.
 *
 * @returns records per metric id (aligned with `datums`) and a summary with token usage and cost.
 */
export async function evaluateJudged(options: EvaluateJudgedOptions): Promise<JudgedRunResult> {
  const fn = 'evaluateJudged';
  const retries = options.retries === undefined ? 0 : checkInteger(options.retries, 'retries', fn, { min: 0 });
  const metrics = options.metrics.map((m) => {
    const req = typeof m === 'string' ? { name: m } : m;
    const resolved = resolveJudgedMetric(req.name, req.semantics ?? options.semantics, fn);
    return { id: req.id ?? req.name, options: req.options ?? {}, ...resolved };
  });
  const ids = new Set<string>();
  for (const m of metrics) {
    if (ids.has(m.id)) throw invalidOption(fn, 'metrics', 'free of duplicate ids', m.id, 'TE-103');
    ids.add(m.id);
  }
  const client = new MeteredJudgeClient(options.client, options.pricing);
  const ctx: JudgeContext = { client, systemPrompt: options.systemPrompt ?? DEFAULT_JUDGE_SYSTEM_PROMPT };
  if (options.callOptions) ctx.callOptions = options.callOptions;

  const results: Record<string, JudgedRecord[]> = {};
  const verdicts: JudgedVerdicts = {};
  for (const m of metrics) {
    setOwn(results, m.id, new Array<JudgedRecord>(options.datums.length)); // ids are user text
    setOwn(verdicts, m.id, new Array<string | null>(options.datums.length).fill(null));
  }
  const errorsByMetric: Record<string, number> = {};
  const total = options.datums.length * metrics.length;
  let done = 0;

  await runBounded(total, client.maxConcurrency, async (task) => {
    const d = Math.floor(task / metrics.length);
    const m = metrics[task % metrics.length] as (typeof metrics)[number];
    const parameters = { evaluator: client.modelName, retries };
    let record: JudgedRecord;
    // the replies of the attempt that produced the record: its last one is the verdict kept beside it
    let replies: JudgeReply[] = [];
    try {
      const datum = options.datums[d] as JudgedDatum;
      const value = await computeWithRetries((attempt) => {
        replies = [];
        return computeSettled(attemptContext(ctx, attempt), (c) => m.run(c, datum, m.options), replies);
      }, retries);
      record = { type: m.definition.type, value, parameters };
    } catch (error) {
      record = { type: 'Error', value: describeFailure(error), parameters };
      setOwn(errorsByMetric, m.id, (ownValue(errorsByMetric, m.id) ?? 0) + 1);
    }
    (ownValue(results, m.id) as JudgedRecord[])[d] = record;
    const last = replies[replies.length - 1];
    (ownValue(verdicts, m.id) as Array<string | null>)[d] = last === undefined ? null : safeRemoteText(last.text);
    options.onProgress?.(++done, total);
  });

  const { errorsByMetric: byMetric, errors } = errorsInMetricOrder(metrics.map((m) => m.id), errorsByMetric);
  return {
    results,
    verdicts,
    summary: { datums: options.datums.length, metrics: metrics.length, records: total, errors, errorsByMetric: byMetric, usage: client.summary() },
  };
}

/** Valor's retry rule: recompute the whole metric while the judge's reply is invalid, up to `retries` more times. */
async function computeWithRetries<T>(compute: (attempt: number) => Promise<T>, retries: number): Promise<T> {
  let attempt = 0;
  for (;;) {
    try {
      return await compute(attempt);
    } catch (error) {
      if (!(error instanceof JudgeResponseError) || attempt >= retries) throw error;
      attempt++;
    }
  }
}

/** The context of a recomputation: calls carry the attempt number so a cache does not replay the failed replies. */
function attemptContext(ctx: JudgeContext, attempt: number): JudgeContext {
  return attempt === 0 ? ctx : { ...ctx, callOptions: { ...ctx.callOptions, attempt } };
}
