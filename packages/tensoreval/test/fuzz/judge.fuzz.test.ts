import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { CachedJudgeClient, evaluateJudged, OpenAiJudgeClient } from '@tensoreval/metrics/judge';
import { LoopbackChatServer, type LoopbackStep } from '../../../metrics/test/judge-loopback-server';
import { fuzzParams } from './outcome';

// Seeded, bounded fuzzing of a misbehaving judge on loopback: any script of replies and faults ends
// in records (values or Error records), the usage summary counts every request sent, the key is in
// no record, and a reply a metric refused is never replayed from the cache.

const KEY = 'sk-fuzz-0123456789SECRET';
const STATEMENTS = '{"statements": ["s1", "s2"]}';
const VERDICTS = '{"verdicts": [{"analysis": "a", "verdict": "yes"}, {"analysis": "b", "verdict": "no"}]}';
const step: fc.Arbitrary<LoopbackStep> = fc.oneof(
  fc.constantFrom<LoopbackStep>({ reply: STATEMENTS }, { reply: VERDICTS }, { reply: STATEMENTS }, { reply: VERDICTS }),
  fc.constantFrom<LoopbackStep>(
    { reply: 'no json here' }, { reply: '' }, { reply: '{"statements": "not a list"}' },
    { reply: '{"verdicts": [{"analysis": "a"}, {"analysis": "b", "verdict": "no"}]}' }, { reply: '{"verdicts": [{"analysis": "a", "verdict": "maybe"}]}' },
    { status: 500 }, { status: 429 }, { status: 400 }, { echoAuthorization: 401 },
  ),
);
const datums = [{ query: 'q1', response: 'r1' }, { query: 'q2', response: 'r2' }, { query: 'q3', response: 'r3' }];

let servers: LoopbackChatServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function run(steps: LoopbackStep[], cachePath: string) {
  const server = await LoopbackChatServer.start(steps);
  servers.push(server);
  const inner = new OpenAiJudgeClient({ model: 'm', baseURL: server.baseURL, apiKey: KEY, timeoutMs: 2000, maxRetries: 1, retryBaseDelayMs: 1, retryMaxDelayMs: 2, maxConcurrency: 1, circuitBreakerFailures: 0 });
  const out = await evaluateJudged({ client: new CachedJudgeClient(inner, cachePath), datums, metrics: ['answer_relevance'] });
  return { ...out, requests: server.requests.length };
}

describe('fuzz: a misbehaving judge', () => {
  it('counts every request, leaks no key, and never replays a refused reply', async () => {
    await fc.assert(fc.asyncProperty(fc.array(step, { maxLength: 12 }), async (steps) => {
      const cachePath = join(mkdtempSync(join(tmpdir(), 'judge-fuzz-')), 'cache.jsonl');
      const first = await run(steps, cachePath);
      const records = first.results.answer_relevance ?? [];
      expect(records).toHaveLength(datums.length);
      const u = first.summary.usage;
      expect(u.attempts).toBe(first.requests); // every request sent is counted, retries included
      expect(u.retries).toBeLessThanOrEqual(u.attempts);
      expect(u.failedCalls + u.cachedCalls).toBeLessThanOrEqual(u.calls);
      expect(u.attempts).toBeGreaterThanOrEqual(u.calls - u.failedCalls - u.cachedCalls);
      expect(JSON.stringify(first)).not.toContain('0123456789SECRET');

      // Again from the cache, against a server that only fails: accepted pairs replay exactly, a pair
      // whose reply was refused asks again (and now fails on transport) instead of replaying the refusal.
      const second = await run([], cachePath);
      (second.results.answer_relevance ?? []).forEach((again, d) => {
        const before = records[d];
        if (before?.type !== 'Error') expect(again).toEqual(before);
        else if ((before.value as { type: string }).type === 'InvalidLLMResponseError') {
          expect(again).toMatchObject({ type: 'Error', value: { type: 'JudgeTransportError' } });
        }
      });
    }), fuzzParams(31, 25));
  }, 120_000);
});
