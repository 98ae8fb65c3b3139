import { configureOnnxBackend } from '@tensoreval/backend-onnx';
import { configureTfjsBackend } from '@tensoreval/backend-tfjs';
import { getBackend, initBackend, type DeviceTraffic } from '@tensoreval/core';
import { seededRandom, webGpuLane } from '@tensoreval/core/testing';
import { describe, expect, it } from 'vitest';
import { cosineTopK } from '../src/kernels-api';

// The software-GPU lane: cosineTopK on tfjs-backend-webgpu and onnxruntime's WebGPU EP, counted
// rather than timed. On tfjs the corpus must go up once per corpus tile however many query tiles use
// it; onnxruntime-node feeds only host tensors, so there each query tile's run feeds the corpus again.
const lane = await webGpuLane();
configureTfjsBackend({ device: 'webgpu' });
configureOnnxBackend({ device: 'webgpu' });

function rows(n: number, dim: number, seed: number): Float32Array {
  const r = seededRandom(seed);
  return Float32Array.from({ length: n * dim }, () => r() * 2 - 1);
}

function delta(before: DeviceTraffic, after: DeviceTraffic): DeviceTraffic {
  return { uploads: after.uploads - before.uploads, dispatches: after.dispatches - before.dispatches, downloads: after.downloads - before.downloads };
}

describe.skipIf(!lane.run)('cosineTopK on tfjs WebGPU keeps the corpus on the device', () => {
  it('has a WebGPU adapter', () => expect(lane.failure).toBeUndefined());

  const dim = 24, k = 5;
  const queries = rows(70, dim, 1);
  const corpus = rows(90, dim, 2);

  it('uploads each corpus tile once for all query tiles, one dispatch and two reads per query tile, and gives cpu\'s ranking', async () => {
    expect(await initBackend('tfjs')).toBe(true);
    expect(getBackend('tfjs')?.device?.()).toMatchObject({ api: 'webgpu' });
    const tfjs = getBackend('tfjs');
    const counts = () => tfjs?.traffic?.() as DeviceTraffic;
    // 70 queries in tiles of 16 → Q = 5; 90 corpus rows in tiles of 40 → C = 3.
    const Q = 5, C = 3;
    const before = counts();
    const got = await cosineTopK(queries, corpus, dim, k, { backend: 'tfjs', queryTile: 16, corpusTile: 40 });
    expect(delta(before, counts())).toEqual({ uploads: C * (1 + Q), dispatches: C * Q, downloads: 2 * C * Q });
    const want = await cosineTopK(queries, corpus, dim, k, { backend: 'cpu' });
    expect(got.indices).toEqual(want.indices);
    for (let i = 0; i < want.scores.length; i++) expect(got.scores[i]).toBeCloseTo(want.scores[i] as number, 5);
  });

  it('one corpus tile: the corpus goes up exactly once for Q query tiles', async () => {
    const tfjs = getBackend('tfjs');
    const before = tfjs?.traffic?.() as DeviceTraffic;
    for (const [queryTile, Q] of [[70, 1], [10, 7], [35, 2]] as const) {
      const start = tfjs?.traffic?.() as DeviceTraffic;
      await cosineTopK(queries, corpus, dim, k, { backend: 'tfjs', queryTile });
      expect(delta(start, tfjs?.traffic?.() as DeviceTraffic)).toEqual({ uploads: 1 + Q, dispatches: Q, downloads: 2 * Q });
    }
    expect(delta(before, tfjs?.traffic?.() as DeviceTraffic).dispatches).toBe(10);
  });

  it('onnx on the WebGPU EP: one fused run per query tile, each feeding queries, corpus and k (no resident feeds in onnxruntime-node)', async () => {
    expect(await initBackend('onnx')).toBe(true);
    const onnx = getBackend('onnx');
    const before = onnx?.traffic?.() as DeviceTraffic;
    const got = await cosineTopK(queries, corpus, dim, k, { backend: 'onnx', queryTile: 16, corpusTile: 40 });
    const Q = 5, C = 3;
    expect(delta(before, onnx?.traffic?.() as DeviceTraffic)).toEqual({ uploads: 3 * C * Q, dispatches: C * Q, downloads: 2 * C * Q });
    const want = await cosineTopK(queries, corpus, dim, k, { backend: 'cpu' });
    expect(got.indices).toEqual(want.indices);
  });
});
