import { checkInteger, checkNumber, checkOneOf, invalidOption, TensorEvalError } from '@tensoreval/core';
import type OpenAI from 'openai';
import { Semaphore } from './concurrency';
import { JudgeTransportError } from './errors';
import { safeRemoteText } from './redact';
import type { ChatMessage, JudgeCallOptions, JudgeClient, JudgeReply } from './types';

/**
 * How to ask for JSON: 'json_schema' sends the step's schema as structured output, 'json_object'
 * asks for any JSON object, 'off' sends neither (replies are then extracted tolerantly). 'auto'
 * (default) tries 'json_schema' and falls back to 'off' for good once the server rejects it.
 */
export type StructuredOutputMode = 'auto' | 'json_schema' | 'json_object' | 'off';

export interface OpenAiJudgeClientOptions {
  /** Model name (for Azure: the deployment name). */
  model: string;
  /** Base URL of any OpenAI-compatible server, e.g. http://localhost:8000/v1 (vLLM), http://localhost:11434/v1 (Ollama). */
  baseURL?: string;
  /** API key; local servers accept any. Defaults to the OPENAI_API_KEY environment variable, else "none". */
  apiKey?: string;
  /** Set to use Azure OpenAI (`baseURL` is then the resource endpoint). */
  azureApiVersion?: string;
  /**
   * Deadline of one attempt in milliseconds, over the whole exchange, reply body included (default
   * 60000): a server that sends its headers and then stalls the body cannot hold a run forever.
   */
  timeoutMs?: number;
  /** Retries after a timeout, connection error, 408/409/429 or 5xx (default 4). */
  maxRetries?: number;
  /** First backoff delay in milliseconds, doubled per retry with ±25 % jitter (default 500). */
  retryBaseDelayMs?: number;
  /** Longest wait between retries, also caps a server's Retry-After (default 30000). */
  retryMaxDelayMs?: number;
  /** Calls in flight at once (default 8). */
  maxConcurrency?: number;
  structuredOutput?: StructuredOutputMode;
  /**
   * After this many calls in a row failed on transport (each after its retries), the endpoint is
   * taken as down and later calls fail at once instead of each waiting out its retries (default 3;
   * 0 never gives up). A successful call closes the circuit again.
   */
  circuitBreakerFailures?: number;
}

/** One attempt ran past its deadline (body included); retried like a timeout. */
class AttemptDeadlineError extends Error {}

const FN = 'OpenAiJudgeClient';

type OpenAiModule = typeof import('openai');
let sdkModule: Promise<OpenAiModule> | undefined;

/**
 * The `openai` SDK, imported on first use: it is large (about 20 MB) and only judged metrics need it,
 * so it is an optional peer that a COCO-only or text-only user never loads or installs.
 */
function loadOpenAi(): Promise<OpenAiModule> {
  sdkModule ??= import('openai').catch((error: unknown) => {
    sdkModule = undefined;
    throw new TensorEvalError('TE-301', `${FN} needs the optional 'openai' package, which could not be loaded (${error instanceof Error ? error.message : String(error)}). Install it with: npm i openai.`, { cause: error });
  });
  return sdkModule;
}

/**
 * A judge on any OpenAI-compatible chat-completions endpoint (OpenAI, Azure, vLLM, Ollama, LM Studio)
 * through the official `openai` SDK, with bounded concurrency, per-call timeouts, retries with
 * exponential backoff on 429 / 5xx / timeouts (honouring Retry-After), and structured output where
 * the server supports it.
 */
export class OpenAiJudgeClient implements JudgeClient {
  readonly modelName: string;
  readonly maxConcurrency: number;
  private sdk: { client: OpenAI; module: OpenAiModule } | undefined;
  private readonly azureApiVersion: string | undefined;
  private readonly baseURL: string | undefined;
  private readonly apiKey: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly semaphore: Semaphore;
  private structured: StructuredOutputMode;
  private readonly breakAfter: number;
  private failuresInARow = 0;

