import { describe, expect, it } from 'vitest';
import { ScriptedJudgeClient, type JudgedRunSummary } from '@tensoreval/metrics/judge';
import { evaluate } from '../evaluate';
import type { TextGenerationRunOptions } from './text-generation';

// The text_generation task through evaluate(): parsing, metric parameters, Error records, summary.

const request = (extra: Record<string, unknown> = {}) => ({
  task: 'text_generation',
  judge: { model: 'judge-m', endpoint: 'http://127.0.0.1:9/v1' },
  data: {
    datums: [
      { uid: 'a', query: 'q', response: 'r', context: ['c1', 'c2'], groundtruths: ['g'] },
      { uid: 'b', query: 'q2', response: 'r2', context: [], groundtruths: [] },
    ],
  },
  metrics: [
    { id: 'hal', method: 'hallucination' },
    { id: 'tox', method: 'toxicity', semantics: 'deepeval' },
  ],
  ...extra,
});

async function run(req: unknown, replies: string[]) {
  let summary: JudgedRunSummary | undefined;
  const options: TextGenerationRunOptions = { judgeClient: new ScriptedJudgeClient(replies, 'judge-m'), onSummary: (s) => (summary = s) };
  const out = await evaluate(req, options);
  return { out, summary };
}

describe('text_generation requests', () => {
  it('runs judged metrics per datum, Valor records, and counts Error records', async () => {
    const verdicts = '{"verdicts": [{"analysis": "x", "verdict": "yes"}, {"analysis": "y", "verdict": "no"}]}';
    const { out, summary } = await run(request(), [verdicts, '{"opinions": []}', '{"opinions": []}']);
    expect(out.hal).toEqual([
      { type: 'Hallucination', value: 0.5, parameters: { evaluator: 'judge-m', retries: 0 } },
      { type: 'Error', value: { type: 'ValueError', message: 'Hallucination requires context to be calculated.' }, parameters: { evaluator: 'judge-m', retries: 0 } },
      // run-level summary: "hallucination 0.5 over 1 datum, 1 error"
      { type: 'Aggregate', value: { mean: 0.5, median: 0.5, std: 0, min: 0.5, max: 0.5, count: 1, undefined: 0, errors: 1 }, parameters: { metric: 'Hallucination', evaluator: 'judge-m', retries: 0 } },
    ]);
    expect(out.tox).toEqual([
      ...[0, 0].map((value) => ({ type: 'Toxicity', value, parameters: { evaluator: 'judge-m', retries: 0 } })),
      { type: 'Aggregate', value: { mean: 0, median: 0, std: 0, min: 0, max: 0, count: 2, undefined: 0, errors: 0 }, parameters: { metric: 'Toxicity', evaluator: 'judge-m', retries: 0 } },
    ]);
    expect(summary).toMatchObject({ datums: 2, metrics: 2, records: 4, errors: 1, errorsByMetric: { hal: 1 }, usage: { calls: 3 } });
  });

  it('passes metric parameters and judge retries through', async () => {
    const req = request({ judge: { model: 'm', retries: 1 }, metrics: [{ id: 'b', method: 'byop', template: 'Is {actual_answer} fine?' }] });
    const { out } = await run(req, ['hmm', 'true', 'false']);
    expect((out.b as { type: string; value: unknown }[]).filter((r) => r.type !== 'Aggregate').map((r) => r.value)).toEqual([1, 0]);
  });

  it('refuses an API key in the request without echoing it, and unknown judge fields', async () => {
    await expect(run(request({ judge: { model: 'm', api_key: 'sk-secret-123' } }), [])).rejects.toThrow(/judge\.api_key/);
    await expect(run(request({ judge: { model: 'm', api_key: 'sk-secret-123' } }), [])).rejects.not.toThrow(/sk-secret/);
    await expect(run(request({ judge: { model: 'm', key: 'sk-secret-123' } }), [])).rejects.toThrow(/`judge\.key`.*an unknown field/);
  });

  it('rejects unknown metrics, parameters and semantics with the request location', async () => {
    await expect(run(request({ metrics: [{ id: 'x', method: 'fluency' }] }), [])).rejects.toThrow(/method/);
    await expect(run(request({ metrics: [{ id: 'x', method: 'bias', template: 't' }] }), [])).rejects.toThrow(/template/);
    await expect(run(request({ metrics: [{ id: 'x', method: 'bias', semantics: 'ragas' }] }), [])).rejects.toThrow(/semantics/);
    await expect(run(request({ data: { datums: [{ uid: 'a', context: 'c' }] } }), [])).rejects.toThrow(/data\.datums\[0\]\.context/);
  });
  it('refuses a repeated datum uid before any judge call (TE-203, as every task)', async () => {
    const twice = request({ data: { datums: [{ uid: 'a', query: 'q', response: 'r' }, { uid: 'a', query: 'q2', response: 'r2' }] } });
    await expect(run(twice, [])).rejects.toThrow(/`data\.datums\[1\]\.uid` \(record 1\).*unique across datums \(datum 0 has it too\).*TE-203/);
  });

  it('feeds the embeddings block to RAGAS response relevancy (an Error record without it)', async () => {
    const q = '{"question": "q?", "noncommittal": 0}';
    const metrics = [{ id: 'rr', method: 'response_relevancy', strictness: 2 }];
    const datums = [{ uid: 'a', query: 'q', response: 'r' }];
    const embeddings = { provider: 'vectors', vectors: { q: [1, 0], 'q?': [0.6, 0.8] } };
    const { out } = await run(request({ metrics, data: { datums }, embeddings }), [q, q]);
    expect((out.rr as unknown[])[0]).toEqual({ type: 'ResponseRelevancy', value: 0.6, parameters: { evaluator: 'judge-m', retries: 0 } });
    const without = await run(request({ metrics, data: { datums } }), [q, q]);
    expect((without.out.rr as { type: string }[])[0]!.type).toBe('Error');
  });
});
