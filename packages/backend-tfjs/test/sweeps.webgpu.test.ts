import { configureTfjsBackend, tfjsBackend } from '@tensoreval/backend-tfjs';
import { interpolatedApImpl, precisionRecallSweepImpl, rocAucImpl } from '@tensoreval/backend-cpu';
import { getKernel, initBackend, runKernel, type FloatArray } from '@tensoreval/core';
import { webGpuLane } from '@tensoreval/core/testing';
import { segmentCounts, sortedSweep } from '../src/wgsl/sorted-sweep';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The WGSL sweeps against the cpu backend, bit for bit (Object.is per element), on random inputs
// shaped to catch what a GPU sort gets wrong: many ties, -0 next to +0, negatives, float32 scores,
// empty and one-element segments, several flag rows.
const lane = await webGpuLane();
configureTfjsBackend({ device: 'webgpu' });

function sameBits(actual: ArrayLike<number>, expected: ArrayLike<number>, what: string): void {
  expect(actual.length, `${what} length`).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) expect.fail(`${what}[${i}]: ${actual[i]} (gpu) vs ${expected[i]} (cpu)`);
  }
}

/** Every listed output of the gpu run equals the cpu one bit for bit. */
function sameOutputs<T extends object>(gpu: T, cpu: T, keys: ReadonlyArray<keyof T & string>): void {
  for (const k of keys) sameBits(gpu[k] as ArrayLike<number>, cpu[k] as ArrayLike<number>, k);
}

/** Scores from a few levels (ties), signed zeros, a negative range and one huge magnitude. */
const scoreLevels = [0, -0, 0.5, 0.25, 1, -1, -0.5, 1e300, -1e-300, 0.1 + 0.2, 0.3, 5e-324];
const arbScores = (n: number) =>
  fc.tuple(fc.array(fc.oneof(fc.constantFrom(...scoreLevels), fc.double({ noNaN: true, noDefaultInfinity: true })), { minLength: n, maxLength: n }), fc.boolean())
    .map(([v, f32]): FloatArray => (f32 ? Float32Array.from(v) : Float64Array.from(v)));
const arbOffsets = (n: number) =>
  fc.array(fc.integer({ min: 0, max: n }), { maxLength: 6 }).map((cuts) => Int32Array.from([0, ...cuts.sort((a, b) => a - b), n]));

const arbSweep = fc.integer({ min: 1, max: 700 }).chain((n) =>
  fc.record({
    scores: arbScores(n),
    rows: fc.integer({ min: 1, max: 3 }),
    offsets: fc.option(arbOffsets(n), { nil: undefined }),
    seed: fc.integer(),
  }),
);

function flags(count: number, seed: number): { tp: Uint8Array; fp: Uint8Array } {
  const tp = new Uint8Array(count);
  const fp = new Uint8Array(count);
  let x = seed | 1;
  for (let i = 0; i < count; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const u = (x >>> 0) % 3;
    if (u === 0) tp[i] = 1;
    else if (u === 1) fp[i] = 1;
  }
  return { tp, fp };
}

