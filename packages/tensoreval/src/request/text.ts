import { valorSentenceBleu } from '@tensoreval/metrics/text';
import { runCalls } from './calls';
import { asArray, asObject, asString } from './fields';
import type { EvaluateOptions, MetricRequest, MetricResponse, TaskHandler } from './types';

/** Valor's default BLEU weights (BLEU-4). */
const DEFAULT_WEIGHTS = [0.25, 0.25, 0.25, 0.25];

/**
 * The `text` task: `data = {response, references: [str...]}` and Valor's `sentence_bleu(weights)`,
 * answered by the text package's nltk-exact BLEU with Valor's tokenizer. Each call returns one
 * `{type: 'BLEU', value, parameters: {weights}}` record. `calculate_sentence_bleu(prediction,
 * references, weights)` is Valor's plain function and returns the number.
 */
export const textTask: TaskHandler = {
  methods: { sentence_bleu: ['weights'], calculate_sentence_bleu: ['prediction', 'references', 'weights'] },
  defaultSemantics: 'valor',
  semantics: ['valor'],
  async run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse> {
    const texts = (where: string, source: Record<string, unknown>, responseKey: string) => ({
      response: asString(source[responseKey], { argument: `${where}.${responseKey}` }),
      references: asArray(source.references, { argument: `${where}.references` }).map((r, i) => asString(r, { argument: `${where}.references`, index: i })),
    });
    // `calculate_sentence_bleu` (Valor's function) carries its texts in the call; `sentence_bleu` reads `data`.
    const fromData = request.metrics.some((c) => c.method === 'sentence_bleu') ? texts('data', asObject(request.data, { argument: 'data' }), 'response') : undefined;
    return runCalls(request, options, (call) => {
      const weights = (call.weights as number[] | undefined) ?? DEFAULT_WEIGHTS;
      if (call.method === 'calculate_sentence_bleu') {
        const t = texts(`metrics '${call.id}'`, call, 'prediction');
        return valorSentenceBleu(t.response, t.references, weights);
      }
      const t = fromData!;
      return { type: 'BLEU', value: valorSentenceBleu(t.response, t.references, weights), parameters: { weights: weights.slice() } };
    });
  },
};
