import { invalidInput, invalidOption } from '@tensoreval/core';
import { LabelIndex } from '@tensoreval/metrics/classification';
import { cocoSemanticsPrecisionRecall, ValorObjectDetection, type AnnotationType, type DetectionBatch, type DetectionGeometry, type PolygonRings } from '@tensoreval/metrics/detection';
import { callOptions, runCalls } from './calls';
import { asArray, asFiniteNumber, asObject, asString, datumLocation, datumUid, describe, FN, withUid } from './fields';
import { decodeMask } from './mask';
import type { EvaluateOptions, MetricRequest, MetricResponse, TaskHandler } from './types';

const ANNOTATION_TYPES: readonly AnnotationType[] = ['bounding_box', 'polygon', 'bitmask'];

interface Collected {
  uids: string[];
  labels: number[];
  labelOffsets: number[];
  scores: number[];
  boxes: number[];
  polygons: PolygonRings[];
  masks: Uint8Array[];
}

const collect = (): Collected => ({ uids: [], labels: [], labelOffsets: [0], scores: [], boxes: [], polygons: [], masks: [] });

/**
 * Object-detection datums `{uid, groundtruths: [...], predictions: [...]}` → one columnar batch.
 * Boxes arrive as Valor's (xmin, xmax, ymin, ymax) and are stored xyxy; polygons keep their rings;
 * masks are decoded and every mask of a datum must have the same shape.
 */
export function parseDetectionData(data: unknown): DetectionBatch {
  const root = asObject(data, { argument: 'data' });
  const kind = root.annotation_type ?? 'bounding_box';
  if (!ANNOTATION_TYPES.includes(kind as AnnotationType)) throw invalidOption(FN, 'data.annotation_type', `one of ${ANNOTATION_TYPES.map((t) => `'${t}'`).join(', ')}`, kind);
  const type = kind as AnnotationType;
  const datums = asArray(root.datums, { argument: 'data.datums' });
  const labels = new LabelIndex();
  const uids: string[] = [];
  const gt = collect();
  const pd = collect();
  const gtOffsets = new Int32Array(datums.length + 1);
  const pdOffsets = new Int32Array(datums.length + 1);
  const heights = new Int32Array(datums.length);
  const widths = new Int32Array(datums.length);
  datums.forEach((raw, i) => {
    const datum = asObject(raw, datumLocation('', i));
    const uid = datumUid(datum, i);
    uids.push(uid);
    const shape = { height: -1, width: -1 };
    for (const [field, out, isGt] of [['groundtruths', gt, true], ['predictions', pd, false]] as const) {
      asArray(datum[field], datumLocation(field, i)).forEach((rawAnn, j) => {
        const where = datumLocation(`${field}[${j}]`, i);
        const ann = asObject(rawAnn, where);
        const annUid = asString(ann.uid, datumLocation(`${field}[${j}].uid`, i));
        const annLabels = asArray(ann.labels, datumLocation(`${field}[${j}].labels`, i));
        const annScores = isGt ? [] : asArray(ann.scores, datumLocation(`${field}[${j}].scores`, i));
        if (isGt && annLabels.length !== 1) throw invalidInput(FN, where, withUid(`have exactly one label on groundtruth ${JSON.stringify(annUid)}`, uid), `${annLabels.length} labels`, 'TE-204');
        if (!isGt && annLabels.length === 0) throw invalidInput(FN, where, withUid(`have at least one label on prediction ${JSON.stringify(annUid)}`, uid), 'an empty label list', 'TE-204');
        if (!isGt && annScores.length !== annLabels.length) {
          throw invalidInput(FN, where, withUid(`have one score per label on prediction ${JSON.stringify(annUid)} (${annLabels.length} labels)`, uid), `${annScores.length} scores`, 'TE-202');
        }
        out.uids.push(annUid);
        annLabels.forEach((l, k) => {
          out.labels.push(labels.intern(asString(l, datumLocation(`${field}[${j}].labels[${k}]`, i))));
          if (!isGt) out.scores.push(asFiniteNumber(annScores[k], datumLocation(`${field}[${j}].scores[${k}]`, i)));
        });
        out.labelOffsets.push(out.labels.length);
        readGeometry(type, ann, out, where, (rule) => withUid(`${rule} (${field.slice(0, -1)} ${JSON.stringify(annUid)})`, uid), shape);
      });
    }
    gtOffsets[i + 1] = gt.uids.length;
    pdOffsets[i + 1] = pd.uids.length;
    heights[i] = Math.max(0, shape.height);
    widths[i] = Math.max(0, shape.width);
  });
  return {
    labels: labels.labels,
    datumUids: uids,
    groundTruths: { offsets: gtOffsets, uids: gt.uids, labels: Int32Array.from(gt.labels) },
    predictions: { offsets: pdOffsets, uids: pd.uids, labelOffsets: Int32Array.from(pd.labelOffsets), labels: Int32Array.from(pd.labels), scores: Float64Array.from(pd.scores) },
    geometry: geometryOf(type, gt, pd, heights, widths),
  };
}

