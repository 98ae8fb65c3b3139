import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  COCO_STATE_VERSION, cocoShardImages, decodeCocoState, encodeCocoState, evaluateCocoDatasets, evaluateCocoState, finishCocoState, mergeCocoStates, stateHasParams,
  type CocoDataset, type CocoEvaluation, type CocoEvaluateOptions, type CocoResult, type CocoState,
} from '@tensoreval/metrics/detection';
import { decodeStateTable, encodeStateTable } from '@tensoreval/metrics';
import { caseOptions, listCocoCases, preparedResults } from './coco-fixtures';

/** Seeded LCG (no Math.random: a failing split must be reproducible from its seed). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function bytes(a: Float64Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/** Bit-for-bit equality of everything an evaluation reports (NaN, -0 and all). */
function expectSame(got: CocoEvaluation, want: CocoEvaluation): void {
  expect(bytes(Float64Array.from(got.stats)).equals(bytes(Float64Array.from(want.stats)))).toBe(true);
  expect(bytes(got.arrays.precision).equals(bytes(want.arrays.precision))).toBe(true);
  expect(bytes(got.arrays.recall).equals(bytes(want.arrays.recall))).toBe(true);
  expect(bytes(got.arrays.scores).equals(bytes(want.arrays.scores))).toBe(true);
  expect(got.perCategory).toEqual(want.perCategory);
  expect(got.counts).toEqual(want.counts);
  expect(got.summaryText).toBe(want.summaryText);
  expect(got.classF1).toEqual(want.classF1);
}

/** A random partition of the GT images into `k` shards (some may be empty), as image masks. */
function randomShards(images: number, k: number, rnd: () => number): Uint8Array[] {
  const shards = Array.from({ length: k }, () => new Uint8Array(images));
  for (let i = 0; i < images; i++) (shards[Math.floor(rnd() * k)] as Uint8Array)[i] = 1;
  return shards;
}

function shuffled<T>(xs: T[], rnd: () => number): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** A state's `order` lists each of its rows once, in strictly increasing (score desc, image, category, file). */
function expectOneSortedRun(s: CocoState): void {
  const { score, image, category, file, order } = s.rows;
  expect(order).toBeDefined();
  expect(new Set(order).size).toBe(score.length);
  expect(order!.length).toBe(score.length);
  const before = (a: number, b: number) => (score[a]! !== score[b]! ? score[a]! > score[b]! : image[a]! !== image[b]! ? image[a]! < image[b]! : category[a]! !== category[b]! ? category[a]! < category[b]! : file[a]! < file[b]!);
  for (let q = 1; q < order!.length; q++) if (!before(order![q - 1]!, order![q]!)) expect.fail(`order descends at position ${q}`);
}

/** Splits, evaluates each shard, round-trips through Arrow IPC (some states losing their order), merges in a random order, finishes. */
async function sharded(gt: CocoDataset, dt: CocoResult[], options: CocoEvaluateOptions, shards: Uint8Array[], rnd: () => number): Promise<CocoEvaluation> {
  const fresh = shards.map((s) => evaluateCocoState(gt, dt, options, s));
  // each state's order is one sorted run (so the merge merges runs), and it survives the Arrow file
  for (const f of fresh) expectOneSortedRun(f);
  const states = await Promise.all(fresh.map(async (f) => decodeCocoState(await encodeCocoState(f))));
  states.forEach((s, i) => {
    expect(Array.from(s.rows.order ?? [])).toEqual(Array.from(fresh[i]!.rows.order!));
    // a state without its order (written elsewhere) merges the same
    if (rnd() < 0.25) delete s.rows.order;
  });
  // merged in groups (a tree, as workers would) and the groups merged again
  const order = shuffled(states, rnd);
  const cut = Math.floor(rnd() * (order.length + 1));
  const parts = [order.slice(0, cut), order.slice(cut)].filter((p) => p.length > 0).map((p) => mergeCocoStates(p));
  return finishCocoState(mergeCocoStates(parts), options);
}

// bbox, segm, keypoints, boundary (with their sigmas and dilation ratio) and LVIS (federated, capped)
const cases = listCocoCases();

