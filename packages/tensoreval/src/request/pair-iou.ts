import { invalidInput } from '@tensoreval/core';
import { valorPairIou, type DetectionGeometry, type PolygonRings } from '@tensoreval/metrics/detection';
import { readPolygon } from './detection';
import { asArray, asCoordinate, asObject, describe, FN } from './fields';
import { decodeMask } from './mask';
import type { MetricCall } from './types';

/** Valor's IoU methods on explicit pairs: method name → annotation kind. */
const PAIR_IOU_METHODS = { bbox_iou: 'bounding_box', polygon_iou: 'polygon', bitmask_iou: 'bitmask' } as const;

type PairMethod = keyof typeof PAIR_IOU_METHODS;

export function isPairIouMethod(method: string): method is PairMethod {
  return Object.hasOwn(PAIR_IOU_METHODS, method);
}

/**
 * `{method: 'bbox_iou' | 'polygon_iou' | 'bitmask_iou', pairs: [[a, b], ...]}` → the IoU of each
 * pair as a list. Boxes are [xmin, xmax, ymin, ymax]; polygons `{exterior, interiors}` (optionally
 * wrapped in `{polygon: ...}`); masks use the bitmask encodings (both masks of a pair share a shape).
 * The IoU values are the output here, so they are computed on cpu in float64 whatever the backend.
 */
export function runPairIou(call: MetricCall): number[] {
  const kind = PAIR_IOU_METHODS[call.method as PairMethod];
  const pairs = asArray(call.pairs, { argument: `metrics '${call.id}'.pairs` });
  const where = (i: number) => ({ argument: `metrics '${call.id}'.pairs[${i}]`, index: i });
  const sides = pairs.map((p, i) => {
    const pair = asArray(p, where(i));
    if (pair.length !== 2) throw invalidInput(FN, where(i), 'be a pair [a, b]', describe(pair), 'TE-207');
    return pair as [unknown, unknown];
  });
  let geometry: DetectionGeometry;
  if (kind === 'bounding_box') {
    const box = (v: unknown, i: number) => {
      const b = asArray(v, where(i)).map((x) => asCoordinate(x, where(i)));
      if (b.length !== 4) throw invalidInput(FN, where(i), 'hold boxes [xmin, xmax, ymin, ymax]', describe(v), 'TE-207');
      return [b[0]!, b[2]!, b[1]!, b[3]!];
    };
    geometry = { kind, groundTruths: Float64Array.from(sides.flatMap(([a], i) => box(a, i))), predictions: Float64Array.from(sides.flatMap(([, b], i) => box(b, i))) };
  } else if (kind === 'polygon') {
    const polygon = (v: unknown, i: number): PolygonRings => {
      const o = asObject(v, where(i));
      const p = o.polygon !== undefined ? asObject(o.polygon, where(i)) : o;
      return readPolygon(p, where(i), (rule) => rule);
    };
    geometry = { kind, groundTruths: sides.map(([a], i) => polygon(a, i)), predictions: sides.map(([, b], i) => polygon(b, i)) };
  } else {
    const masks = sides.map(([a, b], i) => {
      const ma = decodeMask(a, where(i), (rule) => rule);
      const mb = decodeMask(b, where(i), (rule) => rule);
      if (ma.height !== mb.height || ma.width !== mb.width) throw invalidInput(FN, where(i), 'hold two masks of the same shape', `${ma.height}×${ma.width} and ${mb.height}×${mb.width}`, 'TE-207');
      return [ma, mb] as const;
    });
    geometry = { kind, heights: Int32Array.from(masks, ([m]) => m.height), widths: Int32Array.from(masks, ([m]) => m.width), groundTruths: masks.map(([m]) => m.data), predictions: masks.map(([, m]) => m.data) };
  }
  return Array.from(valorPairIou(geometry));
}
