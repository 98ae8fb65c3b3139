import { listBackends, setAutoPriorities } from '@tensoreval/core';
import { cosineSimilarity } from 'tensoreval';
import { describe, expect, it, vi } from 'vitest';

// As on a machine without onnxruntime-node: importing it fails.
vi.mock('onnxruntime-node', () => {
  throw new Error("Cannot find package 'onnxruntime-node'");
});

describe('an accelerated backend whose engine is not installed', () => {
  const a = Float32Array.of(1, 0, 0, 1);

  it('is an error naming the backend and how to install it, when asked for explicitly', async () => {
    const error = await cosineSimilarity(a, a, 2, { backend: 'onnx' }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /Backend 'onnx' requested by cosineSimilarity is not available: Backend 'onnx' requires onnxruntime-node\..*Install it with: ONNXRUNTIME_NODE_INSTALL=skip npm i onnxruntime-node/,
    );
    // the install line once, not once from the backend and again from the facade
    expect((error as Error).message.split('Install it with').length - 1).toBe(1);
  });

  it('is skipped by auto even when the measured table ranks it first', async () => {
    setAutoPriorities({ cpu: { PairwiseCosine: [{ upTo: Infinity, order: ['onnx', 'cpu'] }] } });
    expect(Array.from(await cosineSimilarity(a, a, 2))).toEqual([1, 0, 0, 1]);
    expect(listBackends().find((b) => b.name === 'onnx')?.state).toBe('failed');
  });
});
