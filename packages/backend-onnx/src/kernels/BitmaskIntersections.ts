import { binaryMasksImpl, bitmaskBlocksImpl } from '@tensoreval/backend-cpu';
import type { BitmaskIntersectionsOutputs, KernelConfig } from '@tensoreval/core';
import { ensureSession, onnxState, runSession } from '../base';
import { bitmaskIntersectionsModel } from '../graphs';

const SESSION = 'BitmaskIntersections';

/**
 * Intersections of 0/1 masks as uint8 MatMulInteger with int32 accumulation: exact for any mask
 * up to 2^31 pixels, unlike a float32 Gemm (exact only below 2^24). Areas are summed on the host.
 */
export const bitmaskIntersectionsConfig: KernelConfig<'BitmaskIntersections'> = {
  kernelName: 'BitmaskIntersections',
  backendName: 'onnx',
  setupFunc: () =>
    ensureSession(SESSION, bitmaskIntersectionsModel, (s, ort) => {
      const ones = new Uint8Array(4 * 64).fill(1);
      return s.run({ a: new ort.Tensor('uint8', ones, [4, 64]), b: new ort.Tensor('uint8', ones, [4, 64]) });
    }),
  kernelFunc: async ({ inputs, attrs }): Promise<BitmaskIntersectionsOutputs> => {
    const pixels = attrs.pixels;
    const { n, m, intersections, areaA, areaB } = bitmaskBlocksImpl(inputs, attrs);
    if (n === 0 || m === 0) return { intersections, areaA, areaB };
    const { ort } = onnxState();
    const feeds = { a: new ort.Tensor('uint8', binaryMasksImpl(inputs.a), [n, pixels]), b: new ort.Tensor('uint8', binaryMasksImpl(inputs.b), [m, pixels]) };
    const out = await runSession(SESSION, feeds);
    intersections.set(out.intersections.data as Int32Array);
    return { intersections, areaA, areaB };
  },
};
