/**
 * Bit-exactness against pycocotools 2.0.11's own outputs (test-data/kernels/coco-unit, see its README).
 * Every case in each fixture file is checked, so cases added to the files are picked up.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boxIouImpl } from '../src/kernels/BoxIou';

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
