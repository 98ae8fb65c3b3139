import { JudgeTransportError } from './errors';
import type { ChatMessage, JudgeCallOptions, JudgeClient, JudgeReply } from './types';

/**
 * A judge that returns the given replies in call order, for tests and reproducible runs. Calls are
 * issued one at a time (`maxConcurrency` 1), so the n-th judge call of a run gets the n-th reply.
 * Running out of replies is a {@link JudgeTransportError}, which the run reports as an Error record.
 */
export class ScriptedJudgeClient implements JudgeClient {
  readonly maxConcurrency = 1;
  /** Every call received, in order (messages and options), for assertions and dry runs. */
  readonly calls: { messages: ChatMessage[]; options: JudgeCallOptions | undefined }[] = [];
  private next = 0;

  constructor(private readonly replies: readonly string[], readonly modelName = 'scripted') {}

  /** How many replies have been handed out. */
  get used(): number {
    return this.next;
  }

  async complete(messages: ChatMessage[], options?: JudgeCallOptions): Promise<JudgeReply> {
    this.calls.push({ messages, options });
    const text = this.replies[this.next];
    if (text === undefined) {
      throw new JudgeTransportError(`The scripted judge has no reply left for call ${this.next + 1} (it holds ${this.replies.length}).`);
    }
    this.next++;
    return { text, usage: { promptTokens: 0, completionTokens: 0 } };
  }
}

/**
 * A judge that sends nothing: it hands every prompt to `onPrompt` (the CLI prints them) and answers
 * with an empty reply, so a dry run shows each metric's first prompts without spending tokens.
 * Later steps of a metric depend on real replies and therefore do not appear.
 */
export class DryRunJudgeClient implements JudgeClient {
  readonly maxConcurrency = 1;
  constructor(readonly modelName: string, private readonly onPrompt: (messages: ChatMessage[], options: JudgeCallOptions | undefined) => void) {}

  async complete(messages: ChatMessage[], options?: JudgeCallOptions): Promise<JudgeReply> {
    this.onPrompt(messages, options);
    return { text: '', usage: { promptTokens: 0, completionTokens: 0 } };
  }
}
