import { tfjsBackend } from '@tensoreval/backend-tfjs';
import { initBackend, runKernel, type DeviceTraffic } from '@tensoreval/core';
import { describe, expect, it } from 'vitest';

// The traffic counters by kernel, on whichever tfjs backend loads here (counted, never timed).
async function counted(run: () => Promise<unknown>): Promise<DeviceTraffic> {
  const before = tfjsBackend.traffic?.() as DeviceTraffic;
  await run();
  const after = tfjsBackend.traffic?.() as DeviceTraffic;
  return { uploads: after.uploads - before.uploads, dispatches: after.dispatches - before.dispatches, downloads: after.downloads - before.downloads };
}

describe('tfjs host↔device traffic', () => {
  it('counts every kernel: uploads of host arrays, one dispatch per tile or block, one read per result', async () => {
    expect(await initBackend('tfjs')).toBe(true);
    const box = Float32Array.of(0, 0, 2, 2, 1, 1, 2, 2);
    expect(await counted(() => runKernel('BoxIou', { dt: box, gt: box }, { format: 'xywh' }, { backend: 'tfjs' })))
      .toEqual({ uploads: 3, dispatches: 1, downloads: 1 });
    const masks = Uint8Array.of(1, 0, 1, 1);
    expect(await counted(() => runKernel('BitmaskIntersections', { a: masks, b: masks }, { pixels: 2 }, { backend: 'tfjs' })))
      .toEqual({ uploads: 2, dispatches: 1, downloads: 1 });
    const labels = Int32Array.of(0, 1, 1);
    expect(await counted(() => runKernel('ConfusionCounts', { actual: labels, predicted: labels }, { numClasses: 2 }, { backend: 'tfjs' })))
      .toEqual({ uploads: 3, dispatches: 1, downloads: 1 });
    const rows = Float32Array.from({ length: 10 * 4 }, (_, i) => Math.sin(i));
    expect(await counted(() => runKernel('PairwiseCosine', { a: rows, b: rows }, { dim: 4 }, { backend: 'tfjs' })))
      .toEqual({ uploads: 2, dispatches: 1, downloads: 1 });
    // the corpus once, then per query tile (10 rows in tiles of 3: four) its rows, one run, indices and values
    expect(await counted(() => runKernel('CosineTopK', { queries: rows, corpus: rows }, { dim: 4, k: 2, queryTile: 3 }, { backend: 'tfjs' })))
      .toEqual({ uploads: 1 + 4, dispatches: 4, downloads: 8 });
  });
});