describe.skipIf(!lane.run)('WGSL sweeps on tfjs-backend-webgpu equal the cpu backend bit for bit', () => {
  it('initialises on webgpu and registers the WGSL kernels there', async () => {
    expect(lane.failure).toBeUndefined();
    expect(await initBackend('tfjs')).toBe(true);
    expect(tfjsBackend.describe?.().tfjsBackend).toBe('webgpu');
    expect(getKernel('PrecisionRecallSweep', 'tfjs')).toBeDefined();
    expect(getKernel('RocAuc', 'tfjs')).toBeDefined();
    expect(getKernel('InterpolatedAp', 'tfjs')).toBeDefined();
  });

  it('PrecisionRecallSweep: order, sorted scores and counts', async () => {
    await fc.assert(
      fc.asyncProperty(arbSweep, async ({ scores, rows, offsets, seed }) => {
        const n = scores.length;
        const inputs = { scores, ...flags(rows * n, seed), ...(offsets ? { segmentOffsets: offsets } : {}) };
        const gpu = await runKernel('PrecisionRecallSweep', inputs, { rows, stable: true }, { backend: 'tfjs' });
        const cpu = precisionRecallSweepImpl(inputs, { rows, stable: true });
        sameOutputs(gpu, cpu, ['order', 'sortedScores', 'tpCum', 'fpCum']);
      }),
      { numRuns: 40 },
    );
  });

  it('RocAuc: per-segment AUC, NaN for one-class and empty segments', async () => {
    await fc.assert(
      fc.asyncProperty(arbSweep, async ({ scores, offsets, seed }) => {
        const labels = flags(scores.length, seed).tp;
        const inputs = { scores, labels, ...(offsets ? { segmentOffsets: offsets } : {}) };
        const gpu = await runKernel('RocAuc', inputs, {}, { backend: 'tfjs' });
        sameBits(gpu.auc, rocAucImpl(inputs).auc, 'auc');
      }),
      { numRuns: 40 },
    );
  });

  // Curves as the sweep makes them (one flag row, so tpCum/fpCum are non-decreasing per curve),
  // positives at, above or (absent class) 0, scores absent, sorted or in any order (the maximum per
  // bin must not assume sorted scores), coco with default or unsorted thresholds.
  const arbCurves = arbSweep.chain((c) =>
    fc.record({
      c: fc.constant(c),
      extra: fc.array(fc.oneof(fc.constant(-1), fc.integer({ min: 0, max: 3 })), { minLength: 7, maxLength: 7 }),
      withScores: fc.constantFrom('none', 'sorted', 'input order'),
      thresholds: fc.option(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 12 }).map((t) => Float64Array.from(t)), { nil: undefined }),
    }),
  );
  for (const method of ['coco', 'valor'] as const) {
    it(`InterpolatedAp (${method}): precision, scores at recall, recall and AP`, async () => {
      await fc.assert(
        fc.asyncProperty(arbCurves, async ({ c, extra, withScores, thresholds }) => {
          const n = c.scores.length;
          const segmentOffsets = c.offsets ?? Int32Array.of(0, n);
          const sweep = precisionRecallSweepImpl({ scores: c.scores, ...flags(n, c.seed), segmentOffsets }, { rows: 1, stable: true });
          const S = segmentOffsets.length - 1;
          const positives = Float64Array.from({ length: S }, (_, s) => {
            const end = segmentOffsets[s + 1] as number;
            const found = end > (segmentOffsets[s] as number) ? (sweep.tpCum[end - 1] as number) : 0;
            const e = extra[s % extra.length] as number;
            return e < 0 ? 0 : found + e;
          });
          const inputs = { tpCum: sweep.tpCum, fpCum: sweep.fpCum, segmentOffsets, positives, ...(withScores === 'none' ? {} : { scores: withScores === 'sorted' ? sweep.sortedScores : c.scores }) };
          const attrs = { method, ...(thresholds ? { recallThresholds: thresholds } : {}) };
          const gpu = await runKernel('InterpolatedAp', inputs, attrs, { backend: 'tfjs' });
          const cpu = interpolatedApImpl(inputs, attrs);
          sameOutputs(gpu, cpu, ['ap', 'precision', 'scoresAtRecall', 'recall']);
        }),
        { numRuns: 40 },
      );
    });
  }

  it('InterpolatedAp compares precisions of counts near 2^31 exactly (64-bit cross products)', async () => {
    // 13676334 / 494411149 > 12791092 / 477934755, but compared by u32 cross products (mod 2^32) it is the
    // other way round; with this many positives every position is in the first recall run / bin.
    const tpCum = Float64Array.of(12_791_092, 13_676_334);
    const fpCum = Float64Array.of(465_143_663, 480_734_815);
    const segmentOffsets = Int32Array.of(0, 2);
    for (const method of ['coco', 'valor'] as const) {
      const inputs = { tpCum, fpCum, segmentOffsets, positives: Float64Array.of(2_147_483_647) };
      const gpu = await runKernel('InterpolatedAp', inputs, { method }, { backend: 'tfjs' });
      const cpu = interpolatedApImpl(inputs, { method });
      sameBits(gpu.precision, cpu.precision, `${method} precision`);
      sameBits(gpu.ap, cpu.ap, `${method} ap`);
    }
  });

  it('InterpolatedAp (valor, with scores) uploads its runs once for both argmax passes', async () => {
    const tpCum = Float64Array.of(1, 1, 2, 3), fpCum = Float64Array.of(0, 1, 1, 1);
    const inputs = { tpCum, fpCum, segmentOffsets: Int32Array.of(0, 4), positives: Float64Array.of(4), scores: Float64Array.of(0.9, 0.8, 0.7, 0.6) };
    const before = tfjsBackend.traffic!();
    await runKernel('InterpolatedAp', inputs, { method: 'valor' }, { backend: 'tfjs' });
    const after = tfjsBackend.traffic!();
    // tpCum, fpCum, the score keys and the runs: four uploads; two argmax passes, two reads
    expect(after.uploads - before.uploads).toBe(4);
    expect(after.downloads - before.downloads).toBe(2);
  });

  it('InterpolatedAp refuses counts it cannot compare exactly (TE-203)', async () => {
    const inputs = { tpCum: Float64Array.of(0.5), fpCum: Float64Array.of(0), segmentOffsets: Int32Array.of(0, 1), positives: Float64Array.of(1) };
    await expect(runKernel('InterpolatedAp', inputs, { method: 'coco' }, { backend: 'tfjs' })).rejects.toThrow(/TE-203/);
  });

  it('sums flag rows in chunks that fit the storage binding limit, and refuses inputs too large for one', async () => {
    const n = 300;
    const rows = 5;
    const scores = Float64Array.from({ length: n }, (_, i) => ((i * 7919) % 37) / 37);
    const segmentOffsets = Int32Array.of(0, 120, 120, 300);
    const { tp, fp } = flags(rows * n, 11);
    const packed = Int32Array.from(tp, (t, i) => t | ((fp[i] as number) << 1));
    const tpCum = new Float64Array(rows * n);
    const fpCum = new Float64Array(rows * n);
    const chunks: number[] = [];
    // 16n bytes: the sort state (index, two key words, segment id) fits; two rows of 2 × n prefix words per chunk.
    const order = await sortedSweep(scores, packed, rows, 2, segmentOffsets, (prefix, first, count) => {
      chunks.push(count);
      for (let r = 0; r < count; r++) {
        segmentCounts(prefix, r, n, segmentOffsets, tpCum, (first + r) * n);
        segmentCounts(prefix, count + r, n, segmentOffsets, fpCum, (first + r) * n);
      }
    }, 16 * n);
    expect(chunks).toEqual([2, 2, 1]);
    const cpu = precisionRecallSweepImpl({ scores, tp, fp, segmentOffsets }, { rows, stable: true });
    sameOutputs({ order, tpCum, fpCum }, { order: cpu.order, tpCum: cpu.tpCum, fpCum: cpu.fpCum }, ['order', 'tpCum', 'fpCum']);
    await expect(sortedSweep(scores, packed, rows, 2, segmentOffsets, () => {}, 8 * n)).rejects.toThrow(/storage binding limit/);
  });

  it('sorts across many digit passes and blocks (n = 20 000, 40 segments, 10 rows)', async () => {
    const n = 20_000;
    const scores = new Float64Array(n);
    for (let i = 0; i < n; i++) scores[i] = Math.round(Math.sin(i * 12.9898) * 43758.5453 % 1 * 500) / 500;
    const segmentOffsets = Int32Array.from({ length: 41 }, (_, s) => Math.round((s * n) / 40));
    const inputs = { scores, ...flags(10 * n, 7), segmentOffsets };
    const gpu = await runKernel('PrecisionRecallSweep', inputs, { rows: 10, stable: true }, { backend: 'tfjs' });
    const cpu = precisionRecallSweepImpl(inputs, { rows: 10, stable: true });
    sameOutputs(gpu, cpu, ['order', 'tpCum', 'fpCum']);
  });
});
