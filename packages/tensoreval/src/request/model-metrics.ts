import { checkBoolean, checkInteger, checkNumber, checkOneOf, invalidInput, setOwn } from '@tensoreval/core';
import {
  answerSimilarity, bertScore, crossEncoderHallucination, endpointGptScore, endpointPerplexity, gptScore, h2oGptScore, h2oToxicity,
  H2O_GPTSCORE_ASPECTS, OnnxCausalLm, OnnxSequenceClassifier, OnnxTokenEmbeddings, OpenAiCompatibleLogprobs, perplexity,
  type GptScoreSemantics, type H2oGptScoreTask,
} from '@tensoreval/metrics/models';
import { asArray, asObject, asString, datumLocation, datumUid, FN } from './fields';
import { parseModelsBlock, type ModelSpec } from './model-blocks';
import { MODEL_METHOD_SCHEMAS, MODELS_BLOCK } from './schema/models';
import { taskSchema } from './schema/request-schema';
import type { EvaluateOptions, MetricCall, MetricRequest, MetricResponse, TaskHandler } from './types';

/** Model-based methods of the `text` and `text_generation` tasks, with their parameters. */
export const MODEL_METHODS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(MODEL_METHOD_SCHEMAS).map(([name, m]) => [name, Object.keys(m.parameters)]),
);

export function isModelCall(call: MetricCall): boolean {
  return Object.hasOwn(MODEL_METHODS, call.method);
}

/** A datum of a model-based call: the response, its references, the query and retrieved context. */
interface TextDatum {
  uid: string;
  response: string;
  references: string[];
  query?: string;
  context: string[];
}

function stringList(value: unknown, field: string, index: number): string[] {
  if (value === undefined) return [];
  return asArray(value, datumLocation(field, index)).map((v, j) => asString(v, datumLocation(`${field}[${j}]`, index)));
}

/** `data.datums: [{uid?, response, references? | groundtruths?, query?, context?}]`, or one such object as `data`. */
function parseDatums(data: unknown): TextDatum[] {
  const root = asObject(data, { argument: 'data' });
  const list = root.datums === undefined ? [root] : asArray(root.datums, { argument: 'data.datums' });
  return list.map((raw, i) => {
    const d = asObject(raw, datumLocation('', i));
    const out: TextDatum = {
      uid: d.uid === undefined ? String(i) : datumUid(d, i),
      response: asString(d.response, datumLocation('response', i)),
      references: stringList(d.references ?? d.groundtruths, d.references !== undefined ? 'references' : 'groundtruths', i),
      // text datums call their retrieved passages `contexts`, text_generation datums `context`
      context: d.context !== undefined ? stringList(d.context, 'context', i) : stringList(d.contexts, 'contexts', i),
    };
    if (d.query !== undefined) out.query = asString(d.query, datumLocation('query', i));
    return out;
  });
}

function need(datums: readonly TextDatum[], call: MetricCall, field: 'references' | 'context' | 'query'): void {
  datums.forEach((d, i) => {
    const missing = field === 'query' ? d.query === undefined : d[field].length === 0;
    if (missing) throw invalidInput(`${FN} (metric '${call.id}')`, datumLocation(field, i), `be given: ${call.method} needs a non-empty ${field} for every datum`, 'none', 'TE-204');
  });
}

function mean(values: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += values[i] as number;
  return values.length ? s / values.length : NaN;
}

function modelFor(call: MetricCall, models: Map<string, ModelSpec>, kind: 'dir' | 'any'): ModelSpec {
  const fn = `${FN} (metric '${call.id}')`;
  const name = asString(call.model, { argument: `metrics '${call.id}'.model` });
  const spec = models.get(name);
  if (!spec) throw invalidInput(fn, { argument: 'model' }, `name an entry of the request's models block (${[...models.keys()].join(', ') || 'none'})`, JSON.stringify(name), 'TE-205');
  if (kind === 'dir' && spec.dir === undefined) throw invalidInput(fn, { argument: `models.${name}` }, `be a local model directory: ${call.method} needs the model itself, not an endpoint`, 'an endpoint', 'TE-204');
  return spec;
}

const session = (s: ModelSpec) => ({ ...(s.executionProviders ? { executionProviders: s.executionProviders } : {}), ...(s.batchSize ? { batchSize: s.batchSize } : {}) });

