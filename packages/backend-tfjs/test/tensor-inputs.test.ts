import { pairwiseCosineTensor, tfjsBackend } from '@tensoreval/backend-tfjs';
import { initBackend, runKernel } from '@tensoreval/core';
import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';

describe('tfjs backend', () => {
  it('without tfjs-node picks wasm, and says why tensorflow was not used', async () => {
    expect(await initBackend('tfjs')).toBe(true);
    const info = tfjsBackend.describe?.() ?? {};
    expect(info.tfjsBackend).toBe('wasm');
    expect(String(info.rejected)).toMatch(/@tensorflow\/tfjs-node-gpu: .+; @tensorflow\/tfjs-node: .+/);
  });

  it('accepts tf.Tensor inputs in the kernel and leaves them alive', async () => {
    await initBackend('tfjs');
    const a = tf.tensor2d([3, 4, 0, 0], [2, 2]);
    const b = tf.tensor2d([4, -3, 1, 0], [2, 2]);
    // The contract types name host arrays; tensors are accepted at run time (ArrayOrTensor).
    const { scores } = await runKernel('PairwiseCosine', { a: a as never, b: b as never }, { dim: 2 }, { backend: 'tfjs' });
    expect(Array.from(scores).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([0, 0.6, 0, 0]);
    expect(a.isDisposed || b.isDisposed).toBe(false);
    a.dispose();
    b.dispose();
  });

  it('accepts box tensors in BoxIou, including ragged problems', async () => {
    await initBackend('tfjs');
    const dt = tf.tensor2d([0, 0, 10, 10, 5, 5, 15, 15], [2, 4]);
    const gt = tf.tensor2d([0, 0, 10, 10, 5, 5, 15, 15], [2, 4]);
    const offsets = Int32Array.of(0, 1, 2);
    const out = await runKernel('BoxIou', { dt: dt as never, gt: gt as never, dtOffsets: offsets, gtOffsets: offsets.slice() }, { format: 'xyxy' }, { backend: 'tfjs' });
    expect(Array.from(out.iou)).toEqual([1, 1]);
    expect(Array.from(out.pairOffsets)).toEqual([0, 1, 2]);
    await expect(runKernel('BoxIou', { dt: tf.tensor1d([1, 2, 3]) as never, gt: gt as never }, { format: 'xyxy' }, { backend: 'tfjs' })).rejects.toThrow(/Expected `dt` of BoxIou to have a size that is a multiple of 4/);
    tf.dispose([dt, gt]);
  });

  it('keeps pairwiseCosineTensor results on the device without leaking intermediates', async () => {
    await initBackend('tfjs');
    const a = tf.tensor2d([1, 0, 0, 1], [2, 2]);
    const before = tf.memory().numTensors;
    const s = pairwiseCosineTensor(a, a);
    expect(tf.memory().numTensors).toBe(before + 1);
    expect(Array.from(await s.data())).toEqual([1, 0, 0, 1]);
    tf.dispose([a, s]);
  });
});
