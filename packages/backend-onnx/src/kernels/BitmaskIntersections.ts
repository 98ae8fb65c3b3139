import type { BitmaskIntersectionsOutputs, KernelConfig } from '@tensoreval/core';
import { ensureSession, onnxState, session } from '../base';
import { bitmaskIntersectionsModel } from '../graphs';

const SESSION = 'BitmaskIntersections';

/** Pixel count of each of `rows` masks of `pixels` bytes (0/1), exact in float64. */
function maskAreas(masks: Uint8Array, rows: number, pixels: number): Float64Array {
  const out = new Float64Array(rows);
  for (let r = 0, o = 0; r < rows; r++, o += pixels) {
    let s = 0;
    for (let p = 0; p < pixels; p++) s += masks[o + p];
    out[r] = s;
  }
  return out;
}

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
    const n = pixels > 0 ? inputs.a.length / pixels : 0;
    const m = pixels > 0 ? inputs.b.length / pixels : 0;
    const areaA = maskAreas(inputs.a, n, pixels);
    const areaB = maskAreas(inputs.b, m, pixels);
    if (n === 0 || m === 0 || pixels === 0) return { intersections: new Float64Array(n * m), areaA, areaB };
    const { ort } = onnxState();
    const feeds = { a: new ort.Tensor('uint8', inputs.a, [n, pixels]), b: new ort.Tensor('uint8', inputs.b, [m, pixels]) };
    const out = await session(SESSION).run(feeds);
    return { intersections: Float64Array.from(out.intersections.data as Int32Array), areaA, areaB };
  },
};
