import { invalidInput, invalidOption } from '@tensoreval/core';
import { LabelIndex } from '@tensoreval/metrics/classification';
import { cocoSemanticsPrecisionRecall, cocoSemanticsRecords, cocoSemanticsState, decodeCocoState, DEFAULT_IOU_THRESHOLDS, encodeCocoState, TIDE_DEFAULTS, joinCocoSemanticsStates, ValorObjectDetection, type AnnotationType, type DetectionBatch, type DetectionGeometry, type PolygonRings } from '@tensoreval/metrics/detection';
import { requestKernelBackend } from './backend';
import { callOptions, runCalls } from './calls';
import { decodeShardStates, mergeStates } from './merge-states';
import { readDatums } from './datum-list';
import { asArray, asFiniteNumber, asObject, asString, checkKeys, datumLocation, FN, withUid } from './fields';
import { readAnnotationPolygon, readBox, readMask, siteLocation, siteRule, type AnnotationSite } from './geometry-readers';
import { isPairIouMethod, runPairIou } from './pair-iou';
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
 * masks are decoded and every mask of a datum must have the same shape. Errors number the datums
 * from `base` (a shard's first datum index in the whole request).
 */
function parseDetectionData(data: unknown, base: number): DetectionBatch {
  const { root, datums, uids } = readDatums(data, base, KEYS);
  const kind = root.annotation_type ?? 'bounding_box';
  if (!ANNOTATION_TYPES.includes(kind as AnnotationType)) throw invalidOption(FN, 'data.annotation_type', `one of ${ANNOTATION_TYPES.map((t) => `'${t}'`).join(', ')}`, kind);
  const type = kind as AnnotationType;
  const labels = new LabelIndex();
  const gt = collect();
  const pd = collect();
  const gtOffsets = new Int32Array(datums.length + 1);
  const pdOffsets = new Int32Array(datums.length + 1);
  const heights = new Int32Array(datums.length);
  const widths = new Int32Array(datums.length);
  for (let i = 0; i < datums.length; i++) {
    const datum = datums[i] as Record<string, unknown>;
    const uid = uids[i] as string;
    const ctx: DatumParse = { type, labels, datum: base + i, datumUid: uid, shape: { height: -1, width: -1 } };
    readAnnotations(ctx, datum, 'groundtruths', gt);
    readAnnotations(ctx, datum, 'predictions', pd);
    gtOffsets[i + 1] = gt.uids.length;
    pdOffsets[i + 1] = pd.uids.length;
    heights[i] = Math.max(0, ctx.shape.height);
    widths[i] = Math.max(0, ctx.shape.width);
  }
  return {
    labels: labels.labels,
    datumUids: uids,
    groundTruths: { offsets: gtOffsets, uids: gt.uids, labels: Int32Array.from(gt.labels) },
    predictions: { offsets: pdOffsets, uids: pd.uids, labelOffsets: Int32Array.from(pd.labelOffsets), labels: Int32Array.from(pd.labels), scores: Float64Array.from(pd.scores) },
    geometry: geometryOf(type, gt, pd, heights, widths),
  };
}

/** What the readers of one datum share. */
interface DatumParse {
  type: AnnotationType;
  labels: LabelIndex;
  /** the datum's index in the whole request and its uid */
  datum: number;
  datumUid: string;
  /** the datum's mask shape, set by its first mask (-1 before) */
  shape: { height: number; width: number };
}

/** Appends one side's annotations of a datum to `out`; the common well-formed case allocates no locations. */
function readAnnotations(ctx: DatumParse, datum: Record<string, unknown>, field: 'groundtruths' | 'predictions', out: Collected): void {
  const isGt = field === 'groundtruths';
  const list = asArray(datum[field], datumLocation(field, ctx.datum));
  const site: AnnotationSite = { field, datum: ctx.datum, datumUid: ctx.datumUid, index: 0, uid: '' };
  const uid = ctx.datumUid;
  for (let j = 0; j < list.length; j++) {
    site.index = j;
    const raw = list[j];
    const ann = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : asObject(raw, siteLocation(site));
    const annUid = typeof ann.uid === 'string' ? ann.uid : asString(ann.uid, siteLocation(site, '.uid'));
    site.uid = annUid;
    checkKeys(ann, ANNOTATION_KEYS[ctx.type], siteLocation(site), siteRule(site));
    const annLabels = Array.isArray(ann.labels) ? (ann.labels as unknown[]) : asArray(ann.labels, siteLocation(site, '.labels'));
    const annScores = isGt ? annLabels : Array.isArray(ann.scores) ? (ann.scores as unknown[]) : asArray(ann.scores, siteLocation(site, '.scores'));
    if (isGt && annLabels.length !== 1) throw invalidInput(FN, siteLocation(site), withUid(`have exactly one label on groundtruth ${JSON.stringify(annUid)}`, uid), `${annLabels.length} labels`, 'TE-204');
    if (!isGt && annLabels.length === 0) throw invalidInput(FN, siteLocation(site), withUid(`have at least one label on prediction ${JSON.stringify(annUid)}`, uid), 'an empty label list', 'TE-204');
    if (!isGt && annScores.length !== annLabels.length) {
      throw invalidInput(FN, siteLocation(site), withUid(`have one score per label on prediction ${JSON.stringify(annUid)} (${annLabels.length} labels)`, uid), `${annScores.length} scores`, 'TE-202');
    }
    out.uids.push(annUid);
    for (let k = 0; k < annLabels.length; k++) {
      const l = annLabels[k];
      out.labels.push(ctx.labels.intern(typeof l === 'string' ? l : asString(l, siteLocation(site, `.labels[${k}]`))));
      if (!isGt) {
        const score = annScores[k];
        out.scores.push(typeof score === 'number' && Number.isFinite(score) ? score : asFiniteNumber(score, siteLocation(site, `.scores[${k}]`)));
      }
    }
    out.labelOffsets.push(out.labels.length);
    if (ctx.type === 'bounding_box') readBox(ann, site, out.boxes);
    else if (ctx.type === 'polygon') out.polygons.push(readAnnotationPolygon(ann, site));
    else out.masks.push(readMask(ann, site, ctx.shape));
  }
}

// Valor's fields; `metadata` (Valor's filter metadata) is accepted and not used
const KEYS = { data: new Set(['annotation_type', 'datums']), datum: new Set(['uid', 'groundtruths', 'predictions', 'metadata']) };
const ANNOTATION_KEYS: Record<AnnotationType, ReadonlySet<string>> = {
  bounding_box: new Set(['uid', 'labels', 'scores', 'metadata', 'xmin', 'xmax', 'ymin', 'ymax']),
  polygon: new Set(['uid', 'labels', 'scores', 'metadata', 'polygon']),
  bitmask: new Set(['uid', 'labels', 'scores', 'metadata', 'mask']),
};

function geometryOf(type: AnnotationType, gt: Collected, pd: Collected, heights: Int32Array, widths: Int32Array): DetectionGeometry {
  if (type === 'bounding_box') return { kind: type, groundTruths: Float64Array.from(gt.boxes), predictions: Float64Array.from(pd.boxes) };
  if (type === 'polygon') return { kind: type, groundTruths: gt.polygons, predictions: pd.polygons };
  return { kind: type, heights, widths, groundTruths: gt.masks, predictions: pd.masks };
}

const THRESHOLDS = ['iou_thresholds', 'score_thresholds'] as const;
/** The example-listing methods also page their examples (`limit`, `offset`; see ./index.ts). */
const PAGED = [...THRESHOLDS, 'limit', 'offset'] as const;
/** Valor keyword → option name; `limit` and `offset` pass only where the method table allows them. */
const THRESHOLD_OPTIONS = { iou_thresholds: 'iouThresholds', score_thresholds: 'scoreThresholds', limit: 'limit', offset: 'offset' } as const;
/** The TIDE breakdown's parameters (tidecv's pos_threshold / bg_threshold). */
const TIDE_PARAMETERS = ['pos_threshold', 'bg_threshold'] as const;
const TIDE_OPTIONS = { pos_threshold: 'posThreshold', bg_threshold: 'bgThreshold' } as const;

/** `semantics: 'coco'` takes precision_recall and the IoU-on-pairs methods only. */
function checkCocoMethods(request: MetricRequest): void {
  for (const call of request.metrics) {
    if (call.method !== 'precision_recall' && !isPairIouMethod(call.method)) {
      throw invalidOption(`evaluate (metric '${call.id}')`, 'method', "'precision_recall' with semantics 'coco' (the confusion-matrix, examples and tide methods are Valor's: set semantics 'valor'; COCO files get TIDE from tensoreval coco --tide)", call.method, 'TE-103');
    }
  }
}

/** `semantics: 'coco'` (the default): precision_recall records from the COCO engine's matching and interpolation. */
function runCocoSemantics(request: MetricRequest, options: EvaluateOptions, batch: DetectionBatch): MetricResponse {
  checkCocoMethods(request);
  return runCalls(request, options, (call) => (isPairIouMethod(call.method) ? runPairIou(call) : cocoSemanticsPrecisionRecall(batch, callOptions(call, THRESHOLD_OPTIONS))));
}

/**
 * The one IoU threshold list of a COCO-semantics request's precision_recall calls: shards keep one
 * matching state, so calls with different lists run in one pass (TE-103).
 */
function cocoShardIouThresholds(request: MetricRequest): readonly number[] {
  const lists = new Set(request.metrics.filter((c) => !isPairIouMethod(c.method)).map((c) => JSON.stringify(c.iou_thresholds ?? DEFAULT_IOU_THRESHOLDS)));
  if (lists.size > 1) throw invalidOption('evaluate', 'iou_thresholds', 'one list across the precision_recall calls when the datums are split into shards (workers, queue): shards keep one matching state', [...lists].join(' vs '), 'TE-103');
  return JSON.parse([...lists][0]!) as number[];
}

/**
 * The backend of the Valor evaluator's IoU kernel: BoxIou for boxes, BitmaskIntersections for
 * masks, sized as the auto table measures them (all pairs; the largest datum's masks × masks ×
 * pixels). Polygons use no kernel (exact clipping on the host), but an explicit backend that cannot
 * load is still the same clear error.
 */
async function detectionBackend(choice: string | undefined, batch: DetectionBatch): Promise<string> {
  const { geometry, groundTruths: gts, predictions: pds } = batch;
  let pairs = 0;
  let largest = 0;
  for (let d = 0; d < batch.datumUids.length; d++) {
    const n = (gts.offsets[d + 1]! - gts.offsets[d]!) * (pds.offsets[d + 1]! - pds.offsets[d]!);
    pairs += n;
    if (geometry.kind === 'bitmask') largest = Math.max(largest, n * geometry.heights[d]! * geometry.widths[d]!);
  }
  if (geometry.kind === 'bounding_box') return requestKernelBackend(choice, 'BoxIou', pairs);
  if (geometry.kind === 'bitmask') return requestKernelBackend(choice, 'BitmaskIntersections', largest);
  await requestKernelBackend(choice, 'BoxIou', pairs);
  return 'cpu';
}

/** Every IoU threshold the request's Valor calls will use (Valor's defaults for a call without `iou_thresholds`). */
function requestIouThresholds(request: MetricRequest): number[] {
  const all = new Set<number>();
  for (const call of request.metrics) {
    if (isPairIouMethod(call.method)) continue;
    if (call.method === 'tide') {
      // the breakdown compares IoUs with t_f and t_b: both are thresholds for the float32 guard
      all.add((call.pos_threshold as number | undefined) ?? TIDE_DEFAULTS.posThreshold);
      all.add((call.bg_threshold as number | undefined) ?? TIDE_DEFAULTS.bgThreshold);
      continue;
    }
    for (const t of (call.iou_thresholds as readonly number[] | undefined) ?? DEFAULT_IOU_THRESHOLDS) all.add(t);
  }
  return [...all];
}

/** The calls of a Valor-semantics request, answered from the evaluator of its datums (one pass or merged shards). */
async function answer(request: MetricRequest, options: EvaluateOptions, evaluator: ValorObjectDetection): Promise<MetricResponse> {
  const result = await evaluator.compute();
  return runCalls(request, options, (call) => {
    if (isPairIouMethod(call.method)) return runPairIou(call);
    if (call.method === 'tide') return result.tide(callOptions(call, TIDE_OPTIONS), { fn: `evaluate (metric '${call.id}')`, pos: 'pos_threshold', bg: 'bg_threshold' });
    const options = callOptions(call, THRESHOLD_OPTIONS);
    switch (call.method) {
      case 'precision_recall': return result.precisionRecall(options);
      case 'confusion_matrix': return result.confusionMatrix(options);
      case 'examples': return result.examples(options);
      default: return result.confusionMatrixWithExamples(options);
    }
  });
}

/** The `object_detection` task. `semantics: 'valor'` reproduces valor-lite; 'coco' (default) matches like pycocotools. */
export const objectDetectionTask: TaskHandler = {
  methods: {
    precision_recall: THRESHOLDS,
    confusion_matrix: THRESHOLDS,
    examples: PAGED,
    confusion_matrix_with_examples: PAGED,
    tide: TIDE_PARAMETERS,
    bbox_iou: ['pairs'],
    polygon_iou: ['pairs'],
    bitmask_iou: ['pairs'],
  },
  defaultSemantics: 'coco',
  semantics: ['coco', 'valor'],
  async run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse> {
    // Requests of IoU-on-pairs calls only need no datums.
    if (request.metrics.every((c) => isPairIouMethod(c.method))) return runCalls(request, options, runPairIou);
    const batch = parseDetectionData(request.data, 0);
    if (request.semantics === 'coco') return runCocoSemantics(request, options, batch);
    // One update over all datums: the float32 guard then sees every equal-score comparison.
    const backend = await detectionBackend(options.backend, batch);
    return answer(request, options, await new ValorObjectDetection().updateOn(batch, { backend, iouThresholds: requestIouThresholds(request) }));
  },
  shards: {
    datumKeys: KEYS,
    accepts(request, options) {
      if (request.metrics.every((c) => isPairIouMethod(c.method))) return false;
      if (request.semantics === 'coco') {
        checkCocoMethods(request);
        cocoShardIouThresholds(request);
        // COCO has no polygons: one pass gives that error
        return asObject(request.data, { argument: 'data' }).annotation_type !== 'polygon';
      }
      // A float32 backend's exactness guard must see all datums at once; shards use float64 IoUs.
      if (options.backend !== undefined && options.backend !== 'auto' && options.backend !== 'cpu') {
        throw invalidOption('evaluate', 'backend', "'cpu' or 'auto' when the datums are split into shards (workers, queue)", options.backend, 'TE-103');
      }
      return true;
    },
    async state(request, _options, base) {
      const batch = parseDetectionData(request.data, base);
      if (request.semantics === 'coco') return encodeCocoState(cocoSemanticsState(batch, cocoShardIouThresholds(request)));
      return (await new ValorObjectDetection().updateOn(batch, { backend: 'cpu' })).toState();
    },
    async finish(request, options, states) {
      if (request.semantics !== 'coco') return answer(request, options, await mergeStates(states, () => new ValorObjectDetection()));
      const joined = joinCocoSemanticsStates(await decodeShardStates(states, decodeCocoState));
      return runCalls(request, options, (call) => (isPairIouMethod(call.method) ? runPairIou(call) : cocoSemanticsRecords(joined, callOptions(call, THRESHOLD_OPTIONS))));
    },
  },
};
