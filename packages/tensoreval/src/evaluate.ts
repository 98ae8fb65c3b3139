import { checkInteger } from '@tensoreval/core';
import { TASKS, validateRequest, type EvaluateOptions, type MetricResponse } from './request';
import { checkRequestAgainstSchema } from './request/schema/check-request';
import { withAggregates } from './request/aggregates';

/**
 * Runs a metric request (DESIGN.md "Metric request"): `{ task, semantics?, data, metrics: [{id,
 * method, ...Valor parameters}] }` → `{ "<id>": output }`, each output in Valor's record shape
 * (`precision_recall`/`rocauc`/`precision_recall_iou` → `{MetricType: [records]}`, the others →
 * `[records]`).
 *
 * With `workers: N` (classification, semantic segmentation, object detection, embedding,
 * retrieval, text_generation), N threads each evaluate a contiguous shard of
 * the datums and the shards' states are merged exactly: the output is identical for every N.
 *
 * Bad input (unknown task, method or parameter; a malformed datum) throws a TensorEvalError that
 * names the field, the datum index and uid, and the rule.
 *
 * @example
 * const out = await evaluate({ task: 'classification', data: { datums: [{ uid: 'a', groundtruth: 'dog',
 *   predictions: ['dog', 'cat'], scores: [0.8, 0.2] }] }, metrics: [{ id: 'pr', method: 'precision_recall' }] });
 * out.pr.Accuracy[0].value; // 1
 */
export async function evaluate(request: unknown, options: EvaluateOptions = {}): Promise<MetricResponse> {
  const { request: valid, handler } = validateRequest(request, TASKS);
  await checkRequestAgainstSchema(request as Record<string, unknown>, valid, valid.task, handler);
  const workers = options.workers === undefined ? 1 : checkInteger(options.workers, 'workers', 'evaluate', { min: 1, max: 256 });
  const response = workers > 1 ? await (await import('./evaluate-workers')).evaluateInWorkers(valid, handler, options, workers) : await handler.run(valid, options);
  return handler.aggregates ? withAggregates(response, handler.aggregates === 'all') : response;
}
