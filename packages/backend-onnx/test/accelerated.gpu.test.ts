import { onnxBackend } from '@tensoreval/backend-onnx';
import { initBackend, runKernel } from '@tensoreval/core';
import { describe, expect, it } from 'vitest';

// Needs a GPU machine (TENSOREVAL_GPU=1): the session must land on CUDA or WebGPU, not the CPU fallback.
describe.skipIf(!process.env.TENSOREVAL_GPU)('onnx on a GPU', () => {
  it('initialises on a GPU execution provider and computes cosine similarity there', async () => {
    expect(await initBackend('onnx')).toBe(true);
    expect(['cuda', 'webgpu']).toContain(onnxBackend.describe?.().executionProvider);
    const a = Float32Array.of(1, 0, 0, 1);
    const { scores } = await runKernel('PairwiseCosine', { a, b: a }, { dim: 2 }, { backend: 'onnx' });
    expect(Array.from(scores)).toEqual([1, 0, 0, 1]);
  });
});
