import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { extractJsonRagas } from './json-extraction';
import type { ChatMessage, JudgeCallOptions, JudgeClient, JudgeReply, JudgeUsage } from './types';

interface CacheLine {
  key: string;
  text: string;
  usage: JudgeUsage;
}

/**
 * The cache key of a call: a SHA-256 over the model, the messages and every parameter (the retry
 * attempt included, so a recomputed metric asks afresh instead of replaying a failed reply).
 */
export function judgeCacheKey(model: string, messages: readonly ChatMessage[], options: JudgeCallOptions | undefined): string {
  const params = options ? Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : 1))) : {};
  return createHash('sha256').update(JSON.stringify({ model, messages, params })).digest('hex');
}

/** Largest reply kept in the cache (1 MiB): no judge step asks for more, a bigger one is a runaway. */
export const MAX_CACHED_REPLY = 1 << 20;

/**
 * Whether a reply may be replayed by a later run: not empty, not oversized, and, for a call that
 * asked for JSON (`responseSchema`), holding a parseable JSON object or array. An invalid reply is
 * not kept, so a re-run asks again instead of replaying the failure forever.
 */
function worthCaching(text: string, options: JudgeCallOptions | undefined): boolean {
  if (text.trim() === '' || text.length > MAX_CACHED_REPLY) return false;
  if (!options?.responseSchema) return true;
  try {
    extractJsonRagas(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * A persistent response cache in front of any judge: one JSON line per usable call, appended as soon
 * as the metric that asked accepts the reply (its `settle`; a reply never settled is not kept), so a
 * re-run costs nothing and an interrupted run resumes where it stopped. A torn last line (the
 * process died mid-write) is ignored. Cached replies come back with `cached: true` and are not
 * charged in the usage summary. Identical calls in flight share one request.
 */
export class CachedJudgeClient implements JudgeClient {
  readonly modelName: string;
  readonly maxConcurrency: number;
  private readonly entries = new Map<string, CacheLine>();
  private readonly pending = new Map<string, Promise<JudgeReply>>();

  constructor(private readonly inner: JudgeClient, readonly path: string) {
    this.modelName = inner.modelName;
    this.maxConcurrency = inner.maxConcurrency;
    if (existsSync(path)) {
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        try {
          const entry = JSON.parse(line) as CacheLine;
          if (typeof entry.key === 'string' && typeof entry.text === 'string') this.entries.set(entry.key, entry);
        } catch {
          // A line cut short by an interrupted run: that call is simply made again.
        }
      }
    } else {
      mkdirSync(dirname(path), { recursive: true });
    }
  }

  /** Number of replies held. */
  get size(): number {
    return this.entries.size;
  }

  async complete(messages: ChatMessage[], options?: JudgeCallOptions): Promise<JudgeReply> {
    const key = judgeCacheKey(this.modelName, messages, options);
    const hit = this.entries.get(key);
    if (hit) return { text: hit.text, usage: hit.usage, cached: true };
    const inFlight = this.pending.get(key);
    if (inFlight) return { ...(await inFlight), cached: true };
    const request = this.inner.complete(messages, options).then((reply): JudgeReply => {
      if (!worthCaching(reply.text, options)) return reply;
      const line: CacheLine = { key, text: reply.text, usage: reply.usage };
      return { ...reply, settle: (accepted) => this.keep(line, accepted) };
    });
    this.pending.set(key, request);
    try {
      return await request;
    } finally {
      this.pending.delete(key);
    }
  }

  /** Appends a reply once its metric accepted it; a second acceptance (shared in-flight call) writes nothing. */
  private keep(line: CacheLine, accepted: boolean): void {
    if (!accepted || this.entries.has(line.key)) return;
    appendFileSync(this.path, `${JSON.stringify(line)}\n`);
    this.entries.set(line.key, line);
  }
}
