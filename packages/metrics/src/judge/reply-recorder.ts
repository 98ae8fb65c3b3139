import { safeRemoteText } from './redact';
import type { ChatMessage, JudgeCallOptions, JudgeClient, JudgeReply } from './types';

/**
 * Passes calls through to a judge and keeps the text of the last reply, made safe to embed (keys
 * redacted, length capped): the judge's verdict on one (datum, metric) pair, which reports show next
 * to the score. One recorder per pair, so concurrent pairs never mix their replies.
 */
export class ReplyRecorder implements JudgeClient {
  readonly modelName: string;
  readonly maxConcurrency: number;
  /** the last reply of the current attempt, or null before any reply */
  lastReply: string | null = null;

  constructor(private readonly inner: JudgeClient) {
    this.modelName = inner.modelName;
    this.maxConcurrency = inner.maxConcurrency;
  }

  /** Forgets the replies of a failed attempt, so the verdict belongs to the attempt that counted. */
  startAttempt(): void {
    this.lastReply = null;
  }

  async complete(messages: ChatMessage[], options?: JudgeCallOptions): Promise<JudgeReply> {
    const reply = await this.inner.complete(messages, options);
    this.lastReply = safeRemoteText(reply.text);
    return reply;
  }
}
