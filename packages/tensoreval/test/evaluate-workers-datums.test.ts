import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWarningHandler } from '@tensoreval/core';
import type { JudgedRunSummary } from '@tensoreval/metrics/judge';
import { LoopbackChatServer } from '../../metrics/test/judge-loopback-server';
import { evaluate } from '../src/evaluate';
import { parseRedisUrl } from '../src/queue/connection';
import { evaluateOnQueue } from '../src/queue/queue-evaluate';
import type { TextGenerationRunOptions } from '../src/request/text-generation';
import { runTensoreval } from './cli-process';
import { listValorCases, type ValorCase } from './valor-cases';

// The per-datum tasks (embedding, retrieval, judged text_generation) evaluated in datum shards must
// give the one-pass response byte for byte for every shard count, and a judged run the same summary.

const N = 7;
const vector = (i: number, j: number) => [Math.cos(i * 0.7 + j), Math.sin(i * 1.3 - j), 0.25 * ((i + j) % 3) - 0.2];

function embeddingRequest(): Record<string, unknown> {
  const vectors: Record<string, number[]> = {};
  const datums = Array.from({ length: N }, (_, i) => {
    const texts = { query: `q${i}`, response: `r${i}`, reference: `ref${i}`, contexts: [`c${i}a`, `c${i}b`], generated_questions: [`g${i}a`, `g${i}b`] };
    for (const [j, t] of [texts.query, texts.response, texts.reference, ...texts.contexts, ...texts.generated_questions].entries()) vectors[t] = vector(i, j);
    return { uid: `e${i}`, ...texts, noncommittal: [i % 2, 0] };
  });
  return {
    task: 'embedding',
    embeddings: { provider: 'vectors', vectors },
    data: { datums },
    metrics: [
      { id: 'sim', method: 'answer_similarity', threshold: 0.3 },
      { id: 'mrr', method: 'context_mrr' },
      { id: 'rr', method: 'response_relevancy' },
    ],
  };
}

function retrievalRequest(): Record<string, unknown> {
  const datums = Array.from({ length: N }, (_, i) => ({ uid: `r${i}`, grades: Array.from({ length: 6 }, (_, k) => (i * 5 + k * 3) % 4) }));
  return {
    task: 'retrieval',
    data: { datums },
    metrics: [
      { id: 'p', method: 'precision_at_k', k_values: [1, 3, 5], threshold: 2 },
      { id: 'n', method: 'ndcg_at_k', k_values: [3, 6] },
      { id: 'm', method: 'mrr', threshold: 1 },
    ],
  };
}

const VERDICTS = '{"verdicts": [{"analysis": "a", "verdict": "yes"}, {"analysis": "b", "verdict": "no"}]}';
function judgedRequest(): Record<string, unknown> {
  // every third datum has no context: an Error record (Valor's ValueError) without a judge call
  const datums = Array.from({ length: N }, (_, i) => ({ uid: `t${i}`, query: `q${i}`, response: `r${i}`, context: i % 3 === 2 ? [] : [`c${i}`, `d${i}`] }));
  return {
    task: 'text_generation',
    judge: { model: 'loop', endpoint: 'http://127.0.0.1:9/unused', max_retries: 0, pricing: { prompt_per_million: 0.15, completion_per_million: 0.6 } },
    data: { datums },
    metrics: [{ id: 'hal', method: 'hallucination' }],
  };
}

async function run(request: unknown, options: TextGenerationRunOptions = {}): Promise<{ json: string; summary?: JudgedRunSummary; verdicts?: unknown }> {
  let summary: JudgedRunSummary | undefined;
  let verdicts: unknown;
  const withSummary: TextGenerationRunOptions = { ...options, onSummary: (s) => (summary = s), onVerdicts: (v) => (verdicts = v) };
  const json = JSON.stringify(await evaluate(request, withSummary));
  return { json, ...(summary ? { summary } : {}), ...(verdicts ? { verdicts } : {}) };
}

