import { configureTfjsBackend, tfjsBackend } from '@tensoreval/backend-tfjs';
import { precisionRecallSweepImpl, rocAucImpl } from '@tensoreval/backend-cpu';
import { getKernel, initBackend, runKernel, type FloatArray } from '@tensoreval/core';
import { webGpuLane } from '@tensoreval/core/testing';
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
  });

  it('PrecisionRecallSweep: order, sorted scores and counts', async () => {
    await fc.assert(
      fc.asyncProperty(arbSweep, async ({ scores, rows, offsets, seed }) => {
        const n = scores.length;
        const inputs = { scores, ...flags(rows * n, seed), ...(offsets ? { segmentOffsets: offsets } : {}) };
        const gpu = await runKernel('PrecisionRecallSweep', inputs, { rows, stable: true }, { backend: 'tfjs' });
        const cpu = precisionRecallSweepImpl(inputs, { rows, stable: true });
        sameBits(gpu.order, cpu.order, 'order');
        sameBits(gpu.sortedScores, cpu.sortedScores, 'sortedScores');
        sameBits(gpu.tpCum, cpu.tpCum, 'tpCum');
        sameBits(gpu.fpCum, cpu.fpCum, 'fpCum');
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

  it('sorts across many digit passes and blocks (n = 20 000, 40 segments, 10 rows)', async () => {
    const n = 20_000;
    const scores = new Float64Array(n);
    for (let i = 0; i < n; i++) scores[i] = Math.round(Math.sin(i * 12.9898) * 43758.5453 % 1 * 500) / 500;
    const segmentOffsets = Int32Array.from({ length: 41 }, (_, s) => Math.round((s * n) / 40));
    const inputs = { scores, ...flags(10 * n, 7), segmentOffsets };
    const gpu = await runKernel('PrecisionRecallSweep', inputs, { rows: 10, stable: true }, { backend: 'tfjs' });
    const cpu = precisionRecallSweepImpl(inputs, { rows: 10, stable: true });
    sameBits(gpu.order, cpu.order, 'order');
    sameBits(gpu.tpCum, cpu.tpCum, 'tpCum');
    sameBits(gpu.fpCum, cpu.fpCum, 'fpCum');
  });
});
