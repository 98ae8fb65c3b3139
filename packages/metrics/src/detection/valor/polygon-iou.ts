import polygonClipping, { type Polygon as ClipPolygon } from 'polygon-clipping';
import type { PolygonRings } from './detection-batch';

/** Shoelace area of one ring (absolute; orientation-free). */
function ringArea(ring: ReadonlyArray<readonly [number, number]>): number {
  let twice = 0;
  const n = ring.length;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const a = ring[j] as readonly [number, number];
    const b = ring[i] as readonly [number, number];
    twice += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(twice) / 2;
}

/** Area of a polygon with holes: exterior minus holes (shapely's `area`). */
export function polygonArea(rings: PolygonRings): number {
  let area = 0;
  rings.forEach((ring, i) => {
    area += i === 0 ? ringArea(ring) : -ringArea(ring);
  });
  return area;
}

/**
 * Exact IoU of two polygons with holes: intersection area from a polygon-clipping boolean
 * intersection, union = area(a) + area(b) − intersection (the same area shapely's union has).
 * 0 when the union is below 1e-9, as Valor.
 */
export function polygonIou(a: PolygonRings, b: PolygonRings, areaA: number, areaB: number): number {
  const pieces = polygonClipping.intersection(a as unknown as ClipPolygon, b as unknown as ClipPolygon);
  let inter = 0;
  for (const piece of pieces) inter += polygonArea(piece as unknown as PolygonRings);
  const union = areaA + areaB - inter;
  return union >= 1e-9 ? inter / union : 0;
}
