import type { JudgedMetricDefinition } from '../judged-metric';
import * as valor from './metrics';

/** Valor's ten judged metrics by request name, with Valor's record type names. */
export const VALOR_METRIC_DEFINITIONS: Record<string, JudgedMetricDefinition> = {
  answer_correctness: { type: 'AnswerCorrectness', defaultSemantics: 'valor', variants: { valor: valor.valorAnswerCorrectness } },
  answer_relevance: { type: 'AnswerRelevance', defaultSemantics: 'valor', variants: { valor: valor.valorAnswerRelevance } },
  bias: { type: 'Bias', defaultSemantics: 'valor', variants: { valor: valor.valorBias } },
  toxicity: { type: 'Toxicity', defaultSemantics: 'valor', variants: { valor: valor.valorToxicity } },
  context_precision: { type: 'ContextPrecision', defaultSemantics: 'valor', variants: { valor: valor.valorContextPrecisionJudged } },
  context_recall: { type: 'ContextRecall', defaultSemantics: 'valor', variants: { valor: valor.valorContextRecall } },
  context_relevance: { type: 'ContextRelevance', defaultSemantics: 'valor', variants: { valor: valor.valorContextRelevance } },
  faithfulness: { type: 'Faithfulness', defaultSemantics: 'valor', variants: { valor: valor.valorFaithfulness } },
  hallucination: { type: 'Hallucination', defaultSemantics: 'valor', variants: { valor: valor.valorHallucination } },
  summary_coherence: { type: 'SummaryCoherence', defaultSemantics: 'valor', variants: { valor: valor.valorSummaryCoherence } },
};