let server: LoopbackChatServer;
beforeAll(async () => {
  // every call gets the same reply, so the records do not depend on the order calls arrive in
  server = await LoopbackChatServer.start([], { fallback: { reply: VERDICTS, promptTokens: 17, completionTokens: 9 } });
  setWarningHandler(() => {});
});
afterAll(async () => {
  await server.close();
  setWarningHandler(undefined);
});

describe('evaluate({ workers }) on per-datum tasks', () => {
  const judged = () => ({ judgeOverrides: { baseURL: server.baseURL, apiKey: 'sk-test' } });
  const cases: [string, () => Record<string, unknown>, () => TextGenerationRunOptions][] = [
    ['embedding', embeddingRequest, () => ({})],
    ['retrieval', retrievalRequest, () => ({})],
    ['text_generation', judgedRequest, judged],
  ];
  for (const [task, request, options] of cases) {
    it(`${task}: workers 2, 3 and one per datum give the one-pass response (and judge summary) exactly`, async () => {
      const one = await run(request(), options());
      expect(one.json.length).toBeGreaterThan(200);
      for (const workers of [1, 2, 3, N]) {
        const sharded = await run(request(), { ...options(), workers });
        expect(sharded.json, `workers ${workers}`).toBe(one.json);
        expect(sharded.summary, `workers ${workers}`).toEqual(one.summary);
        expect(sharded.verdicts, `workers ${workers}`).toEqual(one.verdicts);
      }
    });
  }

  it('the judged fixture has Error records, judge calls and a cost (the comparison is not vacuous)', async () => {
    const { json, summary } = await run(judgedRequest(), judged());
    expect(json).toContain('"type":"Error"');
    expect(json).toContain('"type":"Hallucination"');
    expect(summary).toMatchObject({ datums: N, errors: 2, errorsByMetric: { hal: 2 }, usage: { calls: 5, promptTokens: 85, completionTokens: 45 } });
    expect(summary?.usage.costUsd).toBeGreaterThan(0);
  });

  it('a bad datum in a later shard is named by its index in the whole request, after its shard', async () => {
    const request = embeddingRequest();
    const datums = (request.data as { datums: Record<string, unknown>[] }).datums;
    delete datums[5]!.reference;
    const line = (e: unknown) => (e as Error).message.replace(/ See errors\/TE-\d+\.md$/, '');
    const one = await evaluate(request).catch((e: Error) => e);
    const sharded = await evaluate(request, { workers: 3 }).catch((e: Error) => e);
    expect(line(one)).toContain('data.datums[5].reference');
    expect(line(sharded)).toBe(`shard 3 of 3: ${line(one)}`);
  });

  it('a uid repeated across shards, a missing embeddings block and a bad judge block fail as one pass, before any shard runs', async () => {
    const dup = retrievalRequest();
    const datums = (dup.data as { datums: Record<string, unknown>[] }).datums;
    datums[6]!.uid = datums[0]!.uid;
    const noBlock = embeddingRequest();
    delete noBlock.embeddings;
    const badJudge = { ...judgedRequest(), judge: { model: 'm', api_key: 'sk-x' } };
    for (const request of [dup, noBlock, badJudge]) {
      const one = (await evaluate(request).catch((e: Error) => e)) as Error;
      const sharded = (await evaluate(request, { workers: 3 }).catch((e: Error) => e)) as Error;
      expect(one).toBeInstanceOf(Error);
      expect(sharded.message).toBe(one.message);
    }
  });

  it('refuses an injected judge client with workers, and judged requests on the queue, with TE-103', async () => {
    await expect(evaluate(judgedRequest(), { workers: 2, judgeClient: { modelName: 'x', maxConcurrency: 1, complete: async () => ({ text: '', usage: { promptTokens: 0, completionTokens: 0 } }) } } as TextGenerationRunOptions)).rejects.toThrow(/'judgeClient'.*TE-103/);
    await expect(evaluateOnQueue(judgedRequest(), {}, { connection: parseRedisUrl('redis://127.0.0.1:9', 'queue', 'test'), shards: 2 })).rejects.toThrow(/'queue'.*threads only.*TE-103/);
    // fairness compares groups across datums: no shards
    const fairness = { task: 'fairness', data: { datums: [] }, metrics: [{ id: 'f', method: 'statistical_parity_difference', variables: { group: 2 } }] };
    await expect(evaluate(fairness, { workers: 2 })).rejects.toThrow(/'workers'.*TE-103/);
  });
});

