import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { setWarningHandler, type TensorEvalWarning } from '@tensoreval/core';
import { evaluate } from '../src/evaluate';
import { runTensoreval } from './cli-process';
import { caseToRequest, expectedOutputs, listValorCases, type ValorCase } from './valor-cases';

// Every Valor reference case whose task shards (classification, segmentation, Valor detection),
// evaluated in datum shards, must give the one-pass response byte for byte, warnings included.
const SHARDED_TASKS = new Set(['classification', 'object_detection', 'semantic_segmentation']);
const failing = (c: ValorCase) => Object.values(expectedOutputs(c)).some((v) => v !== null && typeof v === 'object' && 'error' in v);
const pairOnly = (c: ValorCase) => Object.values(c.params).every((p) => /_iou$/.test(p.method) && p.method !== 'compute_precision_recall_iou');
const cases = listValorCases().filter((c) => SHARDED_TASKS.has(c.task) && !failing(c) && !pairOnly(c));

async function run(request: unknown, workers?: number): Promise<{ json: string; warnings: TensorEvalWarning[] }> {
  const warnings: TensorEvalWarning[] = [];
  setWarningHandler((w) => warnings.push(w));
  try {
    return { json: JSON.stringify(await evaluate(request, workers === undefined ? {} : { workers })), warnings };
  } finally {
    setWarningHandler(undefined);
  }
}

const datumCount = (c: ValorCase) => ((c.input as { datums: unknown[] }).datums).length;

describe('evaluate({ workers }) on the Valor reference cases', () => {
  afterAll(() => setWarningHandler(undefined));
  it('covers every sharded task', () => {
    expect(new Set(cases.map((c) => c.task))).toEqual(SHARDED_TASKS);
  });
  for (const c of cases) {
    it(`${c.file}: every shard count gives the one-pass response exactly`, async () => {
      const request = caseToRequest(c);
      const one = await run(request);
      // uneven cuts, and more workers than datums (one datum per shard)
      const counts = [...new Set([2, 3, 7, Math.min(256, datumCount(c) + 1)])];
      for (const workers of counts) {
        const sharded = await run(request, workers);
        expect(sharded.json, `workers ${workers}`).toBe(one.json);
        expect(sharded.warnings, `workers ${workers}`).toEqual(one.warnings);
      }
    });
  }
});

describe('evaluate({ workers }) errors', () => {
  const datum = (uid: string, groundtruth: unknown = 'a') => ({ uid, groundtruth, predictions: ['a', 'b'], scores: [0.6, 0.4] });
  const request = (datums: unknown[]) => ({ task: 'classification', data: { datums }, metrics: [{ id: 'pr', method: 'precision_recall' }] });

  it('a bad datum in a later shard is named by its index in the whole request, after its shard', async () => {
    const datums = [datum('d0'), datum('d1'), datum('d2'), datum('d3'), datum('d4', 7), datum('d5')];
    const one = await evaluate(request(datums)).catch((e: Error) => e);
    const sharded = await evaluate(request(datums), { workers: 3 }).catch((e: Error) => e);
    expect(one).toBeInstanceOf(Error);
    expect((one as Error).message).toContain('data.datums[4].groundtruth');
    const line = (e: unknown) => (e as Error).message.replace(/ See errors\/TE-\d+\.md$/, '');
    expect(line(sharded)).toBe(`shard 3 of 3: ${line(one)}`);
    expect((sharded as { code?: string }).code).toBe((one as { code?: string }).code);
    expect((sharded as { index?: number }).index).toBe(4);
  });

  it('refuses workers for a request that does not shard, and a float32 backend for sharded Valor detection', async () => {
    const text = { task: 'text', data: { response: 'a b c d', references: ['a b c d'] }, metrics: [{ id: 'b', method: 'sentence_bleu' }] };
    await expect(evaluate(text, { workers: 2 })).rejects.toThrow(/'workers'.*TE-103/);
    await expect(evaluate(text, { workers: 1 })).resolves.toBeDefined();
    const od = { task: 'object_detection', semantics: 'valor', data: { datums: [{ uid: 'x', groundtruths: [], predictions: [] }] }, metrics: [{ id: 'pr', method: 'precision_recall' }] };
    await expect(evaluate(od, { workers: 2, backend: 'tfjs' })).rejects.toThrow(/'backend'.*TE-103/);
    await expect(evaluate(od, { workers: 0 })).rejects.toThrow(/'workers'.*TE-101/);
  });

  it('a uid repeated in another shard, or a later datum with a key its task does not take, is the one-pass error, for every sharded task', async () => {
    // each shard checks its own datums: only the whole request's check, before the split, sees a uid of another shard
    const byTask = new Map(cases.filter((c) => datumCount(c) >= 4).map((c) => [`${c.task} ${(caseToRequest(c) as { semantics?: string }).semantics ?? ''}`, c]));
    expect([...byTask.keys()].map((k) => k.split(' ')[0])).toEqual(expect.arrayContaining([...SHARDED_TASKS]));
    for (const c of byTask.values()) {
      const base = caseToRequest(c) as { data: { datums: Array<Record<string, unknown>> } };
      const last = base.data.datums.length - 1;
      const repeated = structuredClone(base);
      repeated.data.datums[last]!.uid = base.data.datums[0]!.uid;
      const extraKey = structuredClone(base);
      extraKey.data.datums[last]!.colour = 'red';
      for (const [bad, code] of [[repeated, 'TE-203'], [extraKey, 'TE-102']] as const) {
        const one = (await evaluate(bad).catch((e: Error) => e)) as Error & { code?: string };
        expect(one, c.file).toBeInstanceOf(Error);
        expect(one.code, `${c.file}: ${one.message}`).toBe(code);
        for (const workers of [2, 3]) {
          const sharded = (await evaluate(bad, { workers }).catch((e: Error) => e)) as Error & { code?: string };
          expect(sharded.message, `${c.file}, workers ${workers}`).toBe(one.message);
        }
      }
    }
  });

  it('a shard whose datums are not an array is the one-pass error', async () => {
    const bad = { task: 'classification', data: { datums: 'nope' }, metrics: [{ id: 'pr', method: 'precision_recall' }] };
    const one = (await evaluate(bad).catch((e: Error) => e)) as Error;
    const sharded = (await evaluate(bad, { workers: 2 }).catch((e: Error) => e)) as Error;
    expect(sharded.message).toBe(one.message);
  });
});

