import type { JudgeContext } from './judge-context';
import type { JudgedDatum } from './judged-datum';
import type { JudgedValue } from './judged-record';

/** Whose prompts, parsing and edge cases a judged metric reproduces. */
export type JudgeSemantics = 'valor' | 'ragas' | 'deepeval' | 'open-rag-eval' | 'h2o';

/** Computes one judged metric for one datum. Metric-specific options come from the request. */
export type JudgedMetricFn = (ctx: JudgeContext, datum: JudgedDatum, options: Readonly<Record<string, unknown>>) => Promise<JudgedValue>;

/** A judged metric: the record type it reports and one implementation per supported semantics. */
export interface JudgedMetricDefinition {
  /** Record `type` (Valor's metric type names where Valor has the metric). */
  type: string;
  defaultSemantics: JudgeSemantics;
  variants: Partial<Record<JudgeSemantics, JudgedMetricFn>>;
}