function readGeometry(type: AnnotationType, ann: Record<string, unknown>, out: Collected, where: { argument: string; index: number }, rule: (r: string) => string, shape: { height: number; width: number }): void {
  if (type === 'bounding_box') {
    const at = (k: string) => asFiniteNumber(ann[k], { argument: `${where.argument}.${k}`, index: where.index });
    const [xmin, xmax, ymin, ymax] = [at('xmin'), at('xmax'), at('ymin'), at('ymax')];
    if (xmax < xmin || ymax < ymin) throw invalidInput(FN, where, rule('have xmax >= xmin and ymax >= ymin'), `xmin=${xmin}, xmax=${xmax}, ymin=${ymin}, ymax=${ymax}`, 'TE-208');
    out.boxes.push(xmin, ymin, xmax, ymax);
  } else if (type === 'polygon') {
    const poly = asObject(ann.polygon, { argument: `${where.argument}.polygon`, index: where.index });
    const rings = [poly.exterior, ...asArray(poly.interiors ?? [], { argument: `${where.argument}.polygon.interiors`, index: where.index })];
    out.polygons.push(rings.map((ring, r) => readRing(ring, where, rule, r)));
  } else {
    const mask = decodeMask(ann.mask, { argument: `${where.argument}.mask`, index: where.index }, rule);
    if (shape.height < 0) Object.assign(shape, { height: mask.height, width: mask.width });
    else if (mask.height !== shape.height || mask.width !== shape.width) {
      throw invalidInput(FN, where, rule(`have the datum's mask shape ${shape.height}×${shape.width}`), `a ${mask.height}×${mask.width} mask`, 'TE-207');
    }
    out.masks.push(mask.data);
  }
}

function readRing(value: unknown, where: { argument: string; index: number }, rule: (r: string) => string, r: number): [number, number][] {
  const points = asArray(value, { argument: `${where.argument}.polygon${r === 0 ? '.exterior' : `.interiors[${r - 1}]`}`, index: where.index });
  if (points.length < 3) throw invalidInput(FN, where, rule('have polygon rings of at least 3 points'), `${points.length} points in ring ${r}`, 'TE-206');
  return points.map((pt) => {
    if (!Array.isArray(pt) || pt.length !== 2 || !pt.every((v) => typeof v === 'number' && Number.isFinite(v))) {
      throw invalidInput(FN, where, rule('have polygon points [x, y] of finite numbers'), describe(pt), 'TE-206');
    }
    return [pt[0] as number, pt[1] as number];
  });
}

function geometryOf(type: AnnotationType, gt: Collected, pd: Collected, heights: Int32Array, widths: Int32Array): DetectionGeometry {
  if (type === 'bounding_box') return { kind: type, groundTruths: Float64Array.from(gt.boxes), predictions: Float64Array.from(pd.boxes) };
  if (type === 'polygon') return { kind: type, groundTruths: gt.polygons, predictions: pd.polygons };
  return { kind: type, heights, widths, groundTruths: gt.masks, predictions: pd.masks };
}

const THRESHOLDS = ['iou_thresholds', 'score_thresholds'] as const;
const THRESHOLD_OPTIONS = { iou_thresholds: 'iouThresholds', score_thresholds: 'scoreThresholds' } as const;

/** `semantics: 'coco'` (the default): precision_recall records from the COCO engine's matching and interpolation. */
function runCocoSemantics(request: MetricRequest, options: EvaluateOptions, batch: DetectionBatch): MetricResponse {
  for (const call of request.metrics) {
    if (call.method !== 'precision_recall') {
      throw invalidOption(`evaluate (metric '${call.id}')`, 'method', "'precision_recall' with semantics 'coco' (the confusion-matrix and examples methods are Valor's: set semantics 'valor')", call.method, 'TE-103');
    }
  }
  return runCalls(request, options, (call) => cocoSemanticsPrecisionRecall(batch, callOptions(call, THRESHOLD_OPTIONS)));
}

/** The `object_detection` task. `semantics: 'valor'` reproduces valor-lite; 'coco' (default) matches like pycocotools. */
export const objectDetectionTask: TaskHandler = {
  methods: {
    precision_recall: THRESHOLDS,
    confusion_matrix: THRESHOLDS,
    examples: THRESHOLDS,
    confusion_matrix_with_examples: THRESHOLDS,
  },
  defaultSemantics: 'coco',
  semantics: ['coco', 'valor'],
  async run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse> {
    const batch = parseDetectionData(request.data);
    if (request.semantics === 'coco') return runCocoSemantics(request, options, batch);
    const evaluator = new ValorObjectDetection().update(batch);
    const result = await evaluator.compute();
    return runCalls(request, options, (call) => {
      const options = callOptions(call, THRESHOLD_OPTIONS);
      switch (call.method) {
        case 'precision_recall': return result.precisionRecall(options);
        case 'confusion_matrix': return result.confusionMatrix(options);
        case 'examples': return result.examples(options);
        default: return result.confusionMatrixWithExamples(options);
      }
    });
  },
};