describe('COCO state: any split into shards, merged in any order, equals one pass bit for bit', () => {
  it('finds the fixtures of every family that shards', () => expect(new Set(cases.map((c) => c.family))).toEqual(new Set(['coco', 'keypoints', 'boundary', 'lvis'])));
  it.each(cases.map((c, i) => [c.id, c, i] as const))('%s', async (_id, c, i) => {
    const gt = JSON.parse(readFileSync(join(c.dir, c.expected.gt), 'utf8')) as CocoDataset;
    const dt = preparedResults(c).records as unknown as CocoResult[];
    const rnd = lcg(1000 + i);
    const images = gt.images.length;
    const family = caseOptions(c);
    const variants: CocoEvaluateOptions[] = [
      { ...family, scoreThreshold: 0.3 },
      // a requested image subset and pooled categories: outside-imgIds counts and K = 1 merge too
      { ...family, useCats: false, imgIds: gt.images.filter((_, j) => j % 3 !== 1).map((im) => im.id), maxDets: c.family === 'keypoints' ? [5] : [1, 5, 20] },
    ];
    for (const options of variants) {
      const one = evaluateCocoDatasets(gt, dt, options);
      expect(one.stats.length).toBe(c.family === 'keypoints' ? 10 : c.family === 'lvis' ? 13 : 12);
      for (const k of [1, 2, 3 + Math.floor(rnd() * 5)]) expectSame(await sharded(gt, dt, options, randomShards(images, k, rnd), rnd), one);
      expectSame(await sharded(gt, dt, options, [0, 1, 2].map((s) => cocoShardImages(images, s, 3)), rnd), one);
    }
    if (c.expected.options.min_score === null && !c.expected.options.strip_dt_bbox && c.family === 'coco') {
      expect(evaluateCocoDatasets(gt, dt, { iouType: c.expected.iouType }).stats).toEqual(c.expected.stats);
    }
  });
});

