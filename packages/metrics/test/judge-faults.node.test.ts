import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TensorEvalError } from '@tensoreval/core';
import { EmbeddingProviderError, OpenAiCompatibleEmbeddings } from '../src/embedding';
import { CachedJudgeClient, evaluateJudged, JudgeTransportError, OpenAiJudgeClient } from '../src/judge';
import { LoopbackChatServer, type LoopbackStep } from './judge-loopback-server';

// A misbehaving judge server on loopback: each fault ends in an Error record or one coded error,
// never a hang, a leaked API key or an unbounded copy of the server's text.

const KEY = 'sk-live-0123456789abcdefSECRET';
const datum = { query: 'q', response: 'r' };

let server: LoopbackChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function judge(steps: LoopbackStep[], extra: Partial<ConstructorParameters<typeof OpenAiJudgeClient>[0]> = {}) {
  server = await LoopbackChatServer.start(steps);
  return new OpenAiJudgeClient({ model: 'm', baseURL: server.baseURL, apiKey: KEY, timeoutMs: 300, maxRetries: 0, retryBaseDelayMs: 5, ...extra });
}

describe('judge faults', () => {
  it('headers then a stalled body: the attempt deadline covers the body, and the run ends', async () => {
    const client = await judge([{ stallBody: true }, { stallBody: true }], { maxRetries: 1, timeoutMs: 1000 });
    const started = performance.now();
    const { results, summary } = await evaluateJudged({ client, datums: [datum], metrics: ['answer_relevance'] });
    expect(performance.now() - started).toBeLessThan(10_000);
    // the deadline is retried like a timeout: 2 attempts, both ended by the deadline
    expect(results.answer_relevance?.[0]).toMatchObject({ type: 'Error', value: { type: 'JudgeTransportError', message: expect.stringMatching(/after 2 attempt\(s\): no complete reply within 1000 ms/) } });
    expect(summary.usage).toMatchObject({ calls: 1, failedCalls: 1, attempts: 2, retries: 1 });
  });

  it('the usage summary counts calls, attempts (retries included), retries and failures apart', async () => {
    const STATEMENTS = '{"statements": ["s1", "s2"]}';
    const VERDICTS = '{"verdicts": [{"analysis": "a", "verdict": "yes"}, {"analysis": "b", "verdict": "no"}]}';
    // datum 1: statements after two 500s, verdicts after one 503; datum 2: statements fail 3 times (fallback 500)
    const client = await judge([{ status: 500 }, { status: 500 }, { reply: STATEMENTS }, { status: 503 }, { reply: VERDICTS }], { maxRetries: 2, maxConcurrency: 1, circuitBreakerFailures: 0 });
    const { results, summary } = await evaluateJudged({ client, datums: [datum, datum], metrics: ['answer_relevance'] });
    expect(results.answer_relevance?.map((r) => r.type)).toEqual(['AnswerRelevance', 'Error']);
    expect(server?.requests).toHaveLength(8);
    expect(summary.usage).toMatchObject({ calls: 3, cachedCalls: 0, failedCalls: 1, attempts: 8, retries: 5 });
  });

  it('a reply that is JSON but fails the metric\'s checks is not cached: a re-run asks again', async () => {
    const STATEMENTS = '{"statements": ["s1", "s2"]}';
    const NO_VERDICT = '{"verdicts": [{"analysis": "a"}, {"analysis": "b", "verdict": "no"}]}';
    const VERDICTS = '{"verdicts": [{"analysis": "a", "verdict": "yes"}, {"analysis": "b", "verdict": "no"}]}';
    const path = join(mkdtempSync(join(tmpdir(), 'judge-faults-')), 'cache.jsonl');
    const first = new CachedJudgeClient(await judge([{ reply: STATEMENTS }, { reply: NO_VERDICT }, { reply: '{"score": 9}' }], { maxConcurrency: 1 }), path);
    const a = await evaluateJudged({ client: first, datums: [datum], metrics: ['answer_relevance', 'summary_coherence'] });
    expect(a.results.answer_relevance?.[0]).toMatchObject({ type: 'Error', value: { type: 'InvalidLLMResponseError' } });
    expect(a.results.summary_coherence?.[0]).toMatchObject({ type: 'Error', value: { type: 'InvalidLLMResponseError' } }); // 9 is outside 1–5
    expect(first.size).toBe(0);
    await server?.close();
    const second = new CachedJudgeClient(await judge([{ reply: STATEMENTS }, { reply: VERDICTS }, { reply: '4' }], { maxConcurrency: 1 }), path);
    const b = await evaluateJudged({ client: second, datums: [datum], metrics: ['answer_relevance', 'summary_coherence'] });
    expect(server?.requests).toHaveLength(3); // all three asked again, none replayed
    expect(b.results.answer_relevance?.[0]?.value).toBe(0.5);
    expect(b.results.summary_coherence?.[0]?.value).toBe(4);
    expect(b.summary.usage).toMatchObject({ calls: 3, cachedCalls: 0 });
    const third = new CachedJudgeClient(await judge([]), path);
    const c = await evaluateJudged({ client: third, datums: [datum], metrics: ['answer_relevance', 'summary_coherence'] });
    expect(c.results).toEqual(b.results); // the accepted replies were kept
    expect(c.summary.usage).toMatchObject({ calls: 3, cachedCalls: 3, attempts: 0 });
  });

  it('a 401 that echoes the Authorization header: the key is in no record', async () => {
    const client = await judge([{ echoAuthorization: 401 }]);
    const { results } = await evaluateJudged({ client, datums: [datum], metrics: ['answer_relevance'] });
    const text = JSON.stringify(results);
    expect(text).toContain('Bearer [REDACTED]');
    expect(text).not.toContain('0123456789abcdef');
  });

  it('a 3 MB reply is cut in the Error record and not cached', async () => {
    const huge = `not json ${'x'.repeat(3_000_000)}`;
    const client = await judge([{ reply: huge }], { timeoutMs: 30_000 }); // a loaded machine must not turn this into a deadline case
    const path = join(mkdtempSync(join(tmpdir(), 'judge-faults-')), 'cache.jsonl');
    const cached = new CachedJudgeClient(client, path);
    const { results } = await evaluateJudged({ client: cached, datums: [datum], metrics: ['answer_relevance'] });
    const text = JSON.stringify(results);
    expect(text.length).toBeLessThan(5000);
    expect(text).toMatch(/characters in all/);
    expect(cached.size).toBe(0);
    expect(() => readFileSync(path, 'utf8')).toThrow(); // nothing was written
  });

  it('after repeated transport failures the circuit opens: later calls fail at once, coded TE-304', async () => {
    const client = await judge([], { circuitBreakerFailures: 2, maxConcurrency: 1 });
    const datums = [datum, datum, datum, datum];
    const { results, summary } = await evaluateJudged({ client, datums, metrics: ['answer_relevance'] });
    expect(server?.requests).toHaveLength(2); // the 3rd and 4th calls were never made
    expect(results.answer_relevance?.every((r) => r.type === 'Error')).toBe(true);
    expect(JSON.stringify(results)).toMatch(/endpoint is taken as down/);
    expect(summary.usage).toMatchObject({ calls: 4, failedCalls: 4, attempts: 2, retries: 0 }); // the circuit sent nothing
    const error = await client.complete([{ role: 'user', content: 'x' }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JudgeTransportError);
    expect(error).toBeInstanceOf(TensorEvalError);
    expect((error as TensorEvalError).code).toBe('TE-304');
  });

  it('embedding-provider failures are coded TE-304 and never carry the key', async () => {
    server = await LoopbackChatServer.start([{ echoAuthorization: 401 }]);
    const provider = new OpenAiCompatibleEmbeddings({ baseUrl: server.baseURL, model: 'e', apiKey: KEY, maxRetries: 0 });
    const error = await provider.embed(['a']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingProviderError);
    expect((error as TensorEvalError).code).toBe('TE-304');
    expect(String((error as Error).message)).not.toContain('0123456789abcdef');
  });
});
