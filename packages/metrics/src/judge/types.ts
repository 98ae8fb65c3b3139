/** One chat message sent to a judge (the chat-completions shape every OpenAI-compatible server accepts). */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON schema the judge's reply should follow, sent as structured output where the server supports it. */
export interface JudgeResponseSchema {
  name: string;
  schema: Record<string, unknown>;
}

/** Sampling parameters of one judge call; all optional, omitted ones are left to the server. */
export interface JudgeCallOptions {
  temperature?: number;
  topP?: number;
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  maxTokens?: number;
  /** Ask for JSON following this schema (structured output) where the client and server support it. */
  responseSchema?: JudgeResponseSchema;
  /**
   * Which recomputation of a metric this call belongs to (0 first). Never sent; it keeps a retried
   * metric from getting the same cached reply that failed before.
   */
  attempt?: number;
}

/** Token usage of one call as the server reported it (zeros when it reported none). */
export interface JudgeUsage {
  promptTokens: number;
  completionTokens: number;
}

/** What a judge returns for one call: the reply text, its usage, and whether it came from the cache. */
export interface JudgeReply {
  text: string;
  usage: JudgeUsage;
  cached?: boolean;
  /** Requests this call sent to the endpoint, retries included (absent: 1, or 0 when cached). */
  attempts?: number;
  /**
   * Set by a cache: told whether the metric that asked accepted the reply. Only an accepted reply is
   * kept, so a reply that parses but fails the metric's own checks is asked again by a re-run.
   */
  settle?: (accepted: boolean) => void;
}

/**
 * The judge interface every judged metric talks to: messages in, text out, with usage.
 * Implementations: {@link OpenAiJudgeClient} (any OpenAI-compatible endpoint), {@link ScriptedJudgeClient}
 * (replies in call order, for tests), {@link DryRunJudgeClient} (records prompts), and the
 * {@link CachedJudgeClient} wrapper (persistent response cache).
 */
export interface JudgeClient {
  /** The model name reported in every record's `evaluator` parameter. */
  readonly modelName: string;
  /**
   * How many calls may be in flight at once. 1 means calls must be issued one at a time, in order
   * (a scripted client relies on that to hand out replies in call order).
   */
  readonly maxConcurrency: number;
  complete(messages: ChatMessage[], options?: JudgeCallOptions): Promise<JudgeReply>;
}

/** Text → vectors, for judged metrics that also compare embeddings (RAGAS answer correctness, response relevancy). */
export interface EmbeddingProvider {
  embed(texts: string[]): Promise<number[][]>;
}
