import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configureTfjsBackend } from '@tensoreval/backend-tfjs';
import { getBackend, type DeviceTraffic } from '@tensoreval/core';
import { seededRandom, webGpuLane } from '@tensoreval/core/testing';
import type { CocoDataset, CocoEvaluation, CocoResult } from '@tensoreval/metrics/detection';
import { describe, expect, it } from 'vitest';
import { evaluateCoco } from '../src/evaluate-coco';
import { caseOptions, listCocoCases, preparedResults } from './coco-fixtures';

// COCO bbox with backend 'tfjs' on the software-GPU lane: IoU, its exactness guard and the matching
// on tfjs-backend-webgpu, accumulate and summary on the host. Every number must be the cpu path's,
// bit for bit (stats, precision / recall / scores arrays, per-category rows, extended metrics), and
// the traffic counters must show the IoU and the match states never coming back between the stages.
const lane = await webGpuLane();
configureTfjsBackend({ device: 'webgpu' });

/** Object.is over every number of the two evaluations' results. */
function sameResults(gpu: CocoEvaluation, cpu: CocoEvaluation, what: string): void {
  const arrays: Array<[string, ArrayLike<number>, ArrayLike<number>]> = [
    ['stats', gpu.stats, cpu.stats], ['precision', gpu.arrays.precision, cpu.arrays.precision],
    ['recall', gpu.arrays.recall, cpu.arrays.recall], ['scores', gpu.arrays.scores, cpu.arrays.scores],
  ];
  for (const [name, a, b] of arrays) {
    expect(a.length, `${what} ${name} length`).toBe(b.length);
    for (let i = 0; i < b.length; i++) if (!Object.is(a[i], b[i])) expect.fail(`${what} ${name}[${i}]: ${a[i]} (tfjs) vs ${b[i]} (cpu)`);
  }
  expect(gpu.perCategory, `${what} perCategory`).toEqual(cpu.perCategory);
  expect(gpu.extended, `${what} extended`).toEqual(cpu.extended);
  expect(gpu.counts, `${what} counts`).toEqual(cpu.counts);
}

/**
 * A seeded COCO set: 40 images, 6 categories, crowds, detections jittered around GT (with score
 * ties), and on every fourth image detections built on a threshold: a GT's box with half its height
 * (IoU exactly 0.5) and with half less 1e-9 (1.25e-11 below 0.5; exactly 0.5 in float32).
 */
function syntheticSet(seed: number): { gt: CocoDataset; dt: CocoResult[] } {
  const r = seededRandom(seed);
  const images = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, width: 640, height: 480, file_name: `${i + 1}.jpg` }));
  const categories = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, name: `c${i + 1}` }));
  const annotations: CocoDataset['annotations'] = [];
  const dt: CocoResult[] = [];
  for (const image of images) {
    const n = Math.floor(r() * 9);
    for (let k = 0; k < n; k++) {
      const w = 6 + r() * 180, h = 6 + r() * 180;
      const bbox = [r() * 440, r() * 290, w, h];
      const category_id = 1 + Math.floor(r() * 6);
      annotations.push({ id: annotations.length + 1, image_id: image.id, category_id, bbox, area: w * h, iscrowd: r() < 0.04 ? 1 : 0 });
      if (image.id % 4 === 0 && k < 2) {
        const [x, y] = bbox as [number, number];
        dt.push({ image_id: image.id, category_id, bbox: [x, y, w, k === 0 ? h / 2 : h / 2 - 1e-9], score: 0.9 });
        continue;
      }
      for (let j = Math.floor(r() * 3); j > 0; j--) {
        const jitter = bbox.map((v, c) => v + (r() - 0.5) * 0.3 * (c < 2 ? (bbox[c + 2] as number) : v));
        dt.push({ image_id: image.id, category_id: r() < 0.9 ? category_id : 1 + Math.floor(r() * 6), bbox: jitter, score: Math.round(r() * 20) / 20 });
      }
    }
    for (let j = Math.floor(r() * 3); j > 0; j--) dt.push({ image_id: image.id, category_id: 1 + Math.floor(r() * 6), bbox: [r() * 500, r() * 400, 4 + r() * 100, 4 + r() * 100], score: r() });
  }
  return { gt: { images, categories, annotations }, dt };
}

function traffic(): DeviceTraffic {
  return { ...(getBackend('tfjs')?.traffic?.() as DeviceTraffic) };
}

describe.skipIf(!lane.run)("evaluateCoco bbox with backend 'tfjs' on tfjs-backend-webgpu equals the cpu path", () => {
  it('has a WebGPU adapter', () => expect(lane.failure).toBeUndefined());

  it('a seeded set with near-threshold IoUs: same numbers; 2 uploads, 3 passes, 1 read', async () => {
    const { gt, dt } = syntheticSet(11);
    const cpu = await evaluateCoco(gt, dt);
    const before = traffic();
    const gpu = await evaluateCoco(gt, dt, { backend: 'tfjs' });
    const after = traffic();
    expect(getBackend('tfjs')?.device?.()).toMatchObject({ api: 'webgpu' });
    // boxes and problem words up, the IoU + guard, matching and packing passes, the states back: no
    // IoU matrix and no match state crosses to the host between the stages
    expect({ uploads: after.uploads - before.uploads, dispatches: after.dispatches - before.dispatches, downloads: after.downloads - before.downloads })
      .toEqual({ uploads: 2, dispatches: 3, downloads: 1 });
    sameResults(gpu, cpu, 'synthetic');
    expect(cpu.extended.truePositives).toBeGreaterThan(50);
  });

  it('TIDE on the same set: the recorded matches agree too', async () => {
    const { gt, dt } = syntheticSet(12);
    const cpu = await evaluateCoco(gt, dt, { tide: true });
    const gpu = await evaluateCoco(gt, dt, { tide: true, backend: 'tfjs' });
    sameResults(gpu, cpu, 'tide');
    expect(gpu.tide).toEqual(cpu.tide);
  });

  for (const c of listCocoCases().filter((k) => k.family === 'coco' && k.expected.iouType === 'bbox')) {
    it(`fixture ${c.id}: same numbers as cpu`, async () => {
      const gt = JSON.parse(readFileSync(join(c.dir, c.expected.gt), 'utf8')) as CocoDataset;
      const dt = preparedResults(c).records as unknown as CocoResult[];
      const cpu = await evaluateCoco(gt, dt, caseOptions(c));
      const gpu = await evaluateCoco(gt, dt, { ...caseOptions(c), backend: 'tfjs' });
      sameResults(gpu, cpu, c.id);
    });
  }
});

describe("backend 'tfjs' for COCO", () => {
  it('refuses segm and workers > 1 (TE-103)', async () => {
    const { gt, dt } = syntheticSet(1);
    await expect(evaluateCoco(gt, dt, { backend: 'tfjs', iouType: 'segm' })).rejects.toThrow(/TE-103/);
    await expect(evaluateCoco('gt.json', 'dt.json', { backend: 'tfjs', workers: 2 })).rejects.toThrow(/TE-103/);
  });
});
