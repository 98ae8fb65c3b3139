import { invalidInput, isCoordinate, MAX_COORDINATE } from '@tensoreval/core';
import { ringCrossing, type PolygonRings } from '@tensoreval/metrics/detection';
import { asArray, asCoordinate, asObject, checkKeys, datumLocation, describe, FN, withUid } from './fields';
import { decodeMask } from './mask';

/**
 * Where an annotation sits in a detection request, for error messages: one object per side of a
 * datum, its `index` and `uid` moved along the annotations (the well-formed path builds no location).
 */
export interface AnnotationSite {
  field: 'groundtruths' | 'predictions';
  /** the datum's index in the whole request */
  datum: number;
  datumUid: string;
  /** the annotation's index in `field` and its uid */
  index: number;
  uid: string;
}

/** The location of the annotation (or of its part `sub`, e.g. '.mask'). */
export function siteLocation(site: AnnotationSite, sub = ''): { argument: string; index: number } {
  return datumLocation(`${site.field}[${site.index}]${sub}`, site.datum);
}

/** The rule suffix naming the annotation and its datum. */
export function siteRule(site: AnnotationSite): (r: string) => string {
  const { field, uid, datumUid } = site;
  return (r) => withUid(`${r} (${field.slice(0, -1)} ${JSON.stringify(uid)})`, datumUid);
}

/** `{xmin, xmax, ymin, ymax}` (Valor's order) appended to `boxes` as xyxy. */
export function readBox(ann: Record<string, unknown>, site: AnnotationSite, boxes: number[]): void {
  const { xmin, xmax, ymin, ymax } = ann;
  if (!isCoordinate(xmin) || !isCoordinate(xmax) || !isCoordinate(ymin) || !isCoordinate(ymax)) {
    for (const k of ['xmin', 'xmax', 'ymin', 'ymax']) asCoordinate(ann[k], siteLocation(site, `.${k}`));
  }
  const [x0, x1, y0, y1] = [xmin as number, xmax as number, ymin as number, ymax as number];
  if (x1 < x0 || y1 < y0) throw invalidInput(FN, siteLocation(site), siteRule(site)('have xmax >= xmin and ymax >= ymin'), `xmin=${x0}, xmax=${x1}, ymin=${y0}, ymax=${y1}`, 'TE-208');
  boxes.push(x0, y0, x1, y1);
}

/** An annotation's `{polygon: {exterior, interiors?}}` → its rings. */
export function readAnnotationPolygon(ann: Record<string, unknown>, site: AnnotationSite): PolygonRings {
  return readPolygon(asObject(ann.polygon, siteLocation(site, '.polygon')), siteLocation(site), siteRule(site));
}

const POLYGON_KEYS = new Set(['exterior', 'interiors']);

/**
 * A Valor polygon `{exterior, interiors?}` as rings. Any other key is refused (TE-102): a typo such as
 * `interior` or `holes` would otherwise drop the holes and silently change the area.
 */
export function readPolygon(poly: Record<string, unknown>, where: { argument: string; index: number }, rule: (r: string) => string): PolygonRings {
  checkKeys(poly, POLYGON_KEYS, where, (r) => rule(`${r} in a polygon`));
  const interiors = asArray(poly.interiors ?? [], { argument: `${where.argument}.polygon.interiors`, index: where.index });
  return [poly.exterior, ...interiors].map((ring, r) => readRing(ring, where, rule, r));
}

/** `{mask}` decoded; every mask of a datum must have the same shape (`shape` holds the first one's). */
export function readMask(ann: Record<string, unknown>, site: AnnotationSite, shape: { height: number; width: number }): Uint8Array {
  const rule = siteRule(site);
  const mask = decodeMask(ann.mask, siteLocation(site, '.mask'), rule);
  if (shape.height < 0) Object.assign(shape, { height: mask.height, width: mask.width });
  else if (mask.height !== shape.height || mask.width !== shape.width) {
    throw invalidInput(FN, siteLocation(site), rule(`have the datum's mask shape ${shape.height}×${shape.width}`), `a ${mask.height}×${mask.width} mask`, 'TE-207');
  }
  return mask.data;
}

/** Ring `r` of a polygon (0 = the exterior): at least 3 points [x, y], not self-intersecting. */
function readRing(value: unknown, where: { argument: string; index: number }, rule: (r: string) => string, r: number): [number, number][] {
  const points = asArray(value, { argument: `${where.argument}.polygon${r === 0 ? '.exterior' : `.interiors[${r - 1}]`}`, index: where.index });
  if (points.length < 3) throw invalidInput(FN, where, rule('have polygon rings of at least 3 points'), `${points.length} points in ring ${r}`, 'TE-206');
  const ring = points.map((pt): [number, number] => {
    if (!Array.isArray(pt) || pt.length !== 2 || !pt.every(isCoordinate)) {
      throw invalidInput(FN, where, rule(`have polygon points [x, y] of finite numbers within ±${MAX_COORDINATE}`), describe(pt), 'TE-206');
    }
    return [pt[0] as number, pt[1] as number];
  });
  const crossing = ringCrossing(ring);
  if (crossing) throw invalidInput(FN, where, rule('have simple polygon rings (a self-intersecting ring such as a bow-tie has no well-defined area)'), `ring ${r} whose edges ${crossing[0]} and ${crossing[1]} cross`, 'TE-208');
  return ring;
}