  constructor(options: OpenAiJudgeClientOptions) {
    if (typeof options.model !== 'string' || options.model === '') throw invalidOption(FN, 'model', 'a non-empty string', options.model);
    this.modelName = options.model;
    const positive = { min: 0, minExclusive: true };
    this.timeoutMs = options.timeoutMs === undefined ? 60_000 : checkNumber(options.timeoutMs, 'timeoutMs', FN, positive);
    this.maxRetries = options.maxRetries === undefined ? 4 : checkInteger(options.maxRetries, 'maxRetries', FN, { min: 0 });
    this.baseDelayMs = options.retryBaseDelayMs === undefined ? 500 : checkNumber(options.retryBaseDelayMs, 'retryBaseDelayMs', FN, positive);
    this.maxDelayMs = options.retryMaxDelayMs === undefined ? 30_000 : checkNumber(options.retryMaxDelayMs, 'retryMaxDelayMs', FN, positive);
    this.maxConcurrency = (options.maxConcurrency === undefined ? 8 : checkInteger(options.maxConcurrency, 'maxConcurrency', FN, { min: 0 })) || 1;
    this.semaphore = new Semaphore(this.maxConcurrency);
    this.structured = options.structuredOutput === undefined ? 'auto' : checkOneOf(options.structuredOutput, 'structuredOutput', FN, ['auto', 'json_schema', 'json_object', 'off']);
    this.breakAfter = options.circuitBreakerFailures === undefined ? 3 : checkInteger(options.circuitBreakerFailures, 'circuitBreakerFailures', FN, { min: 0 });
    this.apiKey = options.apiKey ?? process.env.OPENAI_API_KEY ?? 'none';
    this.azureApiVersion = options.azureApiVersion;
    this.baseURL = options.baseURL;
  }

  /** The SDK client, created on the first call (loading `openai` then; a missing package is TE-301). */
  private async client(): Promise<{ client: OpenAI; module: OpenAiModule }> {
    if (this.sdk) return this.sdk;
    const module = await loadOpenAi();
    // Retries and timeouts are ours (the SDK's are off) so that the policy above is the whole policy.
    const common = { apiKey: this.apiKey, maxRetries: 0, timeout: this.timeoutMs };
    const client = this.azureApiVersion
      ? new module.AzureOpenAI({ ...common, apiVersion: this.azureApiVersion, deployment: this.modelName, ...(this.baseURL ? { endpoint: this.baseURL } : {}) })
      : new module.OpenAI({ ...common, ...(this.baseURL ? { baseURL: this.baseURL } : {}) });
    this.sdk = { client, module };
    return this.sdk;
  }

  async complete(messages: ChatMessage[], options?: JudgeCallOptions): Promise<JudgeReply> {
    const sdk = await this.client();
    return this.semaphore.run(async () => {
      if (this.breakAfter > 0 && this.failuresInARow >= this.breakAfter) {
        throw new JudgeTransportError(`The judge call to model '${this.modelName}' was not made: the last ${this.failuresInARow} calls failed on transport, so the endpoint is taken as down (circuitBreakerFailures).`);
      }
      try {
        const reply = await this.completeWithRetries(sdk, messages, options);
        this.failuresInARow = 0;
        return reply;
      } catch (error) {
        if (error instanceof JudgeTransportError) this.failuresInARow++;
        throw error;
      }
    });
  }

  private async completeWithRetries(sdk: { client: OpenAI; module: OpenAiModule }, messages: ChatMessage[], options: JudgeCallOptions | undefined): Promise<JudgeReply> {
    let sent = 0; // every request, the one refused for structured output included
    for (let attempt = 0; ; attempt++) {
      try {
        sent++;
        return { ...(await this.request(sdk.client, messages, options)), attempts: sent };
      } catch (error) {
        if (this.structured === 'auto' && options?.responseSchema && isStructuredOutputRejection(sdk.module, error)) {
          this.structured = 'off';
          attempt--;
          continue;
        }
        if (!isRetryable(sdk.module, error) || attempt >= this.maxRetries) {
          // the error text may echo the request (a 401 body with the Authorization header): redact, cap;
          // no `cause`, which would carry the unredacted text along
          const what = safeRemoteText(error instanceof Error ? error.message : String(error), [this.apiKey]);
          throw new JudgeTransportError(`The judge call to model '${this.modelName}' failed after ${attempt + 1} attempt(s): ${what}`, { attempts: sent });
        }
        await sleep(this.backoffMs(sdk.module, attempt, error));
      }
    }
  }

