import { configureGpujsBackend } from '@tensoreval/backend-gpujs';
import { initBackend, listBackends } from '@tensoreval/core';
import { describe, expect, it } from 'vitest';

// Without a WebGPU adapter an explicit 'webgpu' request fails init with a reason (never a silent CPU run).
describe.skipIf(!!process.env.TENSOREVAL_GPU)('gpujs webgpu mode without an adapter', () => {
  it('fails init and says why', async () => {
    configureGpujsBackend({ mode: 'webgpu' });
    expect(await initBackend('gpujs')).toBe(false);
    expect(listBackends().find((b) => b.name === 'gpujs')?.error).toMatch(/no WebGPU adapter is available/);
  });
});
