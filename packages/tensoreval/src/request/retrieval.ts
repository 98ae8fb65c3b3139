import { citationScores, consistencyStats, nuggetScores, rankingMetrics, retrievalMetricsFromGrades, type CitationSupport, type CitedPart, type NuggetImportance } from '@tensoreval/metrics/retrieval';
import { datumTask, requireField, type RawDatum } from './datum-task';
import { datumRecord, type ResultRecord } from './records';
import { RETRIEVAL_SCHEMA } from './schema/retrieval';
import type { MetricCall, TaskHandler } from './types';

type RetrievalDatum = RawDatum;

/** The ranked list: `grades` with the call's threshold, or 0/1 `relevance` (threshold 1). */
function rankedList(d: RetrievalDatum, call: MetricCall): { grades: number[]; threshold: number | undefined } {
  if (Array.isArray(d.raw.grades)) return { grades: d.raw.grades as number[], threshold: call.threshold as number | undefined };
  if (Array.isArray(d.raw.relevance)) return { grades: (d.raw.relevance as (number | boolean)[]).map(Number), threshold: 1 };
  return requireField(d, 'grades', call.method);
}

const kOptions = (call: MetricCall, threshold: number | undefined) => ({ ...(call.k_values !== undefined ? { kValues: call.k_values as number[] } : {}), ...(threshold !== undefined ? { threshold } : {}) });

/** `{ "K": value }` → one record per K. */
function perK(type: string, values: Record<string, number>, uid: string, threshold: number | undefined): ResultRecord[] {
  return Object.entries(values).map(([k, v]) => datumRecord(type, v, uid, { k: Number(k), ...(threshold !== undefined ? { threshold } : {}) }));
}

type Method = (call: MetricCall, d: RetrievalDatum) => ResultRecord[];

const graded = (pick: 'precisionAt' | 'apAt', type: string): Method => (call, d) => {
  const { grades, threshold } = rankedList(d, call);
  const r = retrievalMetricsFromGrades(grades, kOptions(call, threshold));
  // No grades: the reference reports no retrieval metrics, so the datum has no record.
  return r ? perK(type, r[pick], d.uid, threshold) : [];
};

const ranking = (pick: 'recallAt' | 'hitRateAt' | 'ndcgAt', type: string): Method => (call, d) => {
  const { grades, threshold } = rankedList(d, call);
  return perK(type, rankingMetrics(grades, kOptions(call, threshold))[pick], d.uid, threshold);
};

const METHODS: Readonly<Record<string, Method>> = {
  precision_at_k: graded('precisionAt', 'Precision@K'),
  ap_at_k: graded('apAt', 'AP@K'),
  mrr(call, d) {
    const { grades, threshold } = rankedList(d, call);
    const r = retrievalMetricsFromGrades(grades, { kValues: [], ...(threshold !== undefined ? { threshold } : {}) });
    return r ? [datumRecord('MRR', r.mrr, d.uid, threshold !== undefined ? { threshold } : {})] : [];
  },
  recall_at_k: ranking('recallAt', 'Recall@K'),
  hit_rate_at_k: ranking('hitRateAt', 'HitRate@K'),
  ndcg_at_k: ranking('ndcgAt', 'nDCG@K'),
  nugget_scores(call, d) {
    const nuggets = requireField<{ importance: NuggetImportance; assignment: string }[]>(d, 'nuggets', call.method);
    const s = nuggetScores(nuggets.map((n) => n.importance), nuggets.map((n) => n.assignment));
    const named: [string, number][] = [['All', s.all], ['All Strict', s.allStrict], ['Vital', s.vital], ['Vital Strict', s.vitalStrict], ['Weighted', s.weighted], ['Weighted Strict', s.weightedStrict]];
    return named.map(([type, v]) => datumRecord(type, v, d.uid));
  },
  citation_scores(call, d) {
    const parts = requireField<CitedPart[]>(d, 'answer_parts', call.method);
    const labels = requireField<CitationSupport[]>(d, 'citation_labels', call.method);
    const s = citationScores(parts, (d.raw.passages as Record<string, string> | undefined) ?? {}, labels);
    return [
      datumRecord('weighted_precision', s.weightedPrecision, d.uid, {}, { per_citation: s.perCitation }),
      datumRecord('weighted_recall', s.weightedRecall, d.uid, {}, { per_part: s.perPart }),
      datumRecord('f1', s.f1, d.uid),
    ];
  },
  consistency_stats(call, d) {
    const values = requireField<number[]>(d, 'values', call.method);
    const s = consistencyStats(values);
    const named: [string, number][] = [['mean', s.mean], ['median', s.median], ['std', s.std], ['max_min', s.range], ['iqr', s.iqr], ['consistency_adjusted_index', s.consistencyAdjustedIndex]];
    return named.map(([type, v]) => datumRecord(type, v, d.uid));
  },
};

/**
 * The `retrieval` task: per datum, ranked-list metrics from grades or 0/1 relevance (open-rag-eval's
 * Precision@K, AP@K and MRR; Recall@K, hit rate@K and nDCG@K with trec_eval / scikit-learn
 * semantics), open-rag-eval's nugget and citation scores and consistency statistics. Each call's
 * output is a list of `{type, value, parameters: {datum_uid, k?, threshold?}}` records in datum order;
 * the datums shard (workers, queue).
 */
export const retrievalTask: TaskHandler = datumTask(RETRIEVAL_SCHEMA, (call, datums) => datums.flatMap((d) => METHODS[call.method]!(call, d)), 'by-uid', true);
