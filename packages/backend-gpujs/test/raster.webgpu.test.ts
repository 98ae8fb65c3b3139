import { configureGpujsBackend, gpujsBackend } from '@tensoreval/backend-gpujs';
import { initBackend } from '@tensoreval/core';
import { webGpuLane } from '@tensoreval/core/testing';
import { describe, expect, it } from 'vitest';
import { rasterProperties } from './raster-properties';

// The raster properties on gpu.js's WebGPU mode (lavapipe in CI): TENSOREVAL_DEVICE=webgpu refuses every other mode.
const lane = await webGpuLane();
configureGpujsBackend({ device: 'webgpu' });

describe.skipIf(!lane.run)('gpujs raster kernels equal cpu (WebGPU mode)', () => {
  it('has a WebGPU adapter and runs in webgpu mode', async () => {
    expect(lane.failure).toBeUndefined();
    expect(await initBackend('gpujs')).toBe(true);
    expect(gpujsBackend.describe?.()).toMatchObject({ mode: 'webgpu', webgpuAdapter: true });
  });
  rasterProperties();
  it('the kernels ran as WebGPU kernels', () => {
    expect(gpujsBackend.describe?.()).toMatchObject({ kernelClass: 'WebGPUKernel' });
  });
});
