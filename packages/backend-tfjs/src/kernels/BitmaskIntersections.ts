import { binaryMasksImpl, bitmaskBlocksImpl } from '@tensoreval/backend-cpu';
import type { BitmaskIntersectionsOutputs, KernelConfig } from '@tensoreval/core';
import { tfjs, tfjsTraffic } from '../base';
import { matMulTransposeB, readBack, uploaded } from '../tensors';

/** float32 sums of 0/1 products are exact below 2^24, so longer masks are summed in slices of this many pixels. */
const EXACT_PIXELS = 1 << 24;

/**
 * Intersections of 0/1 masks as a float32 matMul (tfjs has no integer matmul), exact because
 * every slice of the pixel axis stays below 2^24; slices add up in float64 on the host, as do
 * the areas.
 */
export const bitmaskIntersectionsConfig: KernelConfig<'BitmaskIntersections'> = {
  kernelName: 'BitmaskIntersections',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs, attrs }): Promise<BitmaskIntersectionsOutputs> => {
    const p = attrs.pixels;
    const { n, m, intersections, areaA, areaB } = bitmaskBlocksImpl(inputs, attrs);
    if (n === 0 || m === 0) return { intersections, areaA, areaB };
    const tf = tfjs();
    const a = uploaded(tf.tensor2d(binaryMasksImpl(inputs.a), [n, p], 'int32'));
    const b = uploaded(tf.tensor2d(binaryMasksImpl(inputs.b), [m, p], 'int32'));
    try {
      for (let p0 = 0; p0 < p; p0 += EXACT_PIXELS) {
        const width = Math.min(EXACT_PIXELS, p - p0);
        const block = tf.tidy(() =>
          matMulTransposeB(tf.cast(tf.slice(a, [0, p0], [n, width]), 'float32'), tf.cast(tf.slice(b, [0, p0], [m, width]), 'float32')),
        );
        tfjsTraffic.dispatches++;
        const values = await readBack(block);
        block.dispose();
        for (let i = 0; i < values.length; i++) intersections[i] += values[i];
      }
      return { intersections, areaA, areaB };
    } finally {
      tf.dispose([a, b]);
    }
  },
};
