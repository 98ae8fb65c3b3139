import { binaryMasksImpl, bitmaskBlocksImpl } from '@tensoreval/backend-cpu';
import { invalidInput, type BitmaskIntersectionsOutputs, type KernelConfig } from '@tensoreval/core';
import { gpujsKernel, runGpujs } from '../base';
import { EXACT_INDEX, forEachPairTile } from '../tiles';

// One thread per (i, j) mask pair: the count of pixels set in both.
const SOURCE = `function (a, b, pixels, m) {
  const t = this.thread.x;
  const i = Math.floor(t / m);
  const j = t - i * m;
  let s = 0;
  for (let p = 0; p < pixels; p++) {
    s += a[i * pixels + p] * b[j * pixels + p];
  }
  return s;
}`;

/**
 * Intersections of 0/1 masks, one gpu.js thread per pair. Counts are float32 sums of 0/1, exact
 * because a tile never holds a row of 2^24 pixels or more (see tiles.ts); areas sum on the host.
 */
export const bitmaskIntersectionsConfig: KernelConfig<'BitmaskIntersections'> = {
  kernelName: 'BitmaskIntersections',
  backendName: 'gpujs',
  setupFunc: () => void gpujsKernel('BitmaskIntersections', SOURCE),
  kernelFunc: async ({ inputs, attrs }): Promise<BitmaskIntersectionsOutputs> => {
    const p = attrs.pixels;
    const { n, m, intersections, areaA, areaB } = bitmaskBlocksImpl(inputs, attrs);
    if (n === 0 || m === 0) return { intersections, areaA, areaB };
    if (p >= EXACT_INDEX) {
      throw invalidInput('BitmaskIntersections', 'pixels', `be below 2^24 on the gpujs backend (float32 indexing and sums); use the onnx or cpu backend`, `${p}`, 'TE-207');
    }
    const kernel = gpujsKernel('BitmaskIntersections', SOURCE);
    const a = binaryMasksImpl(inputs.a);
    const b = binaryMasksImpl(inputs.b);
    await forEachPairTile(n, m, p, intersections, (i0, i1, j0, j1) =>
      runGpujs(kernel, (i1 - i0) * (j1 - j0), [a.subarray(i0 * p, i1 * p), b.subarray(j0 * p, j1 * p), p, j1 - j0]),
    );
    return { intersections, areaA, areaB };
  },
};
