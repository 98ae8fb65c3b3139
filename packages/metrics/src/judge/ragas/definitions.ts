import type { JudgedMetricDefinition } from '../judged-metric';
import * as ragas from './metrics';

/** RAGAS variants of the shared metric names, plus noise sensitivity and response relevancy. */
export const RAGAS_METRIC_DEFINITIONS: Record<string, JudgedMetricDefinition> = {
  faithfulness: { type: 'Faithfulness', defaultSemantics: 'valor', variants: { ragas: ragas.ragasFaithfulness } },
  answer_correctness: { type: 'AnswerCorrectness', defaultSemantics: 'valor', variants: { ragas: ragas.ragasAnswerCorrectness, h2o: ragas.ragasAnswerCorrectness } },
  context_precision: { type: 'ContextPrecision', defaultSemantics: 'valor', variants: { ragas: ragas.ragasContextPrecision } },
  context_recall: { type: 'ContextRecall', defaultSemantics: 'valor', variants: { ragas: ragas.ragasContextRecall } },
  noise_sensitivity: { type: 'NoiseSensitivity', defaultSemantics: 'ragas', variants: { ragas: ragas.ragasNoiseSensitivity } },
  response_relevancy: { type: 'ResponseRelevancy', defaultSemantics: 'ragas', variants: { ragas: ragas.ragasResponseRelevancy, h2o: ragas.ragasResponseRelevancy } },
};
