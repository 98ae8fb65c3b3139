import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { byopRates, CachedJudgeClient, DryRunJudgeClient, evaluateJudged, extractJsonDeepEval, extractJsonRagas, extractJsonValor, judgeMetric, resolveJudgedMetric, ScriptedJudgeClient } from '.';
import { pythonRepr } from './python-repr';
import type { JudgedDatum } from './judged-datum';
import type { JudgeSemantics } from './judged-metric';

// Every non-Valor judged metric on scripted replies: the number of calls it makes and its score.
// (Valor's metrics are checked against valor-lite's own numbers by test/judge.reference.test.ts.)

async function run(name: string, semantics: JudgeSemantics | undefined, datum: JudgedDatum, replies: string[], metricOptions: Record<string, unknown> = {}) {
  const client = new ScriptedJudgeClient(replies);
  const value = await judgeMetric(name, client, datum, { ...(semantics ? { semantics } : {}), metricOptions });
  return { value, calls: client.used, client };
}

const v = (...verdicts: string[]) => JSON.stringify({ verdicts: verdicts.map((verdict) => ({ verdict, reason: 'r' })) });
const list = (key: string, items: unknown[]) => JSON.stringify({ [key]: items });
const nli = (...verdicts: number[]) => JSON.stringify({ statements: verdicts.map((verdict, i) => ({ statement: `s${i}`, reason: 'r', verdict })) });
const rag: JudgedDatum = { query: 'q', response: 'r', context: ['c1', 'c2'], groundtruths: ['g'] };

describe('DeepEval semantics', () => {
  it('answer relevance counts idk as relevant', async () => {
    expect(await run('answer_relevance', 'deepeval', rag, [list('statements', ['a', 'b', 'c']), v('yes', 'idk', 'no')])).toMatchObject({ value: 2 / 3, calls: 2 });
  });
  it('faithfulness: truths, claims, verdicts (trailing comma tolerated); idk faithful unless penalized', async () => {
    const replies = [list('truths', ['t']), list('claims', ['c1', 'c2']), '{"verdicts": [{"verdict": "yes", "reason": ""}, {"verdict": "idk", "reason": ""},]}'];
    expect(await run('faithfulness', 'deepeval', rag, replies)).toMatchObject({ value: 1, calls: 3 });
    expect(await run('faithfulness', 'deepeval', rag, replies, { penalizeAmbiguousClaims: true })).toMatchObject({ value: 0.5 });
  });
  it('bias without opinions is 0 with one call', async () => {
    expect(await run('bias', 'deepeval', rag, [list('opinions', [])])).toMatchObject({ value: 0, calls: 1 });
  });
  it('hallucination counts contexts the output disagrees with', async () => {
    expect(await run('hallucination', 'deepeval', rag, [v('yes', 'no')])).toMatchObject({ value: 0.5, calls: 1 });
  });
  it('contextual precision, recall and relevancy', async () => {
    expect(await run('context_precision', 'deepeval', rag, [v('no', 'yes')])).toMatchObject({ value: 0.5, calls: 1 });
    expect(await run('context_recall', 'deepeval', rag, [v('Yes', 'no')])).toMatchObject({ value: 0.5, calls: 1 });
    expect(await run('context_relevance', 'deepeval', rag, [v('yes', 'no'), v('yes')])).toMatchObject({ value: 2 / 3, calls: 2 });
  });
  it('summarization is min(alignment, coverage)', async () => {
    const replies = [list('truths', ['t1']), list('claims', ['c1', 'c2']), v('yes', 'yes'), list('questions', ['q1', 'q2', 'q3']), list('answers', ['yes', 'yes', 'no']), list('answers', ['yes', 'no', 'yes'])];
    expect(await run('summarization', undefined, { text: 'original', response: 'summary' }, replies)).toMatchObject({ value: 0.5, calls: 6 });
  });
});

