import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/evaluate';
import { expectCleanOutcome, fuzzParams } from './outcome';

// Seeded, bounded fuzzing of polygon rings (exterior and holes) on a small grid, where collinear,
// vertical, repeated and touching points are common: a ring is refused with TE-208 or its polygon
// has a well-defined area, so its IoU with itself is 1 (a bow-tie used to give 0, and 1 against the
// square around it).

type Pt = [number, number];
const grid = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })) as fc.Arbitrary<Pt>;
const ring = fc.array(grid, { minLength: 3, maxLength: 9 });

function shoelace(points: readonly Pt[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i] as Pt, [x1, y1] = points[(i + 1) % points.length] as Pt;
    twice += x0 * y1 - x1 * y0;
  }
  return Math.abs(twice) / 2;
}

describe('fuzz: polygon rings', () => {
  it('a random ring is refused with TE-208 (or TE-206) or has self-IoU 1', async () => {
    await fc.assert(fc.asyncProperty(ring, async (exterior) => {
      const request = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'polygon', datums: [] }, metrics: [{ id: 'iou', method: 'polygon_iou', pairs: [[{ exterior }, { exterior }]] }] };
      let error: unknown;
      const outcome = await expectCleanOutcome(async () => {
        try {
          return await evaluate(request);
        } catch (e) {
          error = e;
          throw e;
        }
      }, ['iou']);
      if (outcome === 'refused') expect((error as { code: string }).code).toMatch(/^TE-20[68]$/);
      else if (shoelace(exterior) > 0) {
        const out = (await evaluate(request)) as { iou: number[] };
        expect(out.iou[0]).toBeCloseTo(1, 9);
      }
    }), fuzzParams(21, 300));
  });

  it('a random hole inside the 10×10 square is refused with TE-208 or leaves a well-defined area', async () => {
    const SQUARE: Pt[] = [[-1, -1], [11, -1], [11, 11], [-1, 11]];
    await fc.assert(fc.asyncProperty(ring, async (hole) => {
      const polygon = { exterior: SQUARE, interiors: [hole] };
      const request = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'polygon', datums: [] }, metrics: [{ id: 'iou', method: 'polygon_iou', pairs: [[polygon, polygon], [polygon, { exterior: SQUARE }]] }] };
      const outcome = await expectCleanOutcome(() => evaluate(request), ['iou']);
      if (outcome === 'ok') {
        const { iou } = (await evaluate(request)) as { iou: number[] };
        expect(iou[0]).toBeCloseTo(1, 9);
        // a simple hole removes its own area: IoU against the square without it is (144 - hole) / 144
        expect(iou[1]).toBeCloseTo((144 - shoelace(hole)) / 144, 9);
      }
    }), fuzzParams(22, 300));
  });
});