describe('COCO state: merge and finish refuse what would not be one pass', () => {
  const c = cases.find((x) => x.expected.iouType === 'bbox')!;
  const gt = JSON.parse(readFileSync(join(c.dir, c.expected.gt), 'utf8')) as CocoDataset;
  const dt = preparedResults(c).records as unknown as CocoResult[];
  const I = gt.images.length;
  const half = (s: number): CocoState => evaluateCocoState(gt, dt, {}, cocoShardImages(I, s, 2));

  it('a missing shard: finish names the first uncovered image', () => {
    expect(() => finishCocoState(half(0))).toThrow(/TE-202/);
  });
  it('the same shard twice', () => {
    expect(() => mergeCocoStates([half(0), half(0)])).toThrow(/`states` \(record 1\).*twice/);
  });
  it('shards of different parameters', () => {
    const other = evaluateCocoState(gt, dt, { maxDets: [1, 10, 50] }, cocoShardImages(I, 1, 2));
    expect(() => mergeCocoStates([half(0), other])).toThrow(/`states` \(record 1\).*share the parameters/);
  });
  it('bytes that are not a state, or a state of another kind', async () => {
    await expect(decodeCocoState(new Uint8Array([1, 2, 3]), 'shard-3')).rejects.toThrow(/`shard-3` of decodeState to be an Arrow IPC evaluator state.*TE-209/);
    const other = await encodeStateTable('valor-detection', 1, { header: {}, columns: { x: new Float64Array(2) } });
    await expect(decodeCocoState(other, 'shard-4')).rejects.toThrow(/`shard-4` of decodeState to be a 'coco' state, but got kind "valor-detection"/);
    const state = await encodeCocoState(half(0));
    expect((await decodeCocoState(state)).rows.state.length).toBe(half(0).rows.state.length);
  });
  it('no states at all', () => expect(() => mergeCocoStates([])).toThrow(/TE-210/));

  // A state file as encodeCocoState writes it, from a header and columns a test may corrupt first.
  const written = (h: Record<string, unknown>, rows: CocoState['rows'], AT: number) => encodeStateTable('coco', COCO_STATE_VERSION, {
    header: h,
    columns: { score: rows.score, image: rows.image, category: rows.category, file: rows.file, group: rows.group, rank: rows.rank, state: { bytes: rows.state, width: AT }, tpIou: rows.tpIou, ...(rows.order ? { order: rows.order } : {}) },
  });
  it.each<[string, (h: Record<string, unknown>, rows: CocoState['rows']) => void, RegExp]>([
    ['params without recThrs', (h) => { delete (h.params as Record<string, unknown>).recThrs; }, /params with every field, but got no recThrs/],
    ['an unknown iouType', (h) => { (h.params as Record<string, unknown>).iouType = 'mask'; }, /params that evaluateCoco accepts, but got .*'iouType'/],
    ['recall thresholds out of [0, 1]', (h) => { (h.params as Record<string, unknown>).recThrs = [0, 1.5]; }, /params that evaluateCoco accepts, but got .*'recThrs'/],
    ['area labels that are not strings', (h) => { (h.params as Record<string, unknown>).areaRngLbl = [1, 2, 3, 4]; }, /params whose areaRngLbl are strings/],
    ['positives of another shape', (h) => { h.positives = (h.positives as number[]).slice(1); }, /positives are \d+ × 4 counts/],
    ['covered of another length', (h) => { h.covered = Buffer.from([1, 0]).toString('base64'); }, /covered marks each of the \d+ GT images/],
    ['counts without detections', (h) => { delete (h.counts as Record<string, unknown>).detections; }, /counts are gtAnnotations, detections/],
    ['a row on an image the state does not cover', (_h, rows) => { rows.image[0] = I - 1; }, /rows are on images the state covers.*row 0/],
    ['a row of an unknown category', (_h, rows) => { rows.category[0] = 10_000; }, /category below/],
    ['a match state that is not 0, 1 or 2', (_h, rows) => { rows.state[3] = 7; }, /match states are 0, 1 or 2.*7 at byte 3/],
    ['an order that is not a permutation', (_h, rows) => { rows.order![1] = rows.order![0]!; }, /order is a permutation of the rows.*entry 1/],
  ])('a state file with %s is one TE-209 line naming it', async (_name, corrupt, message) => {
    const state = half(0);
    const bytes = await encodeCocoState(state);
    const { header } = await decodeStateTable(bytes, 'coco', COCO_STATE_VERSION, 's', []);
    const h = structuredClone(header) as Record<string, unknown>;
    const rows = structuredClone(state.rows);
    corrupt(h, rows);
    const AT = state.params.areaRng.length * state.params.iouThrs.length;
    const error = await decodeCocoState(await written(h, rows, AT), 'shard-7').then(() => undefined, (e: Error) => e);
    expect(error?.message).toMatch(/`shard-7`.*TE-209/);
    expect(error?.message).toMatch(message);
  });

  it('area ranges with infinite bounds survive the state file (JSON would write them as null) and merge to the one-pass result', async () => {
    const options = { areaRng: [[0, Infinity], [0, 1024], [1024, Infinity]] as Array<[number, number]> };
    const shard = (s: number) => evaluateCocoState(gt, dt, options, cocoShardImages(I, s, 2));
    const decoded = await Promise.all([0, 1].map(async (s) => decodeCocoState(await encodeCocoState(shard(s)), `s${s}`)));
    expect(decoded[0]!.params).toEqual(shard(0).params);
    expect(stateHasParams(decoded[1]!, shard(1).params)).toBe(true);
    expect(finishCocoState(mergeCocoStates(decoded)).stats).toEqual(finishCocoState(evaluateCocoState(gt, dt, options)).stats);
  });

  it('the file as written decodes to the same params and merges, kptOksSigmas written as a list or as an object of entries (older writers)', async () => {
    const state = half(0);
    const bytes = await encodeCocoState(state);
    const { header } = await decodeStateTable(bytes, 'coco', COCO_STATE_VERSION, 's', []);
    const h = header as { params: Record<string, unknown> };
    expect(Array.isArray(h.params.kptOksSigmas)).toBe(true);
    const AT = state.params.areaRng.length * state.params.iouThrs.length;
    const asObject = structuredClone(h);
    asObject.params.kptOksSigmas = { ...(h.params.kptOksSigmas as number[]) };
    for (const form of [h, asObject]) {
      const decoded = await decodeCocoState(await written(structuredClone(form) as Record<string, unknown>, state.rows, AT));
      expect(decoded.params).toEqual(state.params);
      expect(mergeCocoStates([decoded, half(1)]).rows.score.length).toBeGreaterThan(0);
    }
  });
});
