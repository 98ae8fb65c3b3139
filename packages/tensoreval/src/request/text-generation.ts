import { checkBoolean, checkInteger, checkNumber, checkNumberArray, checkOneOf, invalidInput, invalidOption, ownValue } from '@tensoreval/core';
import { decodeShardStates } from './merge-states';
import { runCalls } from './calls';
import {
  CachedJudgeClient,
  decodeJudgedRun,
  encodeJudgedRun,
  evaluateJudged,
  mergeJudgedRuns,
  JUDGED_METRICS,
  OpenAiJudgeClient,
  type JudgeClient,
  type JudgedDatum,
  type JudgedMetricRequest,
  type JudgedRunResult,
  type JudgedRunSummary,
  type JudgedVerdicts,
  type JudgePricing,
  type JudgeSemantics,
  type OpenAiJudgeClientOptions,
  type StructuredOutputMode,
} from '@tensoreval/metrics/judge';
import { parseDatumList } from './datum-list';
import { asArray, asObject, asString, datumLocation, FN } from './fields';
import { schemaFromMethodTable } from './schema/known-parameters';
import { JUDGE_BLOCK, TEXT_GENERATION_DATA } from './schema/text-generation';
import { EMBEDDINGS_BLOCK } from './schema/embeddings-block';
import { embeddingProviderFromBlock } from './embeddings-block';
import type { EvaluateOptions, MetricCall, MetricRequest, MetricResponse, TaskHandler } from './types';

/** The request's judge endpoint, model or key as the command line overrides them (--judge-base-url, --judge-model, the key's env variable). */
export interface JudgeOverrides {
  baseURL?: string;
  model?: string;
  apiKey?: string;
}

/** Options of a judged run beyond the request: an injected judge, CLI overrides, progress and summary hooks. */
export interface TextGenerationRunOptions extends EvaluateOptions {
  /** Use this judge instead of building one from the request (a scripted or dry-run judge). */
  judgeClient?: JudgeClient;
  /** Override the request's judge endpoint, model or key (the CLI's --judge-base-url / --judge-model / env key). */
  judgeOverrides?: JudgeOverrides;
  onProgress?: (done: number, total: number) => void;
  /** Receives the run's counts: records, Error records per metric, judge calls, cached calls, tokens, cost. */
  onSummary?: (summary: JudgedRunSummary) => void;
  /** Receives the judge's verdict text behind every record (per metric id, per datum; see `JudgedVerdicts`). */
  onVerdicts?: (verdicts: JudgedVerdicts) => void;
}

/** Request parameter (snake_case) → metric option (camelCase), per metric; every metric also takes `semantics`. */
const METRIC_PARAMETERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  faithfulness: { penalize_ambiguous_claims: 'penalizeAmbiguousClaims' },
  answer_correctness: { weights: 'weights', beta: 'beta' },
  noise_sensitivity: { mode: 'mode' },
  response_relevancy: { strictness: 'strictness' },
  umbrela: { k_values: 'kValues', threshold: 'threshold' },
  summarization: { n: 'n', assessment_questions: 'assessmentQuestions' },
  byop: { template: 'template' },
};

const SEMANTICS: readonly JudgeSemantics[] = ['valor', 'ragas', 'deepeval', 'open-rag-eval', 'h2o'];

function methodTable(): Record<string, readonly string[]> {
  const table: Record<string, readonly string[]> = {};
  for (const name of [...Object.keys(JUDGED_METRICS), 'coherence']) table[name] = ['semantics', ...Object.keys(ownValue(METRIC_PARAMETERS, name) ?? {})];
  return table;
}

function optionalStringList(value: unknown, field: string, index: number): string[] | undefined {
  if (value === undefined) return undefined;
  return asArray(value, datumLocation(field, index)).map((v, j) => asString(v, datumLocation(`${field}[${j}]`, index)));
}

/**
 * Text-generation datums `{uid, query?, response?, context?: [str], groundtruths?: [str], text?,
 * answer_parts?: [{text, citations: [id]}], passages?: {id: text}}` → judged datums.
 */
export function parseTextGenerationData(data: unknown, base = 0): JudgedDatum[] {
  return parseDatumList(data, (datum, i, uid) => {
    const out: JudgedDatum = { uid };
    for (const key of ['query', 'response', 'text'] as const) if (datum[key] !== undefined) out[key] = asString(datum[key], datumLocation(key, i));
    const context = optionalStringList(datum.context, 'context', i);
    const groundtruths = optionalStringList(datum.groundtruths, 'groundtruths', i);
    if (context) out.context = context;
    if (groundtruths) out.groundtruths = groundtruths;
    if (datum.answer_parts !== undefined) {
      out.answerParts = asArray(datum.answer_parts, datumLocation('answer_parts', i)).map((p, j) => {
        const part = asObject(p, datumLocation(`answer_parts[${j}]`, i));
        return { text: asString(part.text, datumLocation(`answer_parts[${j}].text`, i)), citations: optionalStringList(part.citations, `answer_parts[${j}].citations`, i) ?? [] };
      });
    }
    if (datum.passages !== undefined) {
      const passages = asObject(datum.passages, datumLocation('passages', i));
      out.passages = Object.fromEntries(Object.entries(passages).map(([id, text]) => [id, asString(text, datumLocation(`passages.${id}`, i))]));
    }
    return out;
  }, base);
}

