import { configureTfjsBackend, tfjsBackend } from '@tensoreval/backend-tfjs';
import { matchBoxDetectionsImpl } from '@tensoreval/backend-cpu';
import { getKernel, initBackend, runKernel, type DeviceTraffic, type MatchBoxDetectionsInputs } from '@tensoreval/core';
import { webGpuLane } from '@tensoreval/core/testing';
import { describe, expect, it } from 'vitest';
import { COCO_THRESHOLDS, rng, sameBits } from './match-helpers';
import { iouGuardPass } from '../src/kernels/MatchBoxDetections';
import { matchShape } from '../src/kernels/MatchDetections';
import { greedyMatch, matchWordLayout } from '../src/wgsl/greedy-match';
import { downloadWords } from '../src/wgsl/program';
import { pairBlockOffsets } from '@tensoreval/backend-cpu';

// The chained IoU → guard → matching stage on tfjs-backend-webgpu against cpu's BoxIou + MatchDetections,
// bit for bit, on seeded COCO-like problem sets: detections jittered around GT, duplicates, crowd and
// ignored GT, COCO's area ranges, and in every set detections built to sit on a threshold (IoU exactly
// 0.5, or 1.25e-11 below it), near-tied GT and tiny boxes far from the origin, which only the guard
// sends to float64.
const lane = await webGpuLane();
configureTfjsBackend({ device: 'webgpu' });

const AREAS: ReadonlyArray<[number, number]> = [[0, 1e10], [0, 32 ** 2], [32 ** 2, 96 ** 2], [96 ** 2, 1e10]];

/** A detection whose float64 IoU with `g` is exactly 0.5 (`below`: 1.25e-11 under it, 0.5 in float32). */
function onThreshold(g: number[], below: boolean): number[] {
  const [x, y, w, h] = g as [number, number, number, number];
  return below ? [x, y, w, h / 2 - 1e-9] : [x, y, w, h / 2];
}

function problemSet(seed: number, blocks: number): MatchBoxDetectionsInputs {
  const r = rng(seed);
  const dt: number[][] = [], gt: number[][] = [], dtOffsets = [0], gtOffsets = [0], crowd: number[] = [];
  for (let b = 0; b < blocks; b++) {
    const ng = Math.floor(r() * 8), nd = Math.floor(r() * 12);
    const block: number[][] = [];
    for (let j = 0; j < ng; j++) {
      const w = 4 + r() * 200, h = 4 + r() * 200;
      const far = b % 17 === 5 && j === 0;
      const g = far ? [1e6, 1e6, 0.01, 0.01] : [r() * 600, r() * 400, w, h];
      block.push(g);
      gt.push(g);
      crowd.push(r() < 0.05 ? 1 : 0);
    }
    for (let i = 0; i < nd; i++) {
      const g = block[Math.floor(r() * block.length)];
      if (g && b % 7 === 3 && i < 2) dt.push(onThreshold(g, i === 1));
      else if (g && b % 17 === 5 && i === 0) dt.push([1e6 + 0.005, 1e6, 0.01, 0.01]);
      else if (g && r() < 0.8) dt.push(g.map((v, c) => v + (r() - 0.5) * (c < 2 ? 0.2 : 0.1) * (g[c < 2 ? c + 2 : c] as number)));
      else dt.push([r() * 600, r() * 400, 2 + r() * 150, 2 + r() * 150]);
    }
    dtOffsets.push(dt.length);
    gtOffsets.push(gt.length);
  }
  const nDt = dt.length, nGt = gt.length;
  const area = (box: number[]) => (box[2] as number) * (box[3] as number);
  const gtIgnore = new Uint8Array(AREAS.length * nGt), dtOutOfRange = new Uint8Array(AREAS.length * nDt);
  AREAS.forEach(([lo, hi], a) => {
    gt.forEach((g, j) => { gtIgnore[a * nGt + j] = crowd[j] === 1 || area(g) < lo || area(g) > hi ? 1 : 0; });
    dt.forEach((d, i) => { dtOutOfRange[a * nDt + i] = area(d) < lo || area(d) > hi ? 1 : 0; });
  });
  return {
    dt: Float64Array.from(dt.flat()), gt: Float64Array.from(gt.flat()), dtOffsets: Int32Array.from(dtOffsets), gtOffsets: Int32Array.from(gtOffsets),
    iouThresholds: COCO_THRESHOLDS, gtIgnore, gtCrowd: Uint8Array.from(crowd), gtIdZero: Uint8Array.from(crowd, (_, j) => (j % 97 === 13 ? 1 : 0)), dtOutOfRange,
  };
}

