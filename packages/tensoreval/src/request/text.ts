import { invalidInput } from '@tensoreval/core';
import { valorSentenceBleu, type NltkRegexEngine } from '@tensoreval/metrics/text';
import { runCalls } from './calls';
import { asArray, asObject, asString, FN } from './fields';
import { datumRecord } from './records';
import { schemaMethodTable } from './schema/method-table';
import { TEXT_SCHEMA } from './schema/text';
import { parseTextDatums, type TextDatum } from './text-datums';
import { TEXT_METHODS } from './text-methods';
import type { EvaluateOptions, MetricRequest, MetricResponse, TaskHandler } from './types';

/** Valor's default BLEU weights (BLEU-4). */
const DEFAULT_WEIGHTS = [0.25, 0.25, 0.25, 0.25];

/**
 * The `text` task. With Valor's `data = {response, references: [str...]}`, `sentence_bleu(weights)`
 * returns one `{type: 'BLEU', value, parameters: {weights}}` record (nltk-exact BLEU with Valor's
 * tokenizer); `calculate_sentence_bleu(prediction, references, weights)` is Valor's plain function
 * and returns the number. With `data = {datums: [{uid, response, references, ...}]}` every method of
 * schema/text.ts runs over the datums (sentence_bleu then gives one record per datum).
 */
export const textTask: TaskHandler = {
  schema: TEXT_SCHEMA,
  methods: schemaMethodTable(TEXT_SCHEMA),
  aggregates: 'by-uid',
  defaultSemantics: 'valor',
  semantics: ['valor'],
  async run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse> {
    const texts = (where: string, source: Record<string, unknown>, responseKey: string) => ({
      response: asString(source[responseKey], { argument: `${where}.${responseKey}` }),
      references: asArray(source.references, { argument: `${where}.references` }).map((r, i) => asString(r, { argument: `${where}.references`, index: i })),
    });
    const needsData = request.metrics.some((c) => c.method !== 'calculate_sentence_bleu');
    const data = needsData ? asObject(request.data, { argument: 'data' }) : undefined;
    const datums: TextDatum[] | undefined = data && 'datums' in data ? parseTextDatums(data) : undefined;
    // Valor's single pair, read once.
    const pair = data && !datums && request.metrics.some((c) => c.method === 'sentence_bleu') ? texts('data', data, 'response') : undefined;
    return runCalls(request, options, (call) => {
      const weights = (call.weights as number[] | undefined) ?? DEFAULT_WEIGHTS;
      const engine = call.regex_engine === undefined ? {} : { regexEngine: call.regex_engine as NltkRegexEngine };
      if (call.method === 'calculate_sentence_bleu') {
        const t = texts(`metrics '${call.id}'`, call, 'prediction');
        return valorSentenceBleu(t.response, t.references, weights, engine);
      }
      if (call.method === 'sentence_bleu') {
        if (datums) return datums.map((d) => datumRecord('BLEU', valorSentenceBleu(d.response, d.references, weights, engine), d.uid, { weights: weights.slice() }));
        const t = pair!;
        return { type: 'BLEU', value: valorSentenceBleu(t.response, t.references, weights, engine), parameters: { weights: weights.slice() } };
      }
      // Every other method reads data.datums.
      if (!datums) throw invalidInput(FN, { argument: 'data.datums' }, `be present for method '${call.method}' (one datum per response)`, 'no datums', 'TE-204');
      return TEXT_METHODS[call.method]!(call, datums!);
    });
  },
};