/** The run settings of a request's `judge` block, with the API key read from the environment only. */
export interface JudgeSettings {
  client: OpenAiJudgeClientOptions;
  retries: number;
  systemPrompt?: string;
  temperature?: number;
  seed?: number;
  cachePath?: string;
  pricing?: JudgePricing;
}

const JUDGE_FIELDS = ['endpoint', 'base_url', 'model', 'api_key_env', 'azure_api_version', 'timeout_ms', 'max_retries', 'max_concurrency', 'retries', 'temperature', 'seed', 'system_prompt', 'structured_output', 'cache', 'pricing'];

/**
 * Reads the request's `judge` block: `{endpoint | base_url, model, api_key_env?, azure_api_version?,
 * timeout_ms?, max_retries?, max_concurrency?, retries?, temperature?, seed?, system_prompt?,
 * structured_output?, cache?, pricing?: {prompt_per_million, completion_per_million}}`. An API key
 * in the block is refused: keys come from the environment variable `api_key_env` (default OPENAI_API_KEY).
 */
export function parseJudgeSettings(raw: unknown, overrides: JudgeOverrides = {}): JudgeSettings {
  const fn = `${FN} (judge)`;
  const block = raw === undefined ? {} : asObject(raw, { argument: 'judge' });
  if ('api_key' in block || 'apiKey' in block) {
    throw invalidInput(FN, { argument: 'judge.api_key' }, 'be absent (the API key is read only from the environment variable named by judge.api_key_env)', 'a key in the request', 'TE-204');
  }
  // Unknown fields are named but their values never echoed: a misnamed secret must not reach a log.
  for (const key of Object.keys(block)) {
    if (!JUDGE_FIELDS.includes(key)) throw invalidInput(FN, { argument: `judge.${key}` }, `be one of the judge fields (${JUDGE_FIELDS.join(', ')})`, 'an unknown field', 'TE-102');
  }
  const str = (key: string) => (block[key] === undefined ? undefined : asString(block[key], { argument: `judge.${key}` }));
  const model = overrides.model ?? str('model');
  if (model === undefined) throw invalidInput(FN, { argument: 'judge.model' }, 'name the judge model (or pass --judge-model)', 'no model', 'TE-204');
  const baseURL = overrides.baseURL ?? str('endpoint') ?? str('base_url');
  const keyEnv = str('api_key_env') ?? 'OPENAI_API_KEY';
  const apiKey = overrides.apiKey ?? process.env[keyEnv];
  const client: OpenAiJudgeClientOptions = { model };
  if (baseURL !== undefined) client.baseURL = baseURL;
  if (apiKey !== undefined) client.apiKey = apiKey;
  const azure = str('azure_api_version');
  if (azure !== undefined) client.azureApiVersion = azure;
  if (block.timeout_ms !== undefined) client.timeoutMs = checkNumber(block.timeout_ms, 'timeout_ms', fn, { min: 0, minExclusive: true });
  if (block.max_retries !== undefined) client.maxRetries = checkInteger(block.max_retries, 'max_retries', fn, { min: 0 });
  if (block.max_concurrency !== undefined) client.maxConcurrency = checkInteger(block.max_concurrency, 'max_concurrency', fn, { min: 1 });
  if (block.structured_output !== undefined) client.structuredOutput = checkOneOf(block.structured_output, 'structured_output', fn, ['auto', 'json_schema', 'json_object', 'off'] as StructuredOutputMode[]);
  const settings: JudgeSettings = { client, retries: block.retries === undefined ? 0 : checkInteger(block.retries, 'retries', fn, { min: 0 }) };
  const systemPrompt = str('system_prompt');
  if (systemPrompt !== undefined) settings.systemPrompt = systemPrompt;
  if (block.temperature !== undefined) settings.temperature = checkNumber(block.temperature, 'temperature', fn, { min: 0 });
  if (block.seed !== undefined) settings.seed = checkInteger(block.seed, 'seed', fn);
  const cache = str('cache');
  if (cache !== undefined) settings.cachePath = cache;
  if (block.pricing !== undefined) {
    const p = asObject(block.pricing, { argument: 'judge.pricing' });
    settings.pricing = {
      promptPerMillion: checkNumber(p.prompt_per_million, 'pricing.prompt_per_million', fn, { min: 0 }),
      completionPerMillion: checkNumber(p.completion_per_million, 'pricing.completion_per_million', fn, { min: 0 }),
    };
  }
  return settings;
}

/** Judged metrics that compare embeddings (RAGAS); the request's `embeddings` block feeds them. */
const NEEDS_EMBEDDINGS = new Set(['response_relevancy', 'answer_correctness']);