describe('RAGAS semantics', () => {
  it('faithfulness from fenced JSON; no statements → NaN after one call', async () => {
    expect(await run('faithfulness', 'ragas', rag, ['Here:\n```json\n{"statements": ["s1", "s2"]}\n```', nli(1, 0)])).toMatchObject({ value: 0.5, calls: 2 });
    const empty = await run('faithfulness', 'ragas', rag, [list('statements', [])]);
    expect(empty.value).toBeNaN();
    expect(empty.calls).toBe(1);
  });
  it('answer correctness: F1 of the classification, weighted with embedding similarity', async () => {
    const cls = JSON.stringify({ TP: [{ statement: 'a1', reason: 'r' }], FP: [{ statement: 'a2', reason: 'r' }], FN: [] });
    const replies = [list('statements', ['a1', 'a2']), list('statements', ['g1']), cls];
    expect((await run('answer_correctness', 'ragas', rag, replies, { weights: [1, 0] })).value).toBeCloseTo(2 / 3, 15);
    const embeddings = { embed: async (texts: string[]) => texts.map(() => [1, 0]) };
    expect((await run('answer_correctness', 'ragas', rag, replies, { embeddings })).value).toBeCloseTo(0.75, 15);
    await expect(run('answer_correctness', 'ragas', rag, replies)).rejects.toThrow(/embedding provider/);
  });
  it('context precision (per-context calls, epsilon) and context recall', async () => {
    const three = { ...rag, context: ['c1', 'c2', 'c3'] };
    const cp = ['{"reason": "r", "verdict": 1}', '{"reason": "r", "verdict": 0}', '{"reason": "r", "verdict": 1}'];
    expect(await run('context_precision', 'ragas', three, cp)).toMatchObject({ value: (1 + 2 / 3) / (2 + 1e-10), calls: 3 });
    const cr = JSON.stringify({ classifications: [1, 0, 1, 1].map((attributed) => ({ statement: 's', reason: 'r', attributed })) });
    expect(await run('context_recall', 'ragas', rag, [cr])).toMatchObject({ value: 0.75, calls: 1 });
    const asStrings = JSON.stringify({ classifications: ['1', '0'].map((attributed) => ({ statement: 's', reason: 'r', attributed })) });
    expect(await run('context_recall', 'ragas', rag, [asStrings])).toMatchObject({ value: 0.5 });
  });
  it('noise sensitivity in both modes', async () => {
    const replies = [list('statements', ['g1']), list('statements', ['a1', 'a2']), nli(1), nli(1, 0), nli(0), nli(0, 1), nli(0, 0)];
    expect(await run('noise_sensitivity', undefined, rag, replies)).toMatchObject({ value: 0.5, calls: 7 });
    expect(await run('noise_sensitivity', undefined, rag, replies, { mode: 'irrelevant' })).toMatchObject({ value: 0.5 });
  });
  it('response relevancy from generated questions and embeddings', async () => {
    const embeddings = { embed: async (texts: string[]) => texts.map((_, i) => (i === 2 ? [0, 1] : [1, 0])) };
    const q = '{"question": "q?", "noncommittal": 0}';
    expect(await run('response_relevancy', undefined, rag, [q, q], { embeddings, strictness: 2 })).toMatchObject({ value: 0.5, calls: 2 });
  });
});

describe('open-rag-eval semantics', () => {
  it('UMBRELA grades with retrieval metrics and open-rag-eval sampling settings', async () => {
    const { value, client } = await run('umbrela', undefined, { ...rag, context: ['p1', 'p2', 'p3'] }, ['3', '{"score": "1"}', '2']);
    expect(value).toEqual({ grades: [3, 1, 2], mean_umbrela_score: 2, 'precision@': { 1: 1, 3: 2 / 3 }, 'AP@': { 1: 1, 3: (1 + 2 / 3) / 2 }, MRR: 1 });
    expect(client.calls[0]?.options).toMatchObject({ temperature: 0, seed: 42, topP: 1, presencePenalty: 0.5, frequencyPenalty: 0 });
  });
  it('no-answer detection', async () => {
    expect((await run('no_answer', undefined, rag, ['No.'])).value).toBe(0);
    expect((await run('no_answer', undefined, rag, ['"yes"'])).value).toBe(1);
  });
  it('citation support from [n] markers', async () => {
    const d = { query: 'q', response: 'Paris is in France [1]. It is big [2].', context: ['p1', 'p2'] };
    const { value, client } = await run('citation_support', undefined, d, ['full_support', 'partial_support']);
    expect(value).toMatchObject({ weighted_precision: 0.75, weighted_recall: 0.75, f1: 0.75 });
    expect(client.calls[0]?.messages[1]?.content).toContain('Paris is in France.');
  });
  it('AutoNuggetizer: grade, create (5 rounds), label, assign, score', async () => {
    const nuggets = '["n1", "n2", "n3"]';
    const replies = ['2', '0', nuggets, nuggets, nuggets, nuggets, nuggets, '["okay", "vital", "vital"]', '["support", "partial_support", "not_support"]'];
    const { value, calls } = await run('autonuggetizer', undefined, rag, replies);
    expect(calls).toBe(9);
    expect(value).toMatchObject({ nuggets: ['n2', 'n3', 'n1'], All: 0.5, 'All Strict': 1 / 3, Vital: 0.75, 'Vital Strict': 0.5, Weighted: 0.6, 'Weighted Strict': 0.4 });
  });
});

