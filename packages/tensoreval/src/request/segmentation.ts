import { invalidInput } from '@tensoreval/core';
import { LabelIndex } from '@tensoreval/metrics/classification';
import { ValorSemanticSegmentation, type SegmentationBatch } from '@tensoreval/metrics/segmentation';
import { requestKernelBackend } from './backend';
import { runCalls } from './calls';
import { mergeStates } from './merge-states';
import { readDatums } from './datum-list';
import { asArray, asObject, asString, checkKeys, datumLocation, describe, FN, withUid } from './fields';
import { checkMaskSize, decodeMask } from './mask';
import type { EvaluateOptions, MetricRequest, MetricResponse, TaskHandler } from './types';

/**
 * Semantic-segmentation datums `{uid, shape: [h, w], groundtruths: [{label, mask}], predictions:
 * [{label, mask}]}` → one columnar batch; every mask must have the datum's shape. Errors number the
 * datums from `base` (a shard's first datum index in the whole request).
 */
// Valor's fields; `metadata` (Valor's filter metadata) is accepted and not used
const KEYS = { data: new Set(['datums']), datum: new Set(['uid', 'shape', 'groundtruths', 'predictions', 'metadata']) };
const ANNOTATION_KEYS = new Set(['label', 'mask', 'metadata']);

function parseSegmentationData(data: unknown, base: number): SegmentationBatch {
  const { datums, uids } = readDatums(data, base, KEYS);
  const labels = new LabelIndex();
  const heights = new Int32Array(datums.length);
  const widths = new Int32Array(datums.length);
  const sides = { groundtruths: { offsets: new Int32Array(datums.length + 1), labels: [] as number[], masks: [] as Uint8Array[] }, predictions: { offsets: new Int32Array(datums.length + 1), labels: [] as number[], masks: [] as Uint8Array[] } };
  datums.forEach((datum, i) => {
    const at = base + i;
    const uid = uids[i] as string;
    const shape = asArray(datum.shape, datumLocation('shape', at));
    const [h, w] = shape;
    // positive: a 0-pixel image has no confusion counts to take (refused rather than failing deep inside)
    if (shape.length !== 2 || !Number.isInteger(h) || !Number.isInteger(w) || (h as number) <= 0 || (w as number) <= 0) {
      throw invalidInput(FN, datumLocation('shape', at), withUid('be [height, width] of positive integers', uid), describe(datum.shape), 'TE-207');
    }
    checkMaskSize(h as number, w as number, datumLocation('shape', at), (rule) => withUid(rule, uid));
    heights[i] = h as number;
    widths[i] = w as number;
    for (const field of ['groundtruths', 'predictions'] as const) {
      const side = sides[field];
      asArray(datum[field], datumLocation(field, at)).forEach((rawAnn, j) => {
        const where = datumLocation(`${field}[${j}]`, at);
        const ann = asObject(rawAnn, where);
        checkKeys(ann, ANNOTATION_KEYS, where, (r) => withUid(r, uid));
        side.labels.push(labels.intern(asString(ann.label, datumLocation(`${field}[${j}].label`, at))));
        const mask = decodeMask(ann.mask, datumLocation(`${field}[${j}].mask`, at), (rule) => withUid(rule, uid));
        if (mask.height !== h || mask.width !== w) {
          throw invalidInput(FN, datumLocation(`${field}[${j}].mask`, at), withUid(`have the datum's shape ${h}×${w}`, uid), `a ${mask.height}×${mask.width} mask`, 'TE-207');
        }
        side.masks.push(mask.data);
      });
      side.offsets[i + 1] = side.masks.length;
    }
  });
  const pack = (s: typeof sides.groundtruths) => ({ offsets: s.offsets, labels: Int32Array.from(s.labels), masks: s.masks });
  return { labels: labels.labels, datumUids: uids, heights, widths, groundTruths: pack(sides.groundtruths), predictions: pack(sides.predictions) };
}

/** The evaluator of the request's datums; pixel counts via BitmaskIntersections on the chosen backend (exact integers on every backend). */
async function evaluatorOf(request: MetricRequest, options: EvaluateOptions, base: number): Promise<ValorSemanticSegmentation> {
  const batch = parseSegmentationData(request.data, base);
  let largest = 0;
  for (let d = 0; d < batch.datumUids.length; d++) {
    const masks = (batch.groundTruths.offsets[d + 1]! - batch.groundTruths.offsets[d]! + 1) * (batch.predictions.offsets[d + 1]! - batch.predictions.offsets[d]! + 1);
    largest = Math.max(largest, masks * batch.heights[d]! * batch.widths[d]!);
  }
  const backend = await requestKernelBackend(options.backend, 'BitmaskIntersections', largest);
  return new ValorSemanticSegmentation().updateOn(batch, { backend });
}

async function answer(request: MetricRequest, options: EvaluateOptions, evaluator: ValorSemanticSegmentation): Promise<MetricResponse> {
  const result = await evaluator.compute();
  return runCalls(request, options, () => result.precisionRecallIou());
}

/** The `semantic_segmentation` task (Valor semantics). */
export const semanticSegmentationTask: TaskHandler = {
  methods: { precision_recall_iou: [] },
  defaultSemantics: 'valor',
  semantics: ['valor'],
  async run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse> {
    return answer(request, options, await evaluatorOf(request, options, 0));
  },
  shards: {
    datumKeys: KEYS,
    accepts: () => true,
    state: async (request, options, base) => (await evaluatorOf(request, options, base)).toState(),
    finish: async (request, options, states) => answer(request, options, await mergeStates(states, () => new ValorSemanticSegmentation())),
  },
};