// Under tsx the command line runs each shard in its own piscina thread (the library test above runs
// them in this thread): the response, the warnings and the error lines must be the one-thread ones.
describe('tensoreval evaluate --workers N (threads)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tensoreval-evaluate-workers-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const byName = new Map(listValorCases().map((c) => [c.file, c]));
  const warningLines = (stderr: string) => stderr.split('\n').filter((l) => l.includes('Warning')).map((l) => l.replace(/^\(node:\d+\) /, ''));

  it('gives the one-thread output, and each shard\'s warnings once, in datum order', async () => {
    // two datums with overlapping masks, one per thread
    const seg = caseToRequest(byName.get('seg_quirk_overlapping_masks.json')!);
    const segData = seg.data as { datums: Array<{ uid: string }> };
    segData.datums = [segData.datums[0]!, { ...segData.datums[0]!, uid: 'ov2' }];
    const runs = [[caseToRequest(byName.get('cls_random_small_seed1.json')!), '3'], [seg, '2']] as const;
    for (const [i, [request, workers]] of runs.entries()) {
      const path = join(dir, `request-${i}.json`);
      writeFileSync(path, JSON.stringify(request));
      const warnings: string[] = [];
      setWarningHandler((w) => warnings.push(`${w.category}: ${w.message}`));
      const one = `${JSON.stringify(await evaluate(request))}\n`;
      setWarningHandler(undefined);
      const sharded = await runTensoreval(['evaluate', path, '--quiet', '--workers', workers]);
      expect(sharded.code, sharded.stderr).toBe(0);
      expect(sharded.stdout).toBe(one);
      expect(warningLines(sharded.stderr)).toEqual(warnings);
    }
  });

  it('exits 2 with one line naming the file, the shard and the datum', async () => {
    const path = join(dir, 'bad.json');
    const datums = Array.from({ length: 5 }, (_, i) => ({ uid: `d${i}`, groundtruth: 'a', predictions: ['a'], scores: [i === 3 ? 'x' : 0.5] }));
    writeFileSync(path, JSON.stringify({ task: 'classification', data: { datums }, metrics: [{ id: 'pr', method: 'precision_recall' }] }));
    const run = await runTensoreval(['evaluate', path, '--quiet', '--workers', '2']);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^tensoreval: error TE-204: .*bad\.json: shard 2 of 2: .*data\.datums\[3\]\.scores\[0\].*record 3/);
  });
});
