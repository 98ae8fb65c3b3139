import { setOwn } from '@tensoreval/core';

/** One metric as Valor reports it: `{ type, value, parameters }` with Valor's type names and keys. */
export interface MetricRecord<V = unknown> {
  type: string;
  value: V;
  parameters: Record<string, unknown>;
}

/** Records grouped by type, as Valor's precision-recall methods return them. */
export type MetricRecordsByType = Record<string, MetricRecord[]>;

/** Groups records by type, keeping first-seen type order and record order. */
export function groupByType(records: readonly MetricRecord[]): MetricRecordsByType {
  const out: MetricRecordsByType = {};
  for (const r of records) (out[r.type] ??= []).push(r);
  return out;
}

/** x / d, or 0 when d is not positive: Valor's `np.divide(..., where=d > 0)` into zeros. */
export function safeDivide(x: number, d: number): number {
  return d > 0 ? x / d : 0;
}

/** Valor's F1: 2PR/(P+R), 0 when P+R ≤ 1e-9. */
export function f1Score(precision: number, recall: number): number {
  const s = precision + recall;
  return s > 1e-9 ? (2 * precision * recall) / s : 0;
}

/** Arithmetic mean, 0 for an empty list (Valor's `mean` of an empty axis is guarded the same way). */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return 0;
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i] as number;
  return s / values.length;
}

/** `{ [label]: at(index) }` over `labels` in order: Valor's per-label dictionaries. */
export function byLabel<T>(labels: readonly string[], at: (index: number) => T): Record<string, T> {
  const out: Record<string, T> = {};
  labels.forEach((label, i) => { setOwn(out, label, at(i)); }); // any label, `__proto__` included, is a key
  return out;
}

/** Valor's `confusion_matrix`: `{ [groundtruth label]: { [prediction label]: cell } }` from a row-major k×k list. */
export function confusionByLabel<T>(labels: readonly string[], cells: ArrayLike<T>): Record<string, Record<string, T>> {
  const k = labels.length;
  return byLabel(labels, (g) => byLabel(labels, (p) => cells[g * k + p] as T));
}
