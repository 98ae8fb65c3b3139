import type { JudgedMetricDefinition } from '../judged-metric';
import * as de from './metrics';

/** DeepEval variants of the shared metric names, plus summarization (DeepEval's; H2O's summarization judge uses it). */
export const DEEPEVAL_METRIC_DEFINITIONS: Record<string, JudgedMetricDefinition> = {
  answer_relevance: { type: 'AnswerRelevance', defaultSemantics: 'valor', variants: { deepeval: de.deepevalAnswerRelevancy } },
  faithfulness: { type: 'Faithfulness', defaultSemantics: 'valor', variants: { deepeval: de.deepevalFaithfulness } },
  bias: { type: 'Bias', defaultSemantics: 'valor', variants: { deepeval: de.deepevalBias } },
  toxicity: { type: 'Toxicity', defaultSemantics: 'valor', variants: { deepeval: de.deepevalToxicity } },
  hallucination: { type: 'Hallucination', defaultSemantics: 'valor', variants: { deepeval: de.deepevalHallucination } },
  context_precision: { type: 'ContextPrecision', defaultSemantics: 'valor', variants: { deepeval: de.deepevalContextualPrecision } },
  context_recall: { type: 'ContextRecall', defaultSemantics: 'valor', variants: { deepeval: de.deepevalContextualRecall } },
  context_relevance: { type: 'ContextRelevance', defaultSemantics: 'valor', variants: { deepeval: de.deepevalContextualRelevancy } },
  summarization: { type: 'Summarization', defaultSemantics: 'deepeval', variants: { deepeval: de.deepevalSummarization, h2o: de.deepevalSummarization } },
};