// Under tsx the command line runs each shard in its own piscina thread: the judge overrides cross to
// the threads, and the output and summary line are the one-thread ones.
describe('tensoreval evaluate --workers N on a judged request (threads)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tensoreval-judged-workers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('gives the one-thread output and judge summary', async () => {
    const path = join(dir, 'request.json');
    writeFileSync(path, JSON.stringify(judgedRequest()));
    const env = { ...process.env, TENSOREVAL_TEST_KEY: 'sk-test' };
    const flags = ['--judge-base-url', server.baseURL, '--judge-api-key-env', 'TENSOREVAL_TEST_KEY'];
    const one = await runTensoreval(['evaluate', path, ...flags], env);
    const sharded = await runTensoreval(['evaluate', path, ...flags, '--workers', '3'], env);
    expect(one.code, one.stderr).toBe(0);
    expect(sharded.code, sharded.stderr).toBe(0);
    expect(sharded.stdout).toBe(one.stdout);
    const summary = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('judge:'));
    expect(summary(one.stderr)).toHaveLength(1);
    expect(summary(sharded.stderr)).toEqual(summary(one.stderr));
  });
});

// COCO-semantics detection: each shard keeps its datums' COCO matching state; the states join
// (images, labels and result positions renumbered) into one pass's state.
describe("evaluate({ workers }) on object detection with semantics 'coco'", () => {
  const cocoCases = listValorCases().filter((c) => c.task === 'object_detection' && c.params.precision_recall && !/polygon/.test(c.file) && (c.input as { annotation_type?: string }).annotation_type !== 'polygon');
  const request = (c: ValorCase, extra: Record<string, unknown> = {}) => ({ task: 'object_detection', semantics: 'coco', data: c.input, metrics: [{ id: 'pr', method: 'precision_recall', ...c.params.precision_recall!.kwargs, ...extra }] });

  it('finds box and mask cases with several datums', () => {
    expect(cocoCases.length).toBeGreaterThan(5);
    expect(cocoCases.some((c) => (c.input as { annotation_type?: string }).annotation_type === 'bitmask')).toBe(true);
    expect(cocoCases.some((c) => (c.input as { datums: unknown[] }).datums.length >= 3)).toBe(true);
  });
  it('every case: workers 2, 3 and one per datum give the one-pass response exactly', async () => {
    let compared = 0;
    for (const c of cocoCases) {
      const one = await evaluate(request(c)).then((r) => JSON.stringify(r), (e: Error) => `error ${e.message}`);
      if (one.startsWith('error')) continue; // a case whose input one pass refuses
      compared++;
      const n = (c.input as { datums: unknown[] }).datums.length;
      for (const workers of [...new Set([2, 3, n + 1])]) {
        expect(JSON.stringify(await evaluate(request(c), { workers })), `${c.file} workers ${workers}`).toBe(one);
      }
    }
    expect(compared).toBeGreaterThan(5);
  });
  it('refuses calls with different iou_thresholds, and polygons, with TE-103', async () => {
    const c = cocoCases.find((x) => (x.input as { datums: unknown[] }).datums.length >= 2)!;
    const two = { ...request(c), metrics: [{ id: 'a', method: 'precision_recall', iou_thresholds: [0.5] }, { id: 'b', method: 'precision_recall', iou_thresholds: [0.75] }] };
    await expect(evaluate(two, { workers: 2 })).rejects.toThrow(/'iou_thresholds'.*TE-103/);
    await expect(evaluate(two)).resolves.toBeDefined();
  });
});
