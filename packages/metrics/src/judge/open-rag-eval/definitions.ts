import type { JudgedMetricDefinition } from '../judged-metric';
import * as ore from './metrics';

/** open-rag-eval's judged metrics. */
export const OPEN_RAG_EVAL_METRIC_DEFINITIONS: Record<string, JudgedMetricDefinition> = {
  umbrela: { type: 'UMBRELA', defaultSemantics: 'open-rag-eval', variants: { 'open-rag-eval': ore.umbrela } },
  no_answer: { type: 'NoAnswer', defaultSemantics: 'open-rag-eval', variants: { 'open-rag-eval': ore.noAnswer } },
  citation_support: { type: 'CitationSupport', defaultSemantics: 'open-rag-eval', variants: { 'open-rag-eval': ore.citationSupport } },
  autonuggetizer: { type: 'AutoNuggetizer', defaultSemantics: 'open-rag-eval', variants: { 'open-rag-eval': ore.autoNuggetizer } },
};
