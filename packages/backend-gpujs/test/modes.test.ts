import { configureGpujsBackend, gpujsBackend } from '@tensoreval/backend-gpujs';
import { initBackend, runKernel } from '@tensoreval/core';
import { describe, expect, it } from 'vitest';
import { forEachPairTile } from '../src/tiles';

describe('gpujs backend', () => {
  it('reports the mode that ran (webasm in Node without GL or a WebGPU adapter)', async () => {
    configureGpujsBackend({});
    expect(await initBackend('gpujs')).toBe(true);
    await runKernel('PairwiseCosine', { a: Float32Array.of(1, 0), b: Float32Array.of(0, 1) }, { dim: 2 }, { backend: 'gpujs' });
    const info = gpujsBackend.describe?.() ?? {};
    if (!process.env.TENSOREVAL_GPU) {
      expect(info).toMatchObject({ mode: 'webasm', webgpuAdapter: false, kernelClass: 'WebAssemblyKernel' });
    }
  });

  it('tiles pairwise work so no call indexes past the limit, and reassembles the row-major result', async () => {
    const n = 7, m = 9, rowLength = 3, limit = 20;
    const out = new Float64Array(n * m);
    const calls: number[][] = [];
    await forEachPairTile(n, m, rowLength, out, async (i0, i1, j0, j1) => {
      calls.push([i0, i1, j0, j1]);
      expect((i1 - i0) * rowLength).toBeLessThan(limit);
      expect((j1 - j0) * rowLength).toBeLessThan(limit);
      expect((i1 - i0) * (j1 - j0)).toBeLessThan(limit);
      const block = new Float32Array((i1 - i0) * (j1 - j0));
      for (let i = i0; i < i1; i++) for (let j = j0; j < j1; j++) block[(i - i0) * (j1 - j0) + (j - j0)] = i * 100 + j;
      return block;
    }, limit);
    expect(calls.length).toBeGreaterThan(4);
    for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) expect(out[i * m + j]).toBe(i * 100 + j);
  });
});