describe('H2O BYOP', () => {
  it('fills the template and reads true/false; rates over a run count parse failures apart', async () => {
    const { value, client } = await run('byop', undefined, rag, ['True.'], { template: 'Q: {question} A: {actual_answer} Correct?' });
    expect(value).toBe(1);
    expect(client.calls[0]?.messages[1]?.content).toBe('Q: q A: r Correct?');
    const { results, summary } = await evaluateJudged({ client: new ScriptedJudgeClient(['false', 'true', 'dunno']), datums: [rag, rag, rag], metrics: ['language_mismatch'] });
    expect(byopRates(results.language_mismatch ?? [])).toEqual({ passRate: 1 / 3, failRate: 1 / 3, parseFailureRate: 1 / 3 });
    expect(summary.errors).toBe(1);
  });
  it('fact-check reads the evaluation score', async () => {
    const reply = 'Result: {"answer": "a", "evaluation_score": 0.8, "evaluation_summary": "ok"}';
    expect((await run('fact_check', undefined, rag, [reply])).value).toEqual({ evaluation_score: 0.8, passed: true, evaluation_summary: 'ok' });
    await expect(run('fact_check', undefined, rag, ['{"evaluation_score": 2}'])).rejects.toThrow(/\[0, 1\]/);
  });
  it('byop without a template is an Error record, not a crash', async () => {
    const { results } = await evaluateJudged({ client: new ScriptedJudgeClient([]), datums: [rag], metrics: ['byop'] });
    expect(results.byop?.[0]).toMatchObject({ type: 'Error', value: { type: 'ValueError' } });
  });
});

