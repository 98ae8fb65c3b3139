import { configureOnnxBackend, onnxBackend } from '@tensoreval/backend-onnx';
import { initBackend } from '@tensoreval/core';
import { describe, expect, it } from 'vitest';

// Runs in its own process (vitest forks per file), so this init is the first one.
describe('onnx execution provider fallback', () => {
  it('tries CUDA then WebGPU, falls back to CPU explicitly, and reports what it chose', async () => {
    const lines: string[] = [];
    configureOnnxBackend({ maxThreads: 1, log: (l) => lines.push(l) });
    expect(await initBackend('onnx')).toBe(true);
    const info = onnxBackend.describe?.() ?? {};
    expect(info.threads).toBe(1);
    if (process.env.TENSOREVAL_GPU) return; // on a GPU machine the provider may legitimately be cuda or webgpu
    expect(info.executionProvider).toBe('cpu');
    expect(String(info.rejected)).toMatch(/cuda: .+; webgpu: .+/);
    expect(lines.at(-1)).toMatch(/execution provider 'cpu', 1 intra-op threads/);
    expect(lines.slice(0, 2).join('\n')).toMatch(/'cuda' unavailable[\s\S]*'webgpu' unavailable/);
  });
});
