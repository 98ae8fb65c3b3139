import { polygonToRleImpl, rleDecodeImpl, rleEncodeImpl, rleIouImpl } from '@tensoreval/backend-cpu';
import { runKernel, type PolygonToRleInputs, type RleBatch, type RleIouInputs } from '@tensoreval/core';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { MAX_DISPATCH_PIXELS, parityMasks } from '../src/parity-masks';

/*
 * Property tests of the gpujs raster kernels against the cpu backend's code: the outputs must be
 * identical (integer RLEs and masks exactly, IoU bit for bit), whatever the mode running them.
 */

const NUM_RUNS = Number(process.env.TENSOREVAL_PROPERTY_RUNS ?? 40);

function expectSameBatch(got: RleBatch, want: RleBatch): void {
  expect(Array.from(got.offsets)).toEqual(Array.from(want.offsets));
  expect(Array.from(got.heights)).toEqual(Array.from(want.heights));
  expect(Array.from(got.widths)).toEqual(Array.from(want.widths));
  expect(Array.from(got.counts)).toEqual(Array.from(want.counts));
}

function polygonInputs(polygons: number[][], sizes: Array<[number, number]>): PolygonToRleInputs {
  const offsets = [0];
  for (const p of polygons) offsets.push((offsets[offsets.length - 1] as number) + p.length);
  return {
    coords: Float64Array.from(polygons.flat()),
    polygonOffsets: Int32Array.from(offsets),
    heights: Int32Array.from(sizes, (s) => s[0]),
    widths: Int32Array.from(sizes, (s) => s[1]),
  };
}

/** A polygon in an h × w image: points inside, outside, repeated or collinear; coordinates of any fraction. */
const polygonCase = fc
  .record({ h: fc.integer({ min: 0, max: 40 }), w: fc.integer({ min: 0, max: 40 }), points: fc.integer({ min: 0, max: 10 }), odd: fc.boolean() })
  .chain(({ h, w, points, odd }) =>
    fc.record({
      size: fc.constant<[number, number]>([h, w]),
      coords: fc.array(
        fc.oneof(
          fc.double({ min: -0.6 * Math.max(h, w, 1), max: 1.6 * Math.max(h, w, 1), noNaN: true }),
          fc.integer({ min: -2, max: Math.max(h, w) + 2 }).map((v) => v + 0.5),
          fc.constant(0),
        ),
        { minLength: 2 * points + (odd ? 1 : 0), maxLength: 2 * points + (odd ? 1 : 0) },
      ),
      repeat: fc.boolean(),
    }),
  )
  // a repeated vertex (a degenerate edge) where asked
  .map(({ size, coords, repeat }) => ({ size, coords: repeat && coords.length >= 4 ? [...coords.slice(0, 2), ...coords] : coords }));

/** A random 0/1 mask of h × w as an RLE, with zero-length runs spliced in (valid: they still sum to h × w). */
function rleOfSize(h: fc.Arbitrary<number>, w: fc.Arbitrary<number>) {
  return fc.record({ h, w, density: fc.integer({ min: 0, max: 100 }).map((d) => d / 100), seed: fc.integer(), zeros: fc.integer({ min: 0, max: 3 }) }).map(({ h, w, density, seed, zeros }) => {
    let s = seed >>> 0 || 1;
    const mask = new Uint8Array(h * w);
    for (let p = 0; p < mask.length; p++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      mask[p] = s / 2 ** 32 < density ? 1 : 0;
    }
    const counts = Array.from(rleEncodeImpl({ masks: mask, heights: Int32Array.of(h), widths: Int32Array.of(w) }).counts);
    // a pair of empty runs inside keeps the value sequence; at the end it adds an empty run of each value
    for (let z = 0; z < zeros; z++) counts.splice(z % 2 === 0 ? counts.length : 1, 0, 0, 0);
    return { h, w, counts };
  });
}

const rleCase = rleOfSize(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 24 }));

function rleBatchOf(items: Array<{ h: number; w: number; counts: number[] }>): RleBatch {
  const offsets = [0];
  for (const r of items) offsets.push((offsets[offsets.length - 1] as number) + r.counts.length);
  return {
    counts: Uint32Array.from(items.flatMap((r) => r.counts)),
    offsets: Int32Array.from(offsets),
    heights: Int32Array.from(items, (r) => r.h),
    widths: Int32Array.from(items, (r) => r.w),
  };
}

function bitsOf(a: Float64Array): number[] {
  return Array.from(new Uint32Array(a.buffer, a.byteOffset, a.length * 2));
}

