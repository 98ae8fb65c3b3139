import { describe, expect, it } from 'vitest';
import '@tensoreval/backend-cpu';
import { rleDecodeImpl } from '@tensoreval/backend-cpu';
import { listKernels, runKernelSync, validateRleBatch } from '@tensoreval/core';
import { embeddings, rectangleMasks, rectangleRles, scores } from '../data';
import { measureInterleaved } from './measure';
import { workloads } from './workloads';

// The benchmark's inputs must be valid kernel inputs; timings are never asserted.
describe('benchmark workloads', () => {
  it('cover every kernel the cpu backend registers', () => {
    const registered = new Set(listKernels('cpu').map((c) => c.kernelName));
    expect(registered.size).toBeGreaterThan(0);
    expect([...registered].filter((k) => !workloads.some((w) => w.kernel === k))).toEqual([]);
  });

  for (const spec of workloads) {
    it(`${spec.kernel}${spec.variant ? ` (${spec.variant})` : ''} at ${spec.sizes[0]} ${spec.unit} runs on cpu`, () => {
      const w = spec.make(spec.sizes[0] as number);
      expect(w.elements).toBeGreaterThan(0);
      const out = runKernelSync(spec.kernel, w.inputs as never, w.attrs as never, { backend: 'cpu' });
      const arrays = Object.values(out as object).filter((v) => ArrayBuffer.isView(v));
      expect(arrays.length).toBeGreaterThan(0);
      expect(arrays.some((a) => (a as unknown as ArrayLike<number>).length > 0)).toBe(true);
    });
  }
});

describe('seeded generators', () => {
  it('are deterministic per seed and differ across seeds', () => {
    expect(embeddings(4, 8, 1)).toEqual(embeddings(4, 8, 1));
    expect(embeddings(4, 8, 1)).not.toEqual(embeddings(4, 8, 2));
  });

  it('tie density sets the number of distinct scores', () => {
    expect(new Set(scores(10_000, { seed: 3, tieDensity: 0.99 })).size).toBeLessThanOrEqual(100);
    expect(new Set(scores(10_000, { seed: 3, tieDensity: 0 })).size).toBeGreaterThan(9_990);
    expect(new Set(scores(50, { seed: 3, tieDensity: 1 }))).toEqual(new Set([0]));
  });

  it('rectangle RLEs are well formed and decode to the rectangle they describe', () => {
    const rles = rectangleRles(20, 13, 17, 4);
    expect(() => validateRleBatch(rles, 'rles', 'rectangleRles')).not.toThrow();
    const masks = rleDecodeImpl({ rles }, {}).masks;
    for (let i = 0; i < 20; i++) {
      const m = masks.subarray(i * 13 * 17, (i + 1) * 13 * 17);
      const cols = [...Array(17).keys()].filter((x) => m.subarray(x * 13, x * 13 + 13).some((v) => v === 1));
      const rows = [...Array(13).keys()].filter((y) => cols.some((x) => m[x * 13 + y] === 1));
      const area = m.reduce((a, b) => a + b, 0);
      expect(area).toBe(cols.length * rows.length); // a filled rectangle
      expect(cols.length).toBeGreaterThan(0);
    }
  });

  it('rectangle masks are 0/1 bytes', () => {
    const m = rectangleMasks(5, 10, 10, 5);
    expect(m.every((v) => v === 0 || v === 1)).toBe(true);
    expect(m.some((v) => v === 1)).toBe(true);
  });
});

describe('interleaved measurement', () => {
  it('returns one median per case from the requested number of samples', () => {
    let calls = 0;
    const m = measureInterleaved([{ run: () => calls++ }, { run: () => calls++ }], { samples: 3, minSampleMs: 0.01, warmupCalls: 1 });
    expect(m).toHaveLength(2);
    expect(m.every((r) => r.samples === 3 && r.callsPerSample >= 1 && r.minMs <= r.medianMs)).toBe(true);
    expect(calls).toBeGreaterThan(6);
  });
});
