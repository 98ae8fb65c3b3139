import { configureGpujsBackend, gpujsBackend } from '@tensoreval/backend-gpujs';
import { initBackend, runKernel } from '@tensoreval/core';
import { describe, expect, it } from 'vitest';

// Needs a GPU machine (TENSOREVAL_GPU=1) whose WebGPU adapter gpu.js can see through navigator.gpu.
describe.skipIf(!process.env.TENSOREVAL_GPU)('gpujs on a WebGPU adapter', () => {
  it('runs kernels in webgpu mode', async () => {
    const g = globalThis as { navigator?: { gpu?: unknown } };
    if (!g.navigator?.gpu) {
      // Node has no navigator.gpu of its own: Dawn's bindings from the `webgpu` package provide it.
      const dawn = 'webgpu';
      const { create, globals } = (await import(dawn)) as { create: (flags: string[]) => unknown; globals: object };
      Object.assign(globalThis, globals);
      Object.defineProperty(globalThis, 'navigator', { value: { ...g.navigator, gpu: create([]) }, configurable: true });
    }
    configureGpujsBackend({ mode: 'webgpu' });
    expect(await initBackend('gpujs')).toBe(true);
    const a = Float32Array.of(1, 0, 0, 1);
    const { scores } = await runKernel('PairwiseCosine', { a, b: a }, { dim: 2 }, { backend: 'gpujs' });
    expect(Array.from(scores)).toEqual([1, 0, 0, 1]);
    expect(gpujsBackend.describe?.().mode).toBe('webgpu');
  });
});
