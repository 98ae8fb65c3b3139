import { JudgeTransportError } from './errors';
import type { ChatMessage, JudgeCallOptions, JudgeClient, JudgeReply } from './types';

/** Price of a model in US dollars per million tokens, for the run's cost estimate. */
export interface JudgePricing {
  promptPerMillion: number;
  completionPerMillion: number;
}

/**
 * Token and cost accounting of a run. A call is one question a metric asked the judge; an attempt is
 * one request sent to the endpoint. Cached and failed calls count as calls but cost nothing.
 */
export interface JudgeUsageSummary {
  /** every call the metrics made: answered, cached and failed */
  calls: number;
  /** calls answered from the response cache (no request sent) */
  cachedCalls: number;
  /** calls that failed (after the client's own transport retries): they cost no tokens but were tried */
  failedCalls: number;
  /** requests sent to the endpoint, retries included; an open circuit or a cache hit sends none */
  attempts: number;
  /** attempts that repeated an earlier attempt of the same call (timeouts, 429, 5xx, dropped connections) */
  retries: number;
  promptTokens: number;
  completionTokens: number;
  /** Estimated cost in US dollars; null when no pricing was given. */
  costUsd: number | null;
}

/**
 * The cost of a run's token totals in US dollars (null without pricing). Computed from the totals
 * only, so runs merged from shards cost exactly what one pass costs.
 */
export function usageCost(pricing: JudgePricing | undefined, promptTokens: number, completionTokens: number): number | null {
  return pricing ? (promptTokens * pricing.promptPerMillion + completionTokens * pricing.completionPerMillion) / 1e6 : null;
}

/** Wraps a judge and adds up its calls, tokens and cost. */
export class MeteredJudgeClient implements JudgeClient {
  readonly modelName: string;
  readonly maxConcurrency: number;
  private calls = 0;
  private cachedCalls = 0;
  private failedCalls = 0;
  private attempts = 0;
  private retries = 0;
  private promptTokens = 0;
  private completionTokens = 0;

  constructor(private readonly inner: JudgeClient, private readonly pricing?: JudgePricing) {
    this.modelName = inner.modelName;
    this.maxConcurrency = inner.maxConcurrency;
  }

  async complete(messages: ChatMessage[], options?: JudgeCallOptions): Promise<JudgeReply> {
    let reply: JudgeReply;
    try {
      reply = await this.inner.complete(messages, options);
    } catch (error) {
      this.calls++;
      this.failedCalls++;
      this.countAttempts(error instanceof JudgeTransportError ? error.attempts : 1);
      throw error;
    }
    this.calls++;
    if (reply.cached) this.cachedCalls++;
    else {
      this.countAttempts(reply.attempts ?? 1);
      this.promptTokens += reply.usage.promptTokens;
      this.completionTokens += reply.usage.completionTokens;
    }
    return reply;
  }

  private countAttempts(sent: number): void {
    this.attempts += sent;
    this.retries += Math.max(0, sent - 1);
  }

  summary(): JudgeUsageSummary {
    return { calls: this.calls, cachedCalls: this.cachedCalls, failedCalls: this.failedCalls, attempts: this.attempts, retries: this.retries, promptTokens: this.promptTokens, completionTokens: this.completionTokens, costUsd: usageCost(this.pricing, this.promptTokens, this.completionTokens) };
  }
}
