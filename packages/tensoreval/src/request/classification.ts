import { invalidInput } from '@tensoreval/core';
import { LabelIndex, ValorClassification, type ClassificationBatch } from '@tensoreval/metrics/classification';
import { readDatums } from './datum-list';
import { asArray, asFiniteNumber, asString, datumLocation, FN, withUid } from './fields';
import { callOptions, runCalls } from './calls';
import { mergeStates } from './merge-states';
import type { EvaluateOptions, MetricRequest, MetricResponse, TaskHandler } from './types';

/**
 * Classification datums `{uid, groundtruth, predictions: [label...], scores: [float...]}` →
 * one columnar batch; label strings become ids here, in first-appearance order. Errors number the
 * datums from `base` (a shard's first datum index in the whole request).
 */
// Valor's fields; `metadata` (Valor's filter metadata) is accepted and not used
const KEYS = { data: new Set(['datums']), datum: new Set(['uid', 'groundtruth', 'predictions', 'scores', 'metadata']) };

function parseClassificationData(data: unknown, base: number): ClassificationBatch {
  const { datums, uids } = readDatums(data, base, KEYS);
  const labels = new LabelIndex();
  const groundTruths = new Int32Array(datums.length);
  const offsets = new Int32Array(datums.length + 1);
  const predLabels: number[] = [];
  const predScores: number[] = [];
  datums.forEach((datum, i) => {
    const at = base + i;
    const uid = uids[i] as string;
    groundTruths[i] = labels.intern(asString(datum.groundtruth, datumLocation('groundtruth', at)));
    const predictions = asArray(datum.predictions, datumLocation('predictions', at));
    const scores = asArray(datum.scores, datumLocation('scores', at));
    if (predictions.length !== scores.length) {
      throw invalidInput(FN, datumLocation('scores', at), withUid(`have one score per predicted label (${predictions.length})`, uid), `${scores.length} scores`, 'TE-202');
    }
    predictions.forEach((label, j) => {
      predLabels.push(labels.intern(asString(label, datumLocation(`predictions[${j}]`, at))));
      predScores.push(asFiniteNumber(scores[j], datumLocation(`scores[${j}]`, at)));
    });
    offsets[i + 1] = predLabels.length;
  });
  return {
    labels: labels.labels,
    datumUids: uids,
    groundTruths,
    predictionOffsets: offsets,
    predictionLabels: Int32Array.from(predLabels),
    predictionScores: Float64Array.from(predScores),
  };
}

const THRESHOLDS = ['score_thresholds', 'hardmax'] as const;
/** The example-listing methods also page their examples (`limit`, `offset`; see ./index.ts). */
const PAGED = [...THRESHOLDS, 'limit', 'offset'] as const;

/** The calls of a request, answered from the evaluator of its datums (one pass or merged shards). */
async function answer(request: MetricRequest, options: EvaluateOptions, evaluator: ValorClassification): Promise<MetricResponse> {
  const result = await evaluator.compute();
  return runCalls(request, options, (call) => {
    const options = callOptions(call, { score_thresholds: 'scoreThresholds', hardmax: 'hardmax', limit: 'limit', offset: 'offset' });
    switch (call.method) {
      case 'precision_recall': return result.precisionRecall(options);
      case 'rocauc': return result.rocauc();
      case 'confusion_matrix': return result.confusionMatrix(options);
      case 'examples': return result.examples(options);
      default: return result.confusionMatrixWithExamples(options);
    }
  });
}

/** The `classification` task: Valor semantics only (COCO has no classification). */
export const classificationTask: TaskHandler = {
  methods: {
    precision_recall: THRESHOLDS,
    rocauc: [],
    confusion_matrix: THRESHOLDS,
    examples: PAGED,
    confusion_matrix_with_examples: PAGED,
  },
  defaultSemantics: 'valor',
  semantics: ['valor'],
  run(request: MetricRequest, options: EvaluateOptions): Promise<MetricResponse> {
    return answer(request, options, new ValorClassification().update(parseClassificationData(request.data, 0)));
  },
  shards: {
    datumKeys: KEYS,
    accepts: () => true,
    state: async (request, _options, base) => new ValorClassification().update(parseClassificationData(request.data, base)).toState(),
    finish: async (request, options, states) => answer(request, options, await mergeStates(states, () => new ValorClassification())),
  },
};