function metricRequest(call: MetricCall, embeddings: unknown): JudgedMetricRequest {
  const fnName = `${FN} (metric '${call.id}')`;
  const options: Record<string, unknown> = {};
  for (const [param, option] of Object.entries(ownValue(METRIC_PARAMETERS, call.method) ?? {})) {
    const value = call[param];
    if (value === undefined) continue;
    if (param === 'penalize_ambiguous_claims') checkBoolean(value, param, fnName);
    if (param === 'k_values') checkNumberArray(value, param, fnName, { min: 0 });
    options[option] = value;
  }
  if (embeddings !== undefined && NEEDS_EMBEDDINGS.has(call.method)) options.embeddings = embeddings;
  const out: JudgedMetricRequest = { id: call.id, name: call.method, options };
  if (call.semantics !== undefined) out.semantics = checkOneOf(call.semantics, 'semantics', fnName, SEMANTICS);
  return out;
}

/**
 * The `text_generation` task: LLM-judged metrics (Valor, DeepEval, RAGAS, open-rag-eval, H2O) over
 * query / response / context / groundtruths datums. The request's `judge` block names the endpoint
 * and model; each metric call's output is one record per datum, in datum order, in Valor's shape
 * (`{type, value, parameters: {evaluator, retries}}`; an unusable judge reply is an Error record).
 */
export const textGenerationTask: TaskHandler = {
  schema: schemaFromMethodTable('LLM-judged metrics (Valor, RAGAS, DeepEval, open-rag-eval, H2O) over query / response / context datums', TEXT_GENERATION_DATA, methodTable(), { judge: JUDGE_BLOCK, embeddings: EMBEDDINGS_BLOCK }),
  methods: methodTable(),
  aggregates: 'all',
  defaultSemantics: 'valor',
  semantics: ['valor'],
  async run(request: MetricRequest, options: TextGenerationRunOptions): Promise<MetricResponse> {
    const { run } = await runJudged(request, options, 0);
    options.onSummary?.(run.summary);
    options.onVerdicts?.(run.verdicts);
    return run.results;
  },
  // Each shard (a thread) builds the request's judge and runs its datums; the judged-run states
  // merge to the one-pass records and counts. The judge overrides and key stay in this process,
  // so the queue does not take judged requests.
  shards: {
    localOnly: "judged requests split across threads only (--workers): the judge's overrides and API key stay in this process",
    accepts(request, options: TextGenerationRunOptions) {
      if (options.judgeClient) {
        throw invalidOption('evaluate', 'judgeClient', "left out when the datums are split into shards (a judge object cannot cross threads; each shard builds the request's judge)", 'a judge client (such as --dry-run\'s)', 'TE-103');
      }
      // the whole request's data and judge block fail here as one pass fails, before any judge call
      parseTextGenerationData(request.data);
      parseJudgeSettings(request.judge, options.judgeOverrides);
      return true;
    },
    async state(request, options: TextGenerationRunOptions, base) {
      const { run, pricing } = await runJudged(request, options, base);
      return encodeJudgedRun({ base, run }, pricing);
    },
    async finish(request, options: TextGenerationRunOptions, states) {
      const shards = await decodeShardStates(states, async (bytes, source) => (await decodeJudgedRun(bytes, source)).shard);
      const { results, verdicts, summary } = mergeJudgedRuns(shards, parseJudgeSettings(request.judge, options.judgeOverrides).pricing);
      options.onSummary?.(summary);
      options.onVerdicts?.(verdicts);
      return runCalls(request, options, (call) => ownValue(results, call.id));
    },
  },
};

/** The judged run of the request's datums (errors number them from `base`) and the judge's pricing. */
async function runJudged(request: MetricRequest, options: TextGenerationRunOptions, base: number): Promise<{ run: JudgedRunResult; pricing: JudgePricing | undefined }> {
  const datums = parseTextGenerationData(request.data, base);
  const embeddings = request.embeddings === undefined ? undefined : await embeddingProviderFromBlock(request.embeddings);
  const settings = parseJudgeSettings(request.judge, options.judgeOverrides);
  let client: JudgeClient = options.judgeClient ?? new OpenAiJudgeClient(settings.client);
  if (settings.cachePath !== undefined && !options.judgeClient) client = new CachedJudgeClient(client, settings.cachePath);
  const callOptions = { ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}), ...(settings.seed !== undefined ? { seed: settings.seed } : {}) };
  const run = await evaluateJudged({
    client,
    datums,
    metrics: request.metrics.map((call) => metricRequest(call, embeddings)),
    retries: settings.retries,
    ...(settings.systemPrompt !== undefined ? { systemPrompt: settings.systemPrompt } : {}),
    ...(Object.keys(callOptions).length ? { callOptions } : {}),
    ...(settings.pricing ? { pricing: settings.pricing } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  return { run, pricing: settings.pricing };
}
