import { AsyncLocalStorage } from 'node:async_hooks';
import { getWarningHandler, invalidOption, setWarningHandler, type TensorEvalWarning, type WarningHandler } from '@tensoreval/core';
import { TASKS, validateRequest, type MetricRequest, type TaskHandler } from './request';
import { readDatums } from './request/datum-list';
import type { JudgeOverrides, TextGenerationRunOptions } from './request/text-generation';
import { errorToWire, type WireError } from './wire-error';

/** One datum shard of a metric request: plain data only (it crosses threads and queues). */
export interface EvaluateShardTask {
  /** the request with `data.datums` cut to this shard's datums */
  request: MetricRequest;
  /** index of the shard's first datum in the whole request (errors name datums by it) */
  base: number;
  /** `evaluate`'s backend option */
  backend?: string;
  /** a judged request's judge overrides (threads only: never sent to a queue) */
  judgeOverrides?: JudgeOverrides;
}

/**
 * Cuts the request's datums into at most `count` contiguous shards (never an empty one), or throws
 * a TE-103 line when the request's task cannot be sharded. The whole request's datums are checked
 * here first (objects, the task's keys, uids unique across shards), with a one-pass run's messages,
 * as one pass checks them first: each shard then checks only its own.
 */
export function splitRequest(request: MetricRequest, handler: TaskHandler, options: TextGenerationRunOptions, count: number, option: string): EvaluateShardTask[] {
  const refuse = () => invalidOption('evaluate', option, "1 for this request: only classification, semantic_segmentation, object_detection (not polygons with semantics 'coco'), embedding, retrieval and text_generation split their datums into shards", count, 'TE-103');
  if (handler.shards === undefined) throw refuse();
  const { root: data, datums } = readDatums(request.data, 0, handler.shards.datumKeys);
  if (!handler.shards.accepts(request, options)) throw refuse();
  const { backend, judgeOverrides } = options;
  const shards = Math.max(1, Math.min(count, datums.length));
  return Array.from({ length: shards }, (_, i) => {
    const base = Math.floor((i * datums.length) / shards);
    const end = Math.floor(((i + 1) * datums.length) / shards);
    return { request: { ...request, data: { ...data, datums: datums.slice(base, end) } }, base, ...(backend === undefined ? {} : { backend }), ...(judgeOverrides === undefined ? {} : { judgeOverrides }) };
  });
}

/** A shard's state and the warnings its datums raised (replayed by the coordinator), or its error as data. */
export type EvaluateShardOutcome = { state: Uint8Array; warnings: TensorEvalWarning[] } | { error: WireError };

/** The warnings of the shard running in the current async context (shards of one worker process may overlap). */
const shardWarnings = new AsyncLocalStorage<TensorEvalWarning[]>();
/** Where warnings raised outside any shard go: the handler that was current when the router was installed. */
let passOn: WarningHandler = () => {};
const router: WarningHandler = (w) => {
  const sink = shardWarnings.getStore();
  if (sink) sink.push(w);
  else passOn(w);
};

/**
 * Evaluates one shard into its serialised state; errors come back as data so the caller can name
 * the shard. With `collectWarnings` (a worker thread or queue worker) the shard's warnings are
 * returned, for the coordinator to raise in datum order; otherwise they go to this thread's handler
 * as raised.
 */
export async function runEvaluateShard(task: EvaluateShardTask, collectWarnings = false): Promise<EvaluateShardOutcome> {
  const warnings: TensorEvalWarning[] = [];
  if (collectWarnings && getWarningHandler() !== router) {
    passOn = getWarningHandler();
    setWarningHandler(router);
  }
  const work = async (): Promise<EvaluateShardOutcome> => {
    try {
      const { request, handler } = validateRequest(task.request, TASKS);
      if (!handler.shards) throw new Error(`task '${request.task}' has no shard state`);
      const options = { ...(task.backend === undefined ? {} : { backend: task.backend }), ...(task.judgeOverrides === undefined ? {} : { judgeOverrides: task.judgeOverrides }) };
      return { state: await handler.shards.state(request, options, task.base), warnings };
    } catch (error) {
      return { error: errorToWire(error) };
    }
  };
  return collectWarnings ? shardWarnings.run(warnings, work) : work();
}
