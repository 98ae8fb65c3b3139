import { invalidInput, ownValue, setOwn } from '@tensoreval/core';
import { isCount } from '../state/arrow-state';
import { decodeRecordLists, encodeRecordLists } from '../state/record-state';
import type { JudgedRunResult, JudgedRunSummary, JudgedVerdicts } from './evaluate-judged';
import type { JudgedRecord } from './judged-record';
import { usageCost, type JudgePricing } from './usage-meter';

/** A judged run over a contiguous span of datums: `base` is the index of its first datum in the whole run. */
export interface JudgedRunShard {
  base: number;
  run: JudgedRunResult;
}

const KIND = 'tensoreval.judged-run';
const COUNTERS = ['calls', 'cachedCalls', 'failedCalls', 'attempts', 'retries', 'promptTokens', 'completionTokens'] as const;

interface Header {
  base: number;
  ids: string[];
  pricing: JudgePricing | null;
  summary: Omit<JudgedRunSummary, 'usage'> & { usage: Record<(typeof COUNTERS)[number], number> };
}

/**
 * A judged run's state as an Arrow IPC file (the container of every evaluator state): one row of
 * records per metric id (JSON text, numbers bit for bit), then one row of the judge's verdict texts
 * per metric id (null where the judge never replied), and, in the header, the span's first datum,
 * the pricing and the counts (records, errors per metric, calls, cached and failed calls,
 * attempts and retries sent, tokens).
 * The cost is not stored: {@link mergeJudgedRuns} recomputes it from the merged token totals.
 */
export function encodeJudgedRun(shard: JudgedRunShard, pricing?: JudgePricing): Promise<Uint8Array> {
  const { results, verdicts, summary } = shard.run;
  const ids = Object.keys(results);
  const { costUsd: _cost, ...usage } = summary.usage;
  const header: Header = { base: shard.base, ids, pricing: pricing ?? null, summary: { ...summary, usage } };
  return encodeRecordLists(KIND, header, [...ids.map((id) => ownValue(results, id) ?? []), ...ids.map((id) => ownValue(verdicts, id) ?? [])]);
}

/** Reads a file written by {@link encodeJudgedRun}; a malformed one is one TE-209 line naming `source`. */
export async function decodeJudgedRun(bytes: Uint8Array, source: string): Promise<{ shard: JudgedRunShard; pricing: JudgePricing | undefined }> {
  const { header, lists } = await decodeRecordLists(bytes, KIND, source);
  if (!isHeader(header, lists)) throw invalidInput('decodeState', source, `carry a '${KIND}' header (base, ids, summary counts) and one record per datum and metric`, 'another shape', 'TE-209');
  const { base, ids, summary } = header;
  const pricing = header.pricing ?? undefined;
  const results: Record<string, JudgedRecord[]> = {};
  const verdicts: JudgedVerdicts = {};
  for (const [i, id] of ids.entries()) {
    setOwn(results, id, lists[i] as JudgedRecord[]);
    setOwn(verdicts, id, lists[ids.length + i] as Array<string | null>);
  }
  const usage = { ...summary.usage, costUsd: usageCost(pricing, summary.usage.promptTokens, summary.usage.completionTokens) };
  return { shard: { base, run: { results, verdicts, summary: { ...summary, usage } } }, pricing };
}

function isHeader(header: unknown, lists: readonly unknown[][]): header is Header {
  const h = header as Partial<Header> | null;
  const s = h?.summary;
  return !!h && isCount(h.base) && Array.isArray(h.ids) && 2 * h.ids.length === lists.length && !!s && isCount(s.datums) && isCount(s.metrics) && isCount(s.records) && isCount(s.errors)
    && typeof s.errorsByMetric === 'object' && s.errorsByMetric !== null && Object.values(s.errorsByMetric).every(isCount)
    && typeof s.usage === 'object' && s.usage !== null && COUNTERS.every((c) => isCount(s.usage[c])) && lists.every((l) => l.length === s.datums)
    && lists.slice(h.ids.length).every((l) => l.every((v) => v === null || typeof v === 'string'));
}

/**
 * Merges the runs of contiguous datum spans, given in any order, into the run one pass over all
 * their datums gives: records and verdicts concatenated in datum order, counts added (integers, so exact), errors
 * per metric in metric order and the cost recomputed from the token totals. The spans must cover
 * datums 0..n-1 once each and share their metric ids; anything else is one TE-209 line.
 */
export function mergeJudgedRuns(shards: readonly JudgedRunShard[], pricing?: JudgePricing): JudgedRunResult {
  const ordered = [...shards].sort((a, b) => a.base - b.base);
  const ids = ordered.length ? Object.keys(ordered[0]!.run.results) : [];
  const results: Record<string, JudgedRecord[]> = {};
  const verdicts: JudgedVerdicts = {};
  for (const id of ids) {
    setOwn(results, id, [] as JudgedRecord[]);
    setOwn(verdicts, id, [] as Array<string | null>);
  }
  const counts: Record<(typeof COUNTERS)[number], number> = { calls: 0, cachedCalls: 0, failedCalls: 0, attempts: 0, retries: 0, promptTokens: 0, completionTokens: 0 };
  const errorCounts: Record<string, number> = {};
  let datums = 0;
  let records = 0;
  for (const { base, run } of ordered) {
    const theirs = Object.keys(run.results);
    if (base !== datums || theirs.length !== ids.length || theirs.some((id, i) => id !== ids[i])) {
      throw invalidInput('mergeJudgedRuns', 'shards', `cover datums 0..n-1 once each with the same metric ids (${JSON.stringify(ids)})`, `a shard at datum ${base} with ids ${JSON.stringify(theirs)} after ${datums} datums`, 'TE-209');
    }
    for (const id of ids) {
      for (const r of ownValue(run.results, id) as JudgedRecord[]) (ownValue(results, id) as JudgedRecord[]).push(r);
      for (const v of ownValue(run.verdicts, id) ?? []) (ownValue(verdicts, id) as Array<string | null>).push(v);
    }
    for (const c of COUNTERS) counts[c] += run.summary.usage[c];
    for (const [id, n] of Object.entries(run.summary.errorsByMetric)) setOwn(errorCounts, id, (ownValue(errorCounts, id) ?? 0) + n);
    datums += run.summary.datums;
    records += run.summary.records;
  }
  const { errorsByMetric, errors } = errorsInMetricOrder(ids, errorCounts);
  return {
    results,
    verdicts,
    summary: { datums, metrics: ids.length, records, errors, errorsByMetric, usage: { ...counts, costUsd: usageCost(pricing, counts.promptTokens, counts.completionTokens) } },
  };
}

/** Error counts per metric id in the metrics' order (whatever order pairs or shards finished in), and their total. */
export function errorsInMetricOrder(ids: readonly string[], counts: Readonly<Record<string, number>>): { errorsByMetric: Record<string, number>; errors: number } {
  const errorsByMetric: Record<string, number> = {};
  let errors = 0;
  for (const id of ids) {
    const n = ownValue(counts, id);
    if (n === undefined) continue;
    setOwn(errorsByMetric, id, n); // ids are user text
    errors += n;
  }
  return { errorsByMetric, errors };
}