/** One model-based call → `{records: [{type, value, parameters: {uid}}], aggregate}` (aggregate = means over datums). */
async function runOne(call: MetricCall, datums: TextDatum[], models: Map<string, ModelSpec>, onProgress?: (done: number, total: number) => void): Promise<unknown> {
  const fn = `${FN} (metric '${call.id}')`;
  const uidRecords = (type: string, values: (i: number) => unknown, extra: Record<string, unknown> = {}) =>
    datums.map((d, i) => ({ type, value: values(i), parameters: { uid: d.uid, ...extra } }));
  switch (call.method) {
    case 'bertscore': {
      need(datums, call, 'references');
      const spec = modelFor(call, models, 'dir');
      const enc = await OnnxTokenEmbeddings.fromDirectory(spec.dir!, session(spec));
      const numLayers = call.num_layers === undefined ? enc.numLayers : checkInteger(call.num_layers, 'num_layers', fn, { min: 0 });
      const rescale = call.rescale_with_baseline === undefined ? false : checkBoolean(call.rescale_with_baseline, 'rescale_with_baseline', fn);
      const out = await bertScore(enc, datums.map((d) => d.response), datums.map((d) => d.references), {
        numLayers, idf: call.idf === undefined ? false : checkBoolean(call.idf, 'idf', fn), rescaleWithBaseline: rescale, onProgress,
        ...(call.baseline_path !== undefined ? { baseline: asString(call.baseline_path, { argument: `metrics '${call.id}'.baseline_path` }) } : {}),
      });
      return {
        records: uidRecords('BERTScore', (i) => ({ precision: out.precision[i], recall: out.recall[i], f1: out.f1[i] }), { num_layers: numLayers }),
        aggregate: { precision: mean(out.precision), recall: mean(out.recall), f1: mean(out.f1), count: datums.length },
      };
    }
    case 'cross_encoder_similarity': {
      need(datums, call, 'references');
      const spec = modelFor(call, models, 'dir');
      const ce = await OnnxSequenceClassifier.fromDirectory(spec.dir!, { semantics: 'cross-encoder', ...session(spec), ...(spec.maxLength ? { maxLength: spec.maxLength } : {}) });
      const scores = await answerSimilarity(ce, datums.map((d) => d.references[0] as string), datums.map((d) => d.response), onProgress);
      return { records: uidRecords('AnswerSimilarity', (i) => scores[i]), aggregate: { mean: mean(scores), count: datums.length } };
    }
    case 'hallucination_cross_encoder': {
      need(datums, call, 'context');
      const spec = modelFor(call, models, 'dir');
      const ce = await OnnxSequenceClassifier.fromDirectory(spec.dir!, { semantics: 'cross-encoder', ...session(spec), ...(spec.maxLength ? { maxLength: spec.maxLength } : {}) });
      const threshold = call.threshold === undefined ? 0.5 : checkNumber(call.threshold, 'threshold', fn, { min: 0, max: 1 });
      const out = await crossEncoderHallucination(ce, datums.map((d) => d.context.join('\n')), datums.map((d) => d.response), { threshold, onProgress });
      return {
        records: uidRecords('Hallucination', (i) => ({ consistency: out.scores[i], hallucinated: out.hallucinated[i] })),
        aggregate: { mean_consistency: mean(out.scores), hallucinated: out.hallucinated.filter(Boolean).length, count: datums.length },
      };
    }
    case 'toxicity_classifier': {
      const spec = modelFor(call, models, 'dir');
      const clf = await OnnxSequenceClassifier.fromDirectory(spec.dir!, { ...session(spec), ...(spec.maxLength ? { maxLength: spec.maxLength } : {}) });
      const threshold = call.threshold === undefined ? undefined : checkNumber(call.threshold, 'threshold', fn, { min: 0, max: 1 });
      const out = await h2oToxicity(clf, datums.map((d) => d.response), { onProgress, ...(threshold === undefined ? {} : { threshold }) });
      const k = out.labels.length;
      const row = (i: number) => Object.fromEntries(out.labels.map((l, j) => [l, out.values[i * k + j]]));
      return {
        records: uidRecords('Toxicity', (i) => ({ ...row(i), passed: out.passed[i] })),
        aggregate: { ...Object.fromEntries(out.labels.map((l, j) => [l, mean(Array.from(datums, (_, i) => out.values[i * k + j] as number))])), passed: out.passed.filter(Boolean).length, count: datums.length },
      };
    }
    case 'perplexity': {
      const spec = modelFor(call, models, 'any');
      const texts = datums.map((d) => d.response);
      if (spec.endpoint) {
        const out = await endpointPerplexity(new OpenAiCompatibleLogprobs({ baseURL: spec.endpoint, model: spec.model!, apiKey: process.env[spec.apiKeyEnv!] }), texts);
        return { records: uidRecords('Perplexity', (i) => out.perplexities[i]), aggregate: { mean_perplexity: out.meanPerplexity, count: datums.length } };
      }
      const lm = await OnnxCausalLm.fromDirectory(spec.dir!, session(spec));
      const out = await perplexity(lm, texts, {
        onProgress,
        ...(call.add_start_token !== undefined ? { addStartToken: checkBoolean(call.add_start_token, 'add_start_token', fn) } : {}),
        ...(call.max_length !== undefined ? { maxLength: checkInteger(call.max_length, 'max_length', fn, { min: 1 }) } : {}),
      });
      return { records: uidRecords('Perplexity', (i) => out.perplexities[i]), aggregate: { mean_perplexity: out.meanPerplexity, count: datums.length } };
    }
    case 'gptscore': {
      need(datums, call, 'query');
      const spec = modelFor(call, models, 'any');
      const promptText = call.prompt_text === undefined ? '' : asString(call.prompt_text, { argument: `metrics '${call.id}'.prompt_text` });
      const items = datums.map((d) => ({ src: d.query as string, tgt: d.response, promptText }));
      const scores = spec.endpoint
        ? await endpointGptScore(new OpenAiCompatibleLogprobs({ baseURL: spec.endpoint, model: spec.model!, apiKey: process.env[spec.apiKeyEnv!] }), items)
        : (await gptScore(await OnnxCausalLm.fromDirectory(spec.dir!, session(spec)), items, {
          semantics: call.semantics === undefined ? 'optscorer' : checkOneOf(call.semantics, 'semantics', fn, ['optscorer', 'conditional', 'h2o'] as GptScoreSemantics[]), onProgress,
        })).scores;
      return { records: uidRecords('GPTScore', (i) => scores[i]), aggregate: { mean: mean(scores), count: datums.length } };
    }
    case 'h2o_gptscore': {
      const spec = modelFor(call, models, 'dir');
      const task = checkOneOf(call.task, 'task', fn, Object.keys(H2O_GPTSCORE_ASPECTS) as H2oGptScoreTask[]);
      if (task === 'summary_with_reference' || task === 'machine_translation') need(datums, call, 'references');
      const lm = await OnnxCausalLm.fromDirectory(spec.dir!, session(spec));
      const out = await h2oGptScore(lm, task, datums.map((d) => ({ actualOutput: d.response, ...(d.query !== undefined ? { input: d.query } : {}), ...(d.references[0] !== undefined ? { expectedOutput: d.references[0] } : {}) })), { onProgress });
      return {
        records: uidRecords('GPTScore', (i) => Object.fromEntries(Object.entries(out).map(([a, v]) => [a, v[i]])), { task }),
        aggregate: { ...Object.fromEntries(Object.entries(out).map(([a, v]) => [a, mean(v)])), count: datums.length },
      };
    }
    default:
      throw invalidInput(FN, { argument: `metrics '${call.id}'.method` }, 'be a model-based method', call.method, 'TE-102');
  }
}

