/**
 * Bit-exactness against pycocotools 2.0.11's own outputs (test-data/kernels/coco-unit, see its README).
 * Every case in each fixture file is checked, so cases added to the files are picked up.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeRleString, encodeRleString, rleBatchFromStrings, rleBatchToStrings, runKernel, type RleBatch } from '@tensoreval/core';
import '@tensoreval/backend-cpu';
import { seededRandom } from '@tensoreval/core/testing';
import { bitmaskIntersectionsImpl } from '../src/kernels/BitmaskIntersections';
import { boxIouImpl } from '../src/kernels/BoxIou';
import { polygonToRleImpl } from '../src/kernels/PolygonToRle';
import { rleAreaImpl } from '../src/kernels/RleArea';
import { rleDecodeImpl } from '../src/kernels/RleDecode';
import { rleEncodeImpl } from '../src/kernels/RleEncode';
import { rleIouImpl } from '../src/kernels/RleIou';
import { rleMergeImpl } from '../src/kernels/RleMerge';
import { rleToBboxImpl } from '../src/kernels/RleToBbox';

const fixtureDir = fileURLToPath(new URL('../../../test-data/kernels/coco-unit/', import.meta.url));

function loadCases<T>(file: string): T[] {
  return (JSON.parse(readFileSync(fixtureDir + file, 'utf8')) as { cases: T[] }).cases;
}

describe('BoxIou vs pycocotools bbIou (box_iou.json)', () => {
  interface BoxCase { dt_xywh: number[][]; gt_xywh: number[][]; iscrowd: number[]; iou: number[][] }
  const cases = loadCases<BoxCase>('box_iou.json');
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((c, i) => [i, c] as const))('case %i is bit-exact', (_, c) => {
    const out = boxIouImpl(
      { dt: Float64Array.from(c.dt_xywh.flat()), gt: Float64Array.from(c.gt_xywh.flat()), gtCrowd: Uint8Array.from(c.iscrowd) },
      { format: 'xywh' },
    );
    expect(Array.from(out.iou)).toEqual(c.iou.flat());
  });
  it('all cases in one ragged call give the same numbers', () => {
    const dtOffsets = new Int32Array(cases.length + 1);
    const gtOffsets = new Int32Array(cases.length + 1);
    cases.forEach((c, b) => {
      dtOffsets[b + 1] = dtOffsets[b]! + c.dt_xywh.length;
      gtOffsets[b + 1] = gtOffsets[b]! + c.gt_xywh.length;
    });
    const out = boxIouImpl(
      {
        dt: Float64Array.from(cases.flatMap((c) => c.dt_xywh.flat())),
        gt: Float64Array.from(cases.flatMap((c) => c.gt_xywh.flat())),
        gtCrowd: Uint8Array.from(cases.flatMap((c) => c.iscrowd)),
        dtOffsets,
        gtOffsets,
      },
      { format: 'xywh' },
    );
    expect(Array.from(out.iou)).toEqual(cases.flatMap((c) => c.iou.flat()));
  });
});

interface CocoRle { size: [number, number]; counts: string }

function batchOf(rles: CocoRle[]): RleBatch {
  return rleBatchFromStrings(rles);
}

describe('RLE codec, encode/decode, area, bbox vs pycocotools (rle_codec.json)', () => {
  interface CodecCase { height: number; width: number; mask_column_major_bits: string; uncompressed_counts: number[]; rle: CocoRle; area: number; bbox: number[] }
  const cases = loadCases<CodecCase>('rle_codec.json');
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((c, i) => [i, c] as const))('case %i', (_, c) => {
    const mask = Uint8Array.from(c.mask_column_major_bits, (ch) => (ch === '1' ? 1 : 0));
    const enc = rleEncodeImpl({ masks: mask, heights: Int32Array.of(c.height), widths: Int32Array.of(c.width) });
    expect(Array.from(enc.counts)).toEqual(c.uncompressed_counts);
    expect(encodeRleString(enc.counts)).toBe(c.rle.counts);
    expect(Array.from(decodeRleString(c.rle.counts))).toEqual(c.uncompressed_counts);
    const rles = batchOf([c.rle]);
    expect(rleDecodeImpl({ rles }).masks).toEqual(mask);
    expect(rleAreaImpl({ rles }).area[0]).toBe(c.area);
    expect(Array.from(rleToBboxImpl({ rles }).boxes)).toEqual(c.bbox);
  });
});

describe('PolygonToRle + RleMerge vs pycocotools frPyObjects/merge (polygon_to_rle.json)', () => {
  interface PolyCase { source: string; polygons: number[][]; height: number; width: number; rle_parts: CocoRle[]; rle_merged: CocoRle; area: number; bbox: number[] }
  const cases = loadCases<PolyCase>('polygon_to_rle.json');
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((c) => [c.source, c] as const))('%s', (_, c) => {
    const polygonOffsets = Int32Array.from([0, ...c.polygons.map((p) => p.length)]);
    for (let i = 1; i < polygonOffsets.length; i++) polygonOffsets[i]! += polygonOffsets[i - 1]!;
    const parts = polygonToRleImpl({
      coords: Float64Array.from(c.polygons.flat()),
      polygonOffsets,
      heights: new Int32Array(c.polygons.length).fill(c.height),
      widths: new Int32Array(c.polygons.length).fill(c.width),
    });
    expect(rleBatchToStrings(parts)).toEqual(c.rle_parts);
    const merged = rleMergeImpl({ rles: parts, groupOffsets: Int32Array.of(0, c.polygons.length) }, { intersect: false });
    expect(rleBatchToStrings(merged)).toEqual([c.rle_merged]);
    expect(rleAreaImpl({ rles: merged }).area[0]).toBe(c.area);
    expect(Array.from(rleToBboxImpl({ rles: merged }).boxes)).toEqual(c.bbox);
  });
});

describe('RleIou vs pycocotools rleIou (rle_iou.json)', () => {
  interface IouCase { dt: CocoRle[]; gt: CocoRle[]; iscrowd: number[]; iou: number[][] }
  const cases = loadCases<IouCase>('rle_iou.json');
  it('has cases', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((c, i) => [i, c] as const))('case %i is bit-exact', (_, c) => {
    const out = rleIouImpl({ dt: batchOf(c.dt), gt: batchOf(c.gt), gtCrowd: Uint8Array.from(c.iscrowd) });
    expect(Array.from(out.iou)).toEqual(c.iou.flat());
  });
});

describe('kernel input validation names the argument, index and rule', () => {
  const rle = (counts: number[], h: number, w: number): RleBatch => ({ counts: Uint32Array.from(counts), offsets: Int32Array.of(0, counts.length), heights: Int32Array.of(h), widths: Int32Array.of(w) });
  it('BoxIou', async () => {
    await expect(runKernel('BoxIou', { dt: new Float64Array(5), gt: new Float64Array(4) }, { format: 'xywh' }, { backend: 'cpu' })).rejects.toThrow(/`dt` of BoxIou to have a length that is a multiple of 4/);
    await expect(runKernel('BoxIou', { dt: Float64Array.of(0, 0, NaN, 1), gt: new Float64Array(4) }, { format: 'xywh' }, { backend: 'cpu' })).rejects.toThrow(/`dt` \(record 2\) of BoxIou to contain only finite numbers, but got NaN at index 2/);
    await expect(runKernel('BoxIou', { dt: new Float64Array(4), gt: new Float64Array(8), gtCrowd: new Uint8Array(1) }, { format: 'xywh' }, { backend: 'cpu' })).rejects.toThrow(/`gtCrowd` of BoxIou to have one flag per GT box \(2\)/);
    await expect(runKernel('BoxIou', { dt: new Float64Array(8), gt: new Float64Array(4), dtOffsets: Int32Array.of(0, 2, 1), gtOffsets: Int32Array.of(0, 1, 1) }, { format: 'xywh' }, { backend: 'cpu' })).rejects.toThrow(/`dtOffsets` \(record 2\) of BoxIou to be non-decreasing/);
    await expect(runKernel('BoxIou', { dt: new Float64Array(8), gt: new Float64Array(4), dtOffsets: Int32Array.of(0, 2) }, { format: 'xywh' }, { backend: 'cpu' })).rejects.toThrow(/`gtOffsets` of BoxIou to be given together/);
  });
  it('RLE kernels check pixel totals and sizes', async () => {
    await expect(runKernel('RleArea', { rles: rle([3, 2], 2, 3) }, {}, { backend: 'cpu' })).rejects.toThrow(/`rles` \(record 0\) of RleArea to have run lengths summing to height × width \(6\), but got a sum of 5/);
    await expect(runKernel('RleIou', { dt: rle([6], 2, 3), gt: rle([6], 2, 3), gtCrowd: new Uint8Array(2) }, {}, { backend: 'cpu' })).rejects.toThrow(/`gtCrowd` of RleIou/);
    await expect(runKernel('RleIou', { dt: rle([6], 2, 3), gt: rle([6], 2, 3), dtArea: new Float64Array(3) }, {}, { backend: 'cpu' })).rejects.toThrow(/`dtArea` of RleIou to have one area per detection mask \(1\)/);
    await expect(runKernel('RleEncode', { masks: new Uint8Array(5), heights: Int32Array.of(2), widths: Int32Array.of(3) }, {}, { backend: 'cpu' })).rejects.toThrow(/`masks` of RleEncode .* \(6\) bytes, but got 5 bytes/);
    await expect(runKernel('RleMerge', { rles: rle([6], 2, 3), groupOffsets: Int32Array.of(0, 2) }, { intersect: false }, { backend: 'cpu' })).rejects.toThrow(/`groupOffsets` \(record 1\) of RleMerge to end at the number of rows \(1\)/);
    await expect(runKernel('PolygonToRle', { coords: Float64Array.of(1, NaN, 3, 4, 5, 6), polygonOffsets: Int32Array.of(0, 6), heights: Int32Array.of(9), widths: Int32Array.of(9) }, {}, { backend: 'cpu' })).rejects.toThrow(/`coords` \(record 1\) of PolygonToRle to contain only finite numbers/);
    await expect(runKernel('PolygonToRle', { coords: Float64Array.of(0, 0, 1e9, 0, 1e9, 5), polygonOffsets: Int32Array.of(0, 0, 6), heights: Int32Array.of(9, 9), widths: Int32Array.of(9, 9) }, {}, { backend: 'cpu' })).rejects.toThrow(/`polygons` \(record 1\) of PolygonToRle to describe polygons whose ×5 outline stays under/);
    await expect(runKernel('BitmaskIntersections', { a: new Uint8Array(4), b: new Uint8Array(3) }, { pixels: 2 }, { backend: 'cpu' })).rejects.toThrow(/`b` of BitmaskIntersections/);
    await expect(runKernel('BitmaskIntersections', { a: new Uint8Array(4), b: new Uint8Array(4) }, { pixels: 0 }, { backend: 'cpu' })).rejects.toThrow(/The 'pixels' option of BitmaskIntersections must be a positive integer/);
  });
});

describe('rleToBbox quirks kept from maskApi.c', () => {
  it('an empty first run of ones wraps position 0 - 1 to 2^32 - 1 as uint32 arithmetic does', () => {
    const rles: RleBatch = { counts: Uint32Array.of(0, 0, 4), offsets: Int32Array.of(0, 3), heights: Int32Array.of(2), widths: Int32Array.of(2) };
    expect(Array.from(rleToBboxImpl({ rles }).boxes)).toEqual([0, 0, 2147483648, 2]);
  });
});

describe('RleIou on non-canonical RLEs (empty runs inside the counts)', () => {
  // pycocotools' definition, step by step: rleToBbox boxes must overlap, sizes must match, then pixels.
  function definitionIou(dt: RleBatch, d: number, gt: RleBatch, g: number, crowd: boolean): number {
    const one = (b: RleBatch, i: number): RleBatch => ({
      counts: b.counts.slice(b.offsets[i], b.offsets[i + 1]), offsets: Int32Array.of(0, b.offsets[i + 1]! - b.offsets[i]!), heights: b.heights.slice(i, i + 1), widths: b.widths.slice(i, i + 1),
    });
    const [a, b] = [one(dt, d), one(gt, g)];
    const [ax, ay, aw, ah] = rleToBboxImpl({ rles: a }).boxes;
    const [bx, by, bw, bh] = rleToBboxImpl({ rles: b }).boxes;
    if (!(Math.min(ax! + aw!, bx! + bw!) - Math.max(ax!, bx!) > 0 && Math.min(ay! + ah!, by! + bh!) - Math.max(ay!, by!) > 0)) return 0;
    if (a.heights[0] !== b.heights[0] || a.widths[0] !== b.widths[0]) return -1;
    const ma = rleDecodeImpl({ rles: a }).masks, mb = rleDecodeImpl({ rles: b }).masks;
    let i = 0, u = 0, area = 0;
    for (let p = 0; p < ma.length; p++) {
      i += ma[p]! & mb[p]!;
      u += ma[p]! | mb[p]!;
      area += ma[p]!;
    }
    return i === 0 ? 0 : i / (crowd ? area : u);
  }
  // runs of a random mask: a stretch of short runs somewhere in the image, empty runs spliced in
  // (two zero counts keep the alternation), zeros before and after
  function randomRuns(pixels: number, rand: () => number): number[] {
    const lead = Math.floor(rand() * pixels);
    const runs: number[] = [lead];
    let left = Math.min(pixels - lead, Math.floor(rand() * pixels * 0.5));
    const tail = pixels - lead - left;
    if (rand() < 0.3) runs.push(0, 0);
    while (left > 0) {
      const r = Math.min(left, 1 + Math.floor(rand() * 6));
      runs.push(r);
      left -= r;
      if (rand() < 0.15) runs.push(0, 0);
    }
    // join the trailing zeros to a last run of zeros, or open one
    if (runs.length % 2 === 1) runs[runs.length - 1]! += tail;
    else runs.push(tail);
    return runs;
  }
  it('matches the definition on random problems, sizes differing now and then', () => {
    const rand = seededRandom(2024);
    const batch = (sizes: Array<[number, number]>): RleBatch => {
      const runs = sizes.map(([h, w]) => randomRuns(h * w, rand));
      const offsets = [0];
      for (const r of runs) offsets.push(offsets[offsets.length - 1]! + r.length);
      return { counts: Uint32Array.from(runs.flat()), offsets: Int32Array.from(offsets), heights: Int32Array.from(sizes, (s) => s[0]), widths: Int32Array.from(sizes, (s) => s[1]) };
    };
    const sizes = (n: number, h: number, w: number) => Array.from({ length: n }, (): [number, number] => (rand() < 0.1 ? [h + 1, w] : [h, w]));
    const dtSizes: Array<[number, number]> = [], gtSizes: Array<[number, number]> = [];
    const dtOffsets = [0], gtOffsets = [0];
    for (let b = 0; b < 40; b++) {
      const h = 3 + Math.floor(rand() * 12), w = 3 + Math.floor(rand() * 12);
      dtSizes.push(...sizes(Math.floor(rand() * 5), h, w));
      gtSizes.push(...sizes(Math.floor(rand() * 4), h, w));
      dtOffsets.push(dtSizes.length);
      gtOffsets.push(gtSizes.length);
    }
    const dt = batch(dtSizes), gt = batch(gtSizes);
    const gtCrowd = Uint8Array.from(gtSizes, () => (rand() < 0.2 ? 1 : 0));
    const out = rleIouImpl({ dt, gt, gtCrowd, dtOffsets: Int32Array.from(dtOffsets), gtOffsets: Int32Array.from(gtOffsets) });
    const expected: number[] = [];
    for (let b = 0; b + 1 < dtOffsets.length; b++) {
      for (let d = dtOffsets[b]!; d < dtOffsets[b + 1]!; d++) for (let g = gtOffsets[b]!; g < gtOffsets[b + 1]!; g++) expected.push(definitionIou(dt, d, gt, g, gtCrowd[g] === 1));
    }
    expect(expected.some((v) => v === -1) && expected.some((v) => v > 0)).toBe(true);
    expect(Array.from(out.iou)).toEqual(expected);
  });
});

describe('mask kernels read byte arrays at any offset', () => {
  it('RleEncode and BitmaskIntersections give the same result on an unaligned view', () => {
    const rand = seededRandom(31);
    const bits = Uint8Array.from({ length: 3 * 77 }, () => (rand() < 0.4 ? 1 : 0));
    const shifted = new Uint8Array(bits.length + 1);
    shifted.set(bits, 1);
    const view = shifted.subarray(1);
    const sizes = { heights: Int32Array.of(7, 7, 7), widths: Int32Array.of(11, 11, 11) };
    expect(rleEncodeImpl({ masks: view, ...sizes })).toEqual(rleEncodeImpl({ masks: bits, ...sizes }));
    expect(bitmaskIntersectionsImpl({ a: view, b: view }, { pixels: 77 })).toEqual(bitmaskIntersectionsImpl({ a: bits, b: bits }, { pixels: 77 }));
  });
});
