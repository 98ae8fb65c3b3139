import { configureTfjsBackend, tfjsBackend } from '@tensoreval/backend-tfjs';
import { matchDetectionsImpl } from '@tensoreval/backend-cpu';
import { getKernel, initBackend, runKernel, type MatchDetectionsInputs } from '@tensoreval/core';
import { webGpuLane } from '@tensoreval/core/testing';
import { describe, expect, it } from 'vitest';
import { COCO_THRESHOLDS, rng, sameBits } from './match-helpers';
import { MAX_GT } from '../src/wgsl/greedy-match';

// The WGSL MatchDetections against the cpu backend, bit for bit, on seeded problem sets shaped to hit
// every rule: IoU ties (equal values, the later GT wins), values one ulp either side of a threshold,
// crowd, ignored, id-0 GT, out-of-range detections, empty blocks and one block over MAX_GT GT (which
// the device declines and the host matches).
const lane = await webGpuLane();
configureTfjsBackend({ device: 'webgpu' });

const LEVELS = [0, 0.3, 0.5, 0.5 - 2 ** -53, 0.5 + 2 ** -52, 0.55, 0.7, 0.7, 0.75, 0.9, 0.95, 1, 0.5999999999999999];

function problemSet(seed: number, areas: number, big: boolean): MatchDetectionsInputs {
  const r = rng(seed);
  const B = 1 + Math.floor(r() * 12);
  const dtSizes: number[] = [], gtSizes: number[] = [];
  for (let b = 0; b < B; b++) {
    dtSizes.push(Math.floor(r() * 9));
    gtSizes.push(big && b === 0 ? MAX_GT + 3 : Math.floor(r() * 7));
  }
  const dtOffsets = Int32Array.from([0, ...dtSizes.map((_, b) => dtSizes.slice(0, b + 1).reduce((x, y) => x + y, 0))]);
  const gtOffsets = Int32Array.from([0, ...gtSizes.map((_, b) => gtSizes.slice(0, b + 1).reduce((x, y) => x + y, 0))]);
  const pairOffsets = new Float64Array(B + 1);
  for (let b = 0; b < B; b++) pairOffsets[b + 1] = (pairOffsets[b] as number) + (dtSizes[b] as number) * (gtSizes[b] as number);
  const nDt = dtOffsets[B] as number, nGt = gtOffsets[B] as number;
  const iou = Float64Array.from({ length: pairOffsets[B] as number }, () => (r() < 0.7 ? (LEVELS[Math.floor(r() * LEVELS.length)] as number) : r()));
  const gtCrowd = Uint8Array.from({ length: nGt }, () => (r() < 0.15 ? 1 : 0));
  const gtIgnore = Uint8Array.from({ length: areas * nGt }, (_, i) => (gtCrowd[i % nGt] === 1 || r() < 0.2 ? 1 : 0));
  return {
    iou, pairOffsets, dtOffsets, gtOffsets, iouThresholds: COCO_THRESHOLDS, gtIgnore, gtCrowd,
    gtIdZero: Uint8Array.from({ length: nGt }, () => (r() < 0.05 ? 1 : 0)),
    dtOutOfRange: Uint8Array.from({ length: areas * nDt }, () => (r() < 0.3 ? 1 : 0)),
  };
}

describe.skipIf(!lane.run)('WGSL MatchDetections on tfjs-backend-webgpu equals the cpu backend', () => {
  it('registers on webgpu', async () => {
    expect(lane.failure).toBeUndefined();
    expect(await initBackend('tfjs')).toBe(true);
    expect(tfjsBackend.describe?.().tfjsBackend).toBe('webgpu');
    expect(getKernel('MatchDetections', 'tfjs')).toBeDefined();
  });

  it('dtState, matchedIou and matchedGt on 40 seeded problem sets', async () => {
    for (let seed = 1; seed <= 40; seed++) {
      const areas = 1 + (seed % 4);
      const inputs = problemSet(seed, areas, seed % 10 === 0);
      const attrs = { areas, recordIou: { area: 0, threshold: seed % 10 }, recordMatch: { area: areas - 1, threshold: (seed * 3) % 10 } };
      const gpu = await runKernel('MatchDetections', inputs, attrs, { backend: 'tfjs' });
      const cpu = matchDetectionsImpl(inputs, attrs);
      sameBits(gpu.dtState, cpu.dtState, `seed ${seed} dtState`);
      sameBits(gpu.matchedIou, cpu.matchedIou, `seed ${seed} matchedIou`);
      sameBits(gpu.matchedGt, cpu.matchedGt, `seed ${seed} matchedGt`);
    }
  });

  it('one upload of the IoU keys, one of the problem words, a matching and a packing pass, one read', async () => {
    const inputs = problemSet(7, 2, false);
    const before = tfjsBackend.traffic?.();
    await runKernel('MatchDetections', inputs, { areas: 2 }, { backend: 'tfjs' });
    const after = tfjsBackend.traffic?.();
    expect({ uploads: after!.uploads - before!.uploads, dispatches: after!.dispatches - before!.dispatches, downloads: after!.downloads - before!.downloads })
      .toEqual({ uploads: 2, dispatches: 2, downloads: 1 });
  });
});
