import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateJudged, type JudgedRunResult } from './evaluate-judged';
import type { JudgedDatum } from './judged-datum';
import { decodeJudgedRun, encodeJudgedRun, mergeJudgedRuns } from './judged-run-state';
import type { ChatMessage, JudgeClient, JudgeReply } from './types';

// A scripted judge whose reply depends only on the prompt (no network, no call order), so a datum
// gets the same replies in any shard: 'true', 'false' or an unusable reply, and token counts from
// the prompt's length.
class PromptKeyedJudge implements JudgeClient {
  readonly modelName = 'keyed';
  readonly maxConcurrency = 3;
  async complete(messages: ChatMessage[]): Promise<JudgeReply> {
    const prompt = messages.map((m) => m.content).join('\n');
    let h = 0;
    for (let i = 0; i < prompt.length; i++) h = (h * 31 + prompt.charCodeAt(i)) >>> 0;
    const cached = h % 11 === 0;
    const verdicts = `{"verdicts": [{"analysis": "a", "verdict": "${h % 2 ? 'yes' : 'no'}"}, {"analysis": "b", "verdict": "${h % 3 ? 'yes' : 'no'}"}]}`;
    const text = prompt.includes('Is ') ? ['true', 'false', 'hmm'][h % 3]! : h % 5 === 0 ? 'no json' : verdicts;
    return { text, usage: { promptTokens: cached ? 0 : prompt.length, completionTokens: cached ? 0 : text.length }, ...(cached ? { cached: true } : { attempts: 1 + (h % 3) }) };
  }
}

const METRICS = [
  { id: 'hal', name: 'hallucination' },
  { id: 'fine', name: 'byop', options: { template: 'Is {actual_answer} fine?' } },
];
const PRICING = { promptPerMillion: 0.15, completionPerMillion: 0.6 };

const datum = (i: number): JudgedDatum => ({ uid: `d${i}`, query: `q${i}`, response: `response ${i * 7919}`, context: i % 4 === 3 ? [] : [`c${i}`, `c${i + 1}`] });
const judged = (datums: readonly JudgedDatum[]) => evaluateJudged({ client: new PromptKeyedJudge(), datums, metrics: METRICS, retries: 1, pricing: PRICING });

/** Every record and count, and the cost's bits. */
function canonical(run: JudgedRunResult): unknown {
  return { json: JSON.stringify(run), cost: run.summary.usage.costUsd === null ? null : Buffer.from(new Float64Array([run.summary.usage.costUsd]).buffer).toString('hex') };
}

describe('judged-run state', () => {
  it('any split into contiguous shards, serialised and merged in any order, equals one pass', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 12 }), fc.array(fc.integer({ min: 1, max: 11 }), { maxLength: 5 }), fc.infiniteStream(fc.double()), async (n, cuts, order) => {
        const datums = Array.from({ length: n }, (_, i) => datum(i));
        const one = await judged(datums);
        const bounds = [...new Set([0, ...cuts.filter((c) => c < n), n])].sort((a, b) => a - b);
        const states: Uint8Array[] = [];
        for (let i = 0; i + 1 < bounds.length; i++) {
          const base = bounds[i]!;
          states.push(await encodeJudgedRun({ base, run: await judged(datums.slice(base, bounds[i + 1])) }, PRICING));
        }
        const it = order[Symbol.iterator]();
        const keys = states.map(() => it.next().value as number);
        const shuffled = states.map((s, i) => ({ s, k: keys[i]! })).sort((a, b) => a.k - b.k).map((x) => x.s);
        const shards = [];
        for (const [i, bytes] of shuffled.entries()) {
          const { shard, pricing } = await decodeJudgedRun(bytes, `shard ${i}`);
          expect(pricing).toEqual(PRICING);
          shards.push(shard);
        }
        expect(canonical(mergeJudgedRuns(shards, PRICING))).toEqual(canonical(one));
      }),
      { numRuns: 40 },
    );
  });

  it('the fixture run has records of every kind and non-zero counts (the property is not vacuous)', async () => {
    const run = await judged(Array.from({ length: 12 }, (_, i) => datum(i)));
    const types = new Set(Object.values(run.results).flat().map((r) => r.type));
    expect(types).toEqual(new Set(['Hallucination', 'BYOP', 'Error']));
    expect(run.summary.errors).toBeGreaterThan(0);
    expect(run.summary.usage.cachedCalls).toBeGreaterThan(0);
    expect(run.summary.usage.costUsd).toBeGreaterThan(0);
    expect(run.summary.usage.retries).toBeGreaterThan(0);
    expect(Object.values(run.verdicts).flat().some((v) => typeof v === 'string')).toBe(true);
  });

  it('refuses shards that leave a gap or overlap, and bytes that are not a judged-run state', async () => {
    const datums = Array.from({ length: 4 }, (_, i) => datum(i));
    const a = { base: 0, run: await judged(datums.slice(0, 2)) };
    const c = { base: 3, run: await judged(datums.slice(3)) };
    expect(() => mergeJudgedRuns([a, c])).toThrow(/TE-209/);
    expect(() => mergeJudgedRuns([a, a])).toThrow(/TE-209/);
    await expect(decodeJudgedRun(new Uint8Array([1, 2, 3]), 'junk')).rejects.toThrow(/junk.*TE-209/);
  });

  it('keeps numbers JSON cannot write (NaN, Infinity, -0) bit for bit', async () => {
    const run: JudgedRunResult = {
      results: { m: [{ type: 'X', value: Number.NaN, parameters: { evaluator: 'e', retries: 0 } }, { type: 'X', value: { a: -0, b: Number.NEGATIVE_INFINITY }, parameters: { evaluator: 'e', retries: 0 } }] },
      verdicts: { m: ['{"verdict": "yes"}', null] },
      summary: { datums: 2, metrics: 1, records: 2, errors: 0, errorsByMetric: {}, usage: { calls: 2, cachedCalls: 0, failedCalls: 0, attempts: 3, retries: 1, promptTokens: 1, completionTokens: 1, costUsd: null } },
    };
    const { shard } = await decodeJudgedRun(await encodeJudgedRun({ base: 0, run }), 's');
    const [r0, r1] = shard.run.results.m!;
    expect(Number.isNaN(r0!.value)).toBe(true);
    expect(Object.is((r1!.value as { a: number }).a, -0)).toBe(true);
    expect((r1!.value as { b: number }).b).toBe(Number.NEGATIVE_INFINITY);
    expect(shard.run.summary).toEqual(run.summary);
    expect(shard.run.verdicts).toEqual(run.verdicts);
  });
});