  private async request(client: OpenAI, messages: ChatMessage[], options: JudgeCallOptions | undefined): Promise<JudgeReply> {
    const body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = { model: this.modelName, messages };
    if (options?.temperature !== undefined) body.temperature = options.temperature;
    if (options?.topP !== undefined) body.top_p = options.topP;
    if (options?.seed !== undefined) body.seed = options.seed;
    if (options?.presencePenalty !== undefined) body.presence_penalty = options.presencePenalty;
    if (options?.frequencyPenalty !== undefined) body.frequency_penalty = options.frequencyPenalty;
    if (options?.maxTokens !== undefined) body.max_tokens = options.maxTokens;
    const schema = options?.responseSchema;
    if (schema && (this.structured === 'auto' || this.structured === 'json_schema')) {
      body.response_format = { type: 'json_schema', json_schema: { name: schema.name, schema: schema.schema, strict: false } };
    } else if (schema && this.structured === 'json_object') {
      body.response_format = { type: 'json_object' };
    }
    const completion = await this.withDeadline((signal) => client.chat.completions.create(body, { signal }));
    const text = completion.choices[0]?.message?.content ?? '';
    const usage = completion.usage;
    return { text, usage: { promptTokens: usage?.prompt_tokens ?? 0, completionTokens: usage?.completion_tokens ?? 0 } };
  }

  /**
   * Runs one attempt under one deadline for the whole exchange. The SDK's own timeout stops at the
   * response headers; this one also covers the body: it aborts the request and, should the SDK not
   * notice the abort, rejects anyway.
   */
  private async withDeadline<T>(attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new AttemptDeadlineError(`no complete reply within ${this.timeoutMs} ms`)); // settles the race first
        controller.abort();
      }, this.timeoutMs);
    });
    const run = attempt(controller.signal);
    run.catch(() => {}); // its rejection after the deadline is expected and handled by the race
    try {
      return await Promise.race([run, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private backoffMs(sdk: OpenAiModule, attempt: number, error: unknown): number {
    const retryAfter = error instanceof sdk.APIError ? retryAfterMs(error.headers) : undefined;
    if (retryAfter !== undefined) return Math.min(retryAfter, this.maxDelayMs);
    const jitter = 0.75 + Math.random() * 0.5;
    return Math.min(this.baseDelayMs * 2 ** attempt * jitter, this.maxDelayMs);
  }
}

/** Timeouts, dropped connections, 408, 409, 429 and 5xx are worth another try; other statuses are not. */
function isRetryable(sdk: OpenAiModule, error: unknown): boolean {
  if (error instanceof AttemptDeadlineError) return true;
  if (error instanceof sdk.APIConnectionError) return true; // includes APIConnectionTimeoutError
  if (error instanceof sdk.APIError && typeof error.status === 'number') {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return false;
}

/** A 400/422 that names the response format: the server does not do structured output. */
function isStructuredOutputRejection(sdk: OpenAiModule, error: unknown): boolean {
  if (!(error instanceof sdk.APIError) || (error.status !== 400 && error.status !== 422)) return false;
  return /response_format|json_schema|structured/i.test(`${error.message} ${JSON.stringify(error.error ?? '')}`);
}

/** `retry-after-ms` (milliseconds) or `retry-after` (seconds or an HTTP date), when present. */
function retryAfterMs(headers: Headers | undefined): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers.get('retry-after');
  if (raw === null) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
