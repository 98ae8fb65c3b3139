import type { ChatMessage, JudgeCallOptions, JudgeClient } from './types';

/** Valor's default system prompt, sent with every Valor-semantics judge call. */
export const DEFAULT_JUDGE_SYSTEM_PROMPT = 'You are a helpful assistant.';

/** What a judged metric needs to make its calls: the judge, the system prompt and sampling options. */
export interface JudgeContext {
  client: JudgeClient;
  systemPrompt: string;
  callOptions?: JudgeCallOptions;
}

/** Sends one system + user prompt pair to the judge and returns the reply text. */
export async function askJudge(ctx: JudgeContext, userPrompt: string, extra?: JudgeCallOptions): Promise<string> {
  const messages: ChatMessage[] = [
    { role: 'system', content: ctx.systemPrompt },
    { role: 'user', content: userPrompt },
  ];
  const options = extra ? { ...ctx.callOptions, ...extra } : ctx.callOptions;
  return (await ctx.client.complete(messages, options)).text;
}