/**
 * Runs the model-based calls of a `text` or `text_generation` request: each names an entry of the
 * request's `models` block (`model`), reads `data.datums` (response, references, query, context) and
 * returns per-datum records plus run-level means. Calls run one after another; each model is loaded once.
 */
export async function runModelCalls(request: MetricRequest, calls: readonly MetricCall[], options: EvaluateOptions & { modelsBaseDir?: string }): Promise<MetricResponse> {
  const models = parseModelsBlock(request.models, options.modelsBaseDir);
  const datums = parseDatums(request.data);
  const out: MetricResponse = {};
  for (const [i, call] of calls.entries()) {
    // Model batches report inside a call, so a long call moves the CLI's bar: call i at fraction done/total.
    setOwn(out, call.id, await runOne(call, datums, models, options.onProgress && ((done, total) => options.onProgress?.(i + done / total, calls.length))));
    options.onProgress?.(i + 1, calls.length);
  }
  return out;
}

/**
 * Adds the model-based methods to a text task: its own calls go to its handler, the model-based ones
 * to {@link runModelCalls}; the output keeps the request's order of ids.
 */
export function withModelCalls(name: string, handler: TaskHandler): TaskHandler {
  // The judged metrics have their own 'hallucination' and 'toxicity'; model-based names must not shadow any.
  const clash = Object.keys(MODEL_METHODS).filter((m) => Object.hasOwn(handler.methods, m));
  if (clash.length > 0) throw new Error(`model-based methods ${clash.join(', ')} clash with the task's own methods`);
  const schema = taskSchema(name, handler);
  return {
    ...handler,
    methods: { ...handler.methods, ...MODEL_METHODS },
    schema: { ...schema, methods: { ...schema.methods, ...MODEL_METHOD_SCHEMAS }, blocks: { ...schema.blocks, models: MODELS_BLOCK } },
    // model-based calls run in one pass: a request with any of them does not shard
    ...(handler.shards ? { shards: { ...handler.shards, accepts: (r, o) => !r.metrics.some(isModelCall) && handler.shards!.accepts(r, o) } } : {}),
    async run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse> {
      const modelCalls = request.metrics.filter(isModelCall);
      if (modelCalls.length === 0) return handler.run(request, options);
      const own = request.metrics.filter((c) => !isModelCall(c));
      // ids are user text ('__proto__' included): collect by Map, build the output with own keys
      const results = new Map<string, unknown>();
      if (own.length > 0) for (const [id, v] of Object.entries(await handler.run({ ...request, metrics: own }, options))) results.set(id, v);
      for (const [id, v] of Object.entries(await runModelCalls(request, modelCalls, options))) results.set(id, v);
      return Object.fromEntries(request.metrics.map((c) => [c.id, results.get(c.id)]));
    },
  };
}
