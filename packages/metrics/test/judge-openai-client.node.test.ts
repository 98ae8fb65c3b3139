import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CachedJudgeClient, evaluateJudged, OpenAiJudgeClient, type OpenAiJudgeClientOptions } from '../src/judge';
import { LoopbackChatServer, type LoopbackStep } from './judge-loopback-server';

// The OpenAI-compatible judge end to end against a real chat-completions server on loopback.

const STATEMENTS = '{"statements": ["s1", "s2"]}';
const VERDICTS = '{"verdicts": [{"analysis": "a", "verdict": "yes"}, {"analysis": "b", "verdict": "no"}]}';
const datum = { query: 'q', response: 'r' };

let server: LoopbackChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function startWith(steps: LoopbackStep[], options?: Parameters<typeof LoopbackChatServer.start>[1]): Promise<LoopbackChatServer> {
  server = await LoopbackChatServer.start(steps, options);
  return server;
}

function client(s: LoopbackChatServer, extra: Partial<OpenAiJudgeClientOptions> = {}): OpenAiJudgeClient {
  return new OpenAiJudgeClient({ model: 'judge-model', baseURL: s.baseURL, apiKey: 'test-key', timeoutMs: 2000, retryBaseDelayMs: 5, retryMaxDelayMs: 20, ...extra });
}

