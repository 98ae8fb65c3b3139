import type { BitmaskIntersectionsOutputs, KernelConfig } from '@tensoreval/core';
import { tfjs } from '../base';
import { matMulTransposeB } from '../tensors';

/** float32 sums of 0/1 products are exact below 2^24, so longer masks are summed in slices of this many pixels. */
const EXACT_PIXELS = 1 << 24;

/**
 * Intersections of 0/1 masks as a float32 matMul (tfjs has no integer matmul), exact because
 * every slice of the pixel axis stays below 2^24; slices add up in float64 on the host. Areas
 * are int32 sums.
 */
export const bitmaskIntersectionsConfig: KernelConfig<'BitmaskIntersections'> = {
  kernelName: 'BitmaskIntersections',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs, attrs }): Promise<BitmaskIntersectionsOutputs> => {
    const p = attrs.pixels;
    const n = p > 0 ? inputs.a.length / p : 0;
    const m = p > 0 ? inputs.b.length / p : 0;
    const intersections = new Float64Array(n * m);
    if (n === 0 || m === 0 || p === 0) return { intersections, areaA: new Float64Array(n), areaB: new Float64Array(m) };
    const tf = tfjs();
    const a = tf.tensor2d(inputs.a, [n, p], 'int32');
    const b = tf.tensor2d(inputs.b, [m, p], 'int32');
    try {
      for (let p0 = 0; p0 < p; p0 += EXACT_PIXELS) {
        const width = Math.min(EXACT_PIXELS, p - p0);
        const block = tf.tidy(() =>
          matMulTransposeB(tf.cast(tf.slice(a, [0, p0], [n, width]), 'float32'), tf.cast(tf.slice(b, [0, p0], [m, width]), 'float32')),
        );
        const values = await block.data();
        block.dispose();
        for (let i = 0; i < values.length; i++) intersections[i] += values[i];
      }
      const areas = tf.tidy(() => [tf.sum(a, 1), tf.sum(b, 1)]);
      const [areaA, areaB] = await Promise.all(areas.map((t) => t.data()));
      tf.dispose(areas);
      return { intersections, areaA: Float64Array.from(areaA as Int32Array), areaB: Float64Array.from(areaB as Int32Array) };
    } finally {
      tf.dispose([a, b]);
    }
  },
};
