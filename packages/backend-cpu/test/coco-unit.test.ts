/**
 * Bit-exactness against pycocotools 2.0.11's own outputs (test-data/kernels/coco-unit, see its README).
 * Every case in each fixture file is checked, so cases added to the files are picked up.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeRleString, encodeRleString, rleBatchFromStrings, rleBatchToStrings, type RleBatch } from '@tensoreval/core';
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