describe('OpenAiJudgeClient over loopback HTTP', () => {
  it('computes a judged metric from real chat completions, with usage and structured output', async () => {
    const s = await startWith([{ reply: STATEMENTS, promptTokens: 100, completionTokens: 20 }, { reply: VERDICTS, promptTokens: 120, completionTokens: 30 }]);
    const { results, summary } = await evaluateJudged({
      client: client(s),
      datums: [datum],
      metrics: ['answer_relevance'],
      pricing: { promptPerMillion: 1, completionPerMillion: 4 },
    });
    expect(results.answer_relevance).toEqual([{ type: 'AnswerRelevance', value: 0.5, parameters: { evaluator: 'judge-model', retries: 0 } }]);
    expect(summary.usage).toEqual({ calls: 2, cachedCalls: 0, failedCalls: 0, attempts: 2, retries: 0, promptTokens: 220, completionTokens: 50, costUsd: (220 * 1 + 50 * 4) / 1e6 });
    const first = s.requests[0];
    expect(first?.authorization).toBe('Bearer test-key');
    expect(first?.body.model).toBe('judge-model');
    expect(first?.body.messages).toEqual([
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: expect.stringContaining('r') },
    ]);
    expect(first?.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'statements' } });
  });

  it('turns malformed JSON into an Error record, and a retry with a valid reply into a value', async () => {
    const s = await startWith([{ reply: 'Sure, here you go: statements are s1 and s2' }]);
    const bad = await evaluateJudged({ client: client(s), datums: [datum], metrics: ['answer_relevance'] });
    expect(bad.results.answer_relevance?.[0]).toMatchObject({ type: 'Error', value: { type: 'InvalidLLMResponseError' }, parameters: { retries: 0 } });
    expect(bad.summary.errors).toBe(1);
    expect(bad.summary.errorsByMetric).toEqual({ answer_relevance: 1 });

    await s.close();
    server = await LoopbackChatServer.start([{ reply: '{"statements": ["s1", "s2"' }, { reply: STATEMENTS }, { reply: VERDICTS }]);
    const retried = await evaluateJudged({ client: client(server), datums: [datum], metrics: ['answer_relevance'], retries: 1 });
    expect(retried.results.answer_relevance?.[0]).toMatchObject({ type: 'AnswerRelevance', value: 0.5, parameters: { retries: 1 } });
    expect(server.requests).toHaveLength(3);
  });

  it('retries after 429 (honouring retry-after-ms) and 5xx, then succeeds', async () => {
    const s = await startWith([
      { status: 429, headers: { 'retry-after-ms': '10' }, body: { error: { message: 'rate limited' } } },
      { reply: STATEMENTS },
      { status: 503 },
      { reply: VERDICTS },
    ]);
    const { results, summary } = await evaluateJudged({ client: client(s), datums: [datum], metrics: ['answer_relevance'] });
    expect(results.answer_relevance?.[0]?.value).toBe(0.5);
    expect(s.requests).toHaveLength(4);
    expect(summary.usage.calls).toBe(2);
  });

  it('times out a call that gets no answer, retries it, and reports a persistent timeout as an Error record', async () => {
    const s = await startWith([{ hang: true }, { reply: STATEMENTS }, { reply: VERDICTS }]);
    const ok = await evaluateJudged({ client: client(s, { timeoutMs: 400 }), datums: [datum], metrics: ['answer_relevance'] });
    expect(ok.results.answer_relevance?.[0]?.value).toBe(0.5);

    await s.close();
    server = await LoopbackChatServer.start([], { fallback: { hang: true } });
    const failed = await evaluateJudged({ client: client(server, { timeoutMs: 100, maxRetries: 1 }), datums: [datum, datum], metrics: ['answer_relevance'] });
    expect(failed.results.answer_relevance?.map((r) => r.type)).toEqual(['Error', 'Error']);
    expect(failed.results.answer_relevance?.[0]?.value).toMatchObject({ type: 'JudgeTransportError', message: expect.stringMatching(/2 attempt/) });
    expect(failed.summary.errors).toBe(2);
  });

  it('does not retry a 4xx other than 408/409/429', async () => {
    const s = await startWith([{ status: 401, body: { error: { message: 'bad key' } } }]);
    const { results } = await evaluateJudged({ client: client(s), datums: [datum], metrics: ['bias'] });
    expect(results.bias?.[0]).toMatchObject({ type: 'Error', value: { type: 'JudgeTransportError' } });
    expect(s.requests).toHaveLength(1);
  });

  it('falls back to plain replies when the server rejects structured output', async () => {
    const s = await startWith([
      { status: 400, body: { error: { message: "response_format 'json_schema' is not supported" } } },
      { reply: `\`\`\`json\n${STATEMENTS}\n\`\`\`` },
      { reply: VERDICTS },
    ]);
    const { results } = await evaluateJudged({ client: client(s), datums: [datum], metrics: ['answer_relevance'] });
    expect(results.answer_relevance?.[0]?.value).toBe(0.5);
    expect(s.requests[0]?.body.response_format).toBeDefined();
    expect(s.requests[1]?.body.response_format).toBeUndefined();
    expect(s.requests[2]?.body.response_format).toBeUndefined();
  });

  it('keeps at most maxConcurrency calls in flight', async () => {
    const s = await startWith([], { fallback: { reply: '{"opinions": []}' }, replyDelayMs: 20 });
    const datums = Array.from({ length: 8 }, (_, i) => ({ response: `r${i}` }));
    const { results } = await evaluateJudged({ client: client(s, { maxConcurrency: 3 }), datums, metrics: ['bias'] });
    expect(results.bias?.every((r) => r.value === 0)).toBe(true);
    expect(s.maxInFlight).toBeLessThanOrEqual(3);
    expect(s.maxInFlight).toBeGreaterThan(1);
  });

  it('caches replies on disk: a re-run makes no calls and an interrupted run resumes', async () => {
    const s = await startWith([{ reply: STATEMENTS }, { reply: VERDICTS }]);
    const path = join(mkdtempSync(join(tmpdir(), 'judge-cache-')), 'cache.jsonl');
    const first = await evaluateJudged({ client: new CachedJudgeClient(client(s), path), datums: [datum], metrics: ['answer_relevance'] });
    expect(first.summary.usage.cachedCalls).toBe(0);
    const second = await evaluateJudged({ client: new CachedJudgeClient(client(s), path), datums: [datum], metrics: ['answer_relevance'] });
    expect(second.results).toEqual(first.results);
    expect(second.summary.usage).toMatchObject({ calls: 2, cachedCalls: 2, promptTokens: 0, completionTokens: 0 });
    expect(s.requests).toHaveLength(2);

    // Keep the first line and a torn second one, as a run killed mid-write leaves them.
    const lines = readFileSync(path, 'utf8').split('\n');
    writeFileSync(path, `${lines[0]}\n${(lines[1] ?? '').slice(0, 20)}`);
    await s.close();
    server = await LoopbackChatServer.start([{ reply: VERDICTS }]);
    const resumed = await evaluateJudged({ client: new CachedJudgeClient(client(server), path), datums: [datum], metrics: ['answer_relevance'] });
    expect(resumed.results).toEqual(first.results);
    expect(server.requests).toHaveLength(1);
    expect(resumed.summary.usage.cachedCalls).toBe(1);
  });
});