const ATTRS = { format: 'xywh' as const, areas: AREAS.length, recordIou: { area: 0, threshold: 0 }, recordMatch: { area: 0, threshold: 5 } };

describe.skipIf(!lane.run)('chained BoxIou → guard → MatchDetections on tfjs-backend-webgpu equals cpu', () => {
  it('registers on webgpu', async () => {
    expect(lane.failure).toBeUndefined();
    expect(await initBackend('tfjs')).toBe(true);
    expect(tfjsBackend.describe?.().tfjsBackend).toBe('webgpu');
    expect(getKernel('MatchBoxDetections', 'tfjs')).toBeDefined();
  });

  it('dtState, matchedIou and matchedGt on 12 seeded COCO-like problem sets', async () => {
    for (let seed = 1; seed <= 12; seed++) {
      const inputs = problemSet(seed, 40);
      const gpu = await runKernel('MatchBoxDetections', inputs, ATTRS, { backend: 'tfjs' });
      const cpu = matchBoxDetectionsImpl(inputs, ATTRS);
      sameBits(gpu.dtState, cpu.dtState, `seed ${seed} dtState`);
      sameBits(gpu.matchedIou, cpu.matchedIou, `seed ${seed} matchedIou`);
      sameBits(gpu.matchedGt, cpu.matchedGt, `seed ${seed} matchedGt`);
    }
  });

  it('the guard declines the blocks built on a threshold or far from the origin, and few others', async () => {
    const inputs = problemSet(3, 120);
    const { dt: _dt, gt: _gt, ...rest } = inputs;
    const layout = { ...rest, pairOffsets: pairBlockOffsets(inputs.dtOffsets, inputs.gtOffsets) };
    const s = matchShape(layout, ATTRS);
    const { iou, problem } = iouGuardPass(inputs, layout, s, true);
    const out = await downloadWords(greedyMatch('f32', iou, problem, s));
    for (const t of [problem, iou]) t.dispose();
    const flags = out.subarray(matchWordLayout(s).blocks);
    const built = (b: number) => (b % 7 === 3 || b % 17 === 5) && (inputs.dtOffsets[b + 1] as number) > (inputs.dtOffsets[b] as number) && (inputs.gtOffsets[b + 1] as number) > (inputs.gtOffsets[b] as number);
    let declined = 0, others = 0;
    for (let b = 0; b < s.blocks; b++) {
      if (flags[b] === 2) declined++;
      if (built(b)) expect(flags[b], `block ${b}`).toBe(2);
      else if (flags[b] === 2) others++;
    }
    expect(declined).toBeGreaterThan(0);
    expect(others).toBeLessThan(s.blocks / 10);
  });

  it('two uploads, three passes (IoU + guard, matching, packing), one read: neither the IoU nor the states cross between the stages', async () => {
    const inputs = problemSet(5, 40);
    const before = tfjsBackend.traffic?.() as DeviceTraffic;
    await runKernel('MatchBoxDetections', inputs, ATTRS, { backend: 'tfjs' });
    const after = tfjsBackend.traffic?.() as DeviceTraffic;
    expect({ uploads: after.uploads - before.uploads, dispatches: after.dispatches - before.dispatches, downloads: after.downloads - before.downloads })
      .toEqual({ uploads: 2, dispatches: 3, downloads: 1 });
  });
});
