import { configureTfjsBackend, tfjsBackend } from '@tensoreval/backend-tfjs';
import { initBackend } from '@tensoreval/core';
import { describeKernelConformance, webGpuLane } from '@tensoreval/core/testing';
import { describe, expect, it } from 'vitest';
import { tfjsWebgpuSkips } from './skips';

// The software-GPU lane: the suite on @tensorflow/tfjs-backend-webgpu, with navigator.gpu from the
// `webgpu` package. TENSOREVAL_DEVICE=webgpu admits no other tfjs backend, so nothing falls back.
const lane = await webGpuLane();
configureTfjsBackend({ device: 'webgpu' });

describe.skipIf(!lane.run)('tfjs on tfjs-backend-webgpu', () => {
  it('has a WebGPU adapter', () => expect(lane.failure).toBeUndefined());
  it('initialises on the webgpu tfjs backend and reports the adapter', async () => {
    expect(await initBackend('tfjs')).toBe(true);
    expect(tfjsBackend.describe?.().tfjsBackend).toBe('webgpu');
    expect(tfjsBackend.device?.()).toMatchObject({ api: 'webgpu', type: lane.probe.found ? lane.probe.type : 'unknown' });
  });
  describeKernelConformance('tfjs', { skip: tfjsWebgpuSkips, noCpuHandoff: true });
});