describe('runs', () => {
  it('retries an invalid reply with the next one (Valor retries)', async () => {
    const client = new ScriptedJudgeClient(['oops', list('opinions', [])]);
    const { results } = await evaluateJudged({ client, datums: [rag], metrics: ['bias'], retries: 1 });
    expect(results.bias?.[0]).toEqual({ type: 'Bias', value: 0, parameters: { evaluator: 'scripted', retries: 1 } });
  });
  it('a retried metric asks afresh; an invalid or empty reply is never cached, so a re-run asks again', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'judge-retry-cache-')), 'cache.jsonl');
    const first = new CachedJudgeClient(new ScriptedJudgeClient(['oops', list('opinions', [])]), path);
    const a = await evaluateJudged({ client: first, datums: [rag], metrics: ['bias'], retries: 1 });
    expect(a.results.bias?.[0]?.value).toBe(0);
    expect(first.size).toBe(1); // 'oops' holds no JSON: not kept
    const again = new ScriptedJudgeClient([list('opinions', [])]);
    const b = await evaluateJudged({ client: new CachedJudgeClient(again, path), datums: [rag], metrics: ['bias'], retries: 1 });
    expect(b.results).toEqual(a.results);
    expect(b.summary.usage).toMatchObject({ calls: 1, cachedCalls: 0 }); // attempt 0 asked afresh and succeeded
    const empty = new CachedJudgeClient(new ScriptedJudgeClient(['']), join(mkdtempSync(join(tmpdir(), 'judge-empty-cache-')), 'c.jsonl'));
    await evaluateJudged({ client: empty, datums: [rag], metrics: ['bias'] });
    expect(empty.size).toBe(0);
  });
  it('keeps the verdict behind each record: the last reply of the attempt that counted, keys redacted, null without a reply', async () => {
    const failing = { modelName: 'm', maxConcurrency: 1, complete: async () => { throw new Error('connection refused'); } };
    const client = new ScriptedJudgeClient(['oops', '{"opinions": [], "note": "sk-abcdefghijklmnop"}', '3']);
    const { results, verdicts } = await evaluateJudged({ client, datums: [rag], metrics: ['bias', { id: 'coh', name: 'coherence' }], retries: 1 });
    expect(results.bias?.[0]?.value).toBe(0);
    // attempt 0 replied 'oops' (invalid); the verdict is attempt 1's reply, with the key removed
    expect(verdicts.bias).toEqual(['{"opinions": [], "note": "sk-[REDACTED]"}']);
    expect(verdicts.coh).toEqual(['3']);
    const down = await evaluateJudged({ client: failing, datums: [rag, rag], metrics: ['bias'] });
    expect(down.results.bias?.map((r) => r.type)).toEqual(['Error', 'Error']);
    expect(down.verdicts.bias).toEqual([null, null]);
  });
  it('runs pairs datum-major and keeps records aligned with datums', async () => {
    const client = new ScriptedJudgeClient([list('opinions', []), '3', list('opinions', []), '5']);
    const { results } = await evaluateJudged({ client, datums: [rag, rag], metrics: ['toxicity', { id: 'coh', name: 'coherence' }] });
    expect(results.coh?.map((r) => r.value)).toEqual([3, 5]);
    expect(results.toxicity?.map((r) => r.value)).toEqual([0, 0]);
  });
  it('a dry run shows prompts without a server', async () => {
    const prompts: string[] = [];
    const client = new DryRunJudgeClient('m', (messages) => prompts.push(messages[1]?.content ?? ''));
    const { summary } = await evaluateJudged({ client, datums: [{ ...rag, response: 'The moon is made of basalt.' }], metrics: ['faithfulness'] });
    expect(prompts).toHaveLength(1);
    // the first step's prompt carries the datum's response (a bare 'r' would match any prompt)
    expect(prompts[0]).toContain('The moon is made of basalt.');
    expect(summary.errors).toBe(1);
  });
  it("a datum without any context is Valor's ValueError for context metrics, with no judge call", async () => {
    const client = new ScriptedJudgeClient([]);
    const { results } = await evaluateJudged({ client, datums: [{ query: 'q', response: 'r' }], metrics: ['faithfulness', 'answer_correctness'] });
    expect(results.faithfulness?.[0]?.value).toEqual({ type: 'ValueError', message: 'The faithfulness metric requires context.' });
    expect(results.answer_correctness?.[0]?.value).toEqual({ type: 'ValueError', message: 'The answer correctness metric requires context.' });
    expect(client.used).toBe(0);
  });
  it('rejects an unknown metric or an unsupported semantics up front', () => {
    expect(() => resolveJudgedMetric('fluency', undefined, 'f')).toThrow(/The 'metric' option of f must be one of/);
    expect(() => resolveJudgedMetric('summary_coherence', 'ragas', 'f')).toThrow(/The 'semantics' option of f must be one of 'valor'/);
  });
});

describe('JSON extraction rules', () => {
  it('Valor: greedy first { to last }', () => {
    expect(extractJsonValor('x {"a": 1} y')).toEqual({ a: 1 });
    expect(() => extractJsonValor('{"a": 1} and {"b": 2}')).toThrow(/invalid JSON/);
    expect(() => extractJsonValor('none')).toThrow(/valid brackets/);
  });
  it('DeepEval: closes a missing brace and drops trailing commas', () => {
    expect(extractJsonDeepEval('{"a": [1, 2,]')).toEqual({ a: [1, 2] });
  });
  it('RAGAS: first balanced structure after ```json', () => {
    expect(extractJsonRagas('{"x": 0} ```json\n[1, [2]] trailing]')).toEqual([1, [2]]);
    expect(extractJsonRagas('{"a": 1} and {"b": 2}')).toEqual({ a: 1 });
  });
  it('prints replies the way Python does in Valor messages', () => {
    expect(pythonRepr({ statements: ["it's", 'a"b', true, null, 1.5] })).toBe(`{'statements': ["it's", 'a"b', True, None, 1.5]}`);
  });
});
