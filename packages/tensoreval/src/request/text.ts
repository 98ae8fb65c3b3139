import { valorSentenceBleu } from '@tensoreval/metrics/text';
import { runCalls } from './calls';
import { asArray, asObject, asString } from './fields';
import type { EvaluateOptions, MetricRequest, MetricResponse, TaskHandler } from './types';

/** Valor's default BLEU weights (BLEU-4). */
const DEFAULT_WEIGHTS = [0.25, 0.25, 0.25, 0.25];

/**
 * The `text` task: `data = {response, references: [str...]}` and Valor's `sentence_bleu(weights)`,
 * answered by the text package's nltk-exact BLEU with Valor's tokenizer. Each call returns one
 * `{type: 'BLEU', value, parameters: {weights}}` record.
 */
export const textTask: TaskHandler = {
  methods: { sentence_bleu: ['weights'] },
  defaultSemantics: 'valor',
  semantics: ['valor'],
  async run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse> {
    const data = asObject(request.data, { argument: 'data' });
    const response = asString(data.response, { argument: 'data.response' });
    const references = asArray(data.references, { argument: 'data.references' }).map((r, i) => asString(r, { argument: 'data.references', index: i }));
    return runCalls(request, options, (call) => {
      const weights = (call.weights as number[] | undefined) ?? DEFAULT_WEIGHTS;
      return { type: 'BLEU', value: valorSentenceBleu(response, references, weights), parameters: { weights: weights.slice() } };
    });
  },
};