export function rasterProperties(): void {
  it('PolygonToRle equals the cpu rasterisation for random polygons (degenerate, out of the image, empty images)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(polygonCase, { minLength: 1, maxLength: 6 }), async (cases) => {
        const inputs = polygonInputs(cases.map((c) => c.coords), cases.map((c) => c.size));
        const got = await runKernel('PolygonToRle', inputs, {}, { backend: 'gpujs' });
        expectSameBatch(got, polygonToRleImpl(inputs));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('PolygonToRle equals cpu for tiny and huge polygons around a small image, and for a mask past the GPU limit', async () => {
    const inputs = polygonInputs(
      [[0.2, 0.2, 0.4, 0.2, 0.3, 0.4], [-1e4, -1e4, 2e4, -1e4, 2e4, 2e4, -1e4, 2e4], [1, 1, 3.3, 1.1, 2.1, 5.9], [10, 10, 4000.5, 12, 20, 4090.2]],
      [[7, 9], [12, 11], [8, 8], [4097, 4096]],
    );
    expect(4097 * 4096).toBeGreaterThan(MAX_DISPATCH_PIXELS);
    expectSameBatch(await runKernel('PolygonToRle', inputs, {}, { backend: 'gpujs' }), polygonToRleImpl(inputs));
  });

  it('PolygonToRle refuses an outline too long to walk with the cpu backend\'s error, in batch order', async () => {
    const far = [0, 0, 1e6, 0, 0, 1];
    // the first polygon's empty image keeps it off the GPU; it is still the one reported
    const inputs = polygonInputs([far, far], [[0, 5], [10, 10]]);
    let want = '';
    try {
      polygonToRleImpl(inputs);
    } catch (error) {
      want = String(error);
    }
    expect(want).toMatch(/polygon 0\. See errors\/TE-206/);
    await expect(runKernel('PolygonToRle', inputs, {}, { backend: 'gpujs' })).rejects.toThrow(want.replace(/^\w+: /, ''));
  });

  it('RleDecode equals cpu for random RLEs with empty runs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rleCase, { minLength: 0, maxLength: 8 }), async (items) => {
        const rles = rleBatchOf(items);
        const got = await runKernel('RleDecode', { rles }, {}, { backend: 'gpujs' });
        expect(Array.from(got.masks)).toEqual(Array.from(rleDecodeImpl({ rles }).masks));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('RleIou equals cpu bit for bit for random ragged problems with crowd flags and mixed sizes', async () => {
    // most masks share one size (their pairs need intersections); the others mostly differ (-1 or 0)
    const side = fc.array(fc.oneof({ arbitrary: rleOfSize(fc.constant(13), fc.constant(17)), weight: 3 }, { arbitrary: rleOfSize(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 })), weight: 1 }), { minLength: 1, maxLength: 7 });
    await fc.assert(
      fc.asyncProperty(side, side, fc.boolean(), fc.integer(), async (dtItems, gtItems, split, seed) => {
        const dt = rleBatchOf(dtItems);
        const gt = rleBatchOf(gtItems);
        const inputs: RleIouInputs = { dt, gt, gtCrowd: Uint8Array.from(gtItems, (_, i) => (seed >> i) & 1) };
        if (split && dtItems.length > 1 && gtItems.length > 1) {
          inputs.dtOffsets = Int32Array.of(0, 1, dtItems.length);
          inputs.gtOffsets = Int32Array.of(0, gtItems.length - 1, gtItems.length);
        }
        const got = await runKernel('RleIou', inputs, {}, { backend: 'gpujs' });
        const want = rleIouImpl(inputs);
        expect(Array.from(got.pairOffsets)).toEqual(Array.from(want.pairOffsets));
        expect(bitsOf(got.iou)).toEqual(bitsOf(want.iou));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('RleDecode and RleIou equal cpu with a mask past the GPU pixel limit (decoded or counted by the cpu code)', async () => {
    const big = 4097 * 4096;
    const items = [
      { h: 3, w: 4, counts: [2, 5, 5] },
      { h: 4097, w: 4096, counts: [MAX_DISPATCH_PIXELS - 7, 9, big - MAX_DISPATCH_PIXELS - 2] },
      { h: 2, w: 2, counts: [1, 3] },
    ];
    const rles = rleBatchOf(items);
    const got = await runKernel('RleDecode', { rles }, {}, { backend: 'gpujs' });
    const want = rleDecodeImpl({ rles }).masks;
    expect(got.masks.length).toBe(want.length);
    expect(Buffer.compare(Buffer.from(got.masks), Buffer.from(want))).toBe(0);
    const iou = await runKernel('RleIou', { dt: rles, gt: rles }, {}, { backend: 'gpujs' });
    expect(bitsOf(iou.iou)).toEqual(bitsOf(rleIouImpl({ dt: rles, gt: rles }).iou));
    expect(iou.iou[4]).toBe(1);
  });

  it('splits masks into dispatches under the pixel limit and reassembles them', async () => {
    // masks of 15 .. 55 pixels: runs i zeros, 4 ones, 2 zeros, the rest ones
    const items = Array.from({ length: 9 }, (_, i) => ({ h: 3 + i, w: 5, counts: [i, 4, 2, (3 + i) * 5 - i - 6] }));
    const rles = rleBatchOf(items);
    const want = rleDecodeImpl({ rles }).masks;
    const got = new Uint8Array(want.length);
    const start = [0];
    for (let i = 0; i < items.length; i++) start.push((start[i] as number) + rles.heights[i] * rles.widths[i]);
    const limit = 60;
    let dispatches = 0;
    await parityMasks(
      Int32Array.from(items.keys()),
      (i) => rles.heights[i] * rles.widths[i],
      (i, add) => {
        let p = 0;
        for (let j = rles.offsets[i]; j < rles.offsets[i + 1] - 1; j++) {
          p += rles.counts[j];
          add(p);
        }
      },
      (ids, starts, bits) => {
        dispatches++;
        expect(bits.length).toBeLessThanOrEqual(limit);
        for (let k = 0; k < ids.length; k++) got.set(bits.subarray(starts[k], starts[k + 1]), start[ids[k]]);
      },
      limit,
    );
    expect(dispatches).toBeGreaterThan(3);
    expect(Array.from(got)).toEqual(Array.from(want));
  });
}
