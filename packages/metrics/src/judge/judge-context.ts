import { JudgeResponseError } from './errors';
import type { ChatMessage, JudgeCallOptions, JudgeClient, JudgeReply } from './types';

/** Valor's default system prompt, sent with every Valor-semantics judge call. */
export const DEFAULT_JUDGE_SYSTEM_PROMPT = 'You are a helpful assistant.';

/** What a judged metric needs to make its calls: the judge, the system prompt and sampling options. */
export interface JudgeContext {
  client: JudgeClient;
  systemPrompt: string;
  callOptions?: JudgeCallOptions;
  /** Replies received for the metric being computed, settled when it ends (see {@link computeSettled}). */
  replies?: JudgeReply[];
}

/** Sends one system + user prompt pair to the judge and returns the reply text. */
export async function askJudge(ctx: JudgeContext, userPrompt: string, extra?: JudgeCallOptions): Promise<string> {
  const messages: ChatMessage[] = [
    { role: 'system', content: ctx.systemPrompt },
    { role: 'user', content: userPrompt },
  ];
  const options = extra ? { ...ctx.callOptions, ...extra } : ctx.callOptions;
  const reply = await ctx.client.complete(messages, options);
  ctx.replies?.push(reply);
  return reply.text;
}

/**
 * Computes one metric value and then tells a caching judge whether to keep the replies it got: all
 * are kept when the metric succeeds (or fails for another reason: a transport failure, an undefined
 * value), none when a reply failed the metric's own checks, so a re-run asks again instead of
 * replaying a reply that parses but, say, lacks its verdict field. `replies` receives the replies of
 * this computation in call order (the caller keeps the verdict behind its record from them).
 */
export async function computeSettled<T>(ctx: JudgeContext, compute: (ctx: JudgeContext) => Promise<T>, replies: JudgeReply[] = []): Promise<T> {
  let accepted = false;
  try {
    const value = await compute({ ...ctx, replies });
    accepted = true;
    return value;
  } catch (error) {
    accepted = !(error instanceof JudgeResponseError);
    throw error;
  } finally {
    for (const reply of replies) reply.settle?.(accepted);
  }
}
