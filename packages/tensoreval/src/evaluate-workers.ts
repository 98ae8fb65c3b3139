import { warn } from '@tensoreval/core';
import type { EvaluateOptions, MetricRequest, MetricResponse, TaskHandler } from './request';
import { runEvaluateShard, splitRequest, type EvaluateShardOutcome, type EvaluateShardTask } from './evaluate-shard';
import { runInPool } from './shard-pool';
import { errorFromWire } from './wire-error';

/**
 * `evaluate` over `workers` threads: the datums are cut into contiguous shards, each thread turns
 * its shard into an evaluator state, and this thread merges the states in datum order and answers
 * the calls, so the response is the one-thread response exactly. A shard's bad datum is the usual
 * one-line error naming the datum by its index in the whole request, prefixed with `shard i of n`.
 */
export async function evaluateInWorkers(request: MetricRequest, handler: TaskHandler, options: EvaluateOptions, workers: number): Promise<MetricResponse> {
  const tasks = splitRequest(request, handler, options, workers, 'workers');
  const outcomes = await runInPool<EvaluateShardTask, EvaluateShardOutcome>('evaluate-shard-worker', tasks, (t) => runEvaluateShard(t));
  return finishEvaluateShards(request, handler, options, outcomes);
}

/**
 * Merges the shards' states (the first failed shard's error is thrown) and answers the calls; the
 * warnings shards collected are raised here, in datum order, as one pass raises them.
 */
export function finishEvaluateShards(request: MetricRequest, handler: TaskHandler, options: EvaluateOptions, outcomes: readonly EvaluateShardOutcome[]): Promise<MetricResponse> {
  const states = outcomes.map((outcome, i) => {
    if ('error' in outcome) throw errorFromWire(outcome.error, `shard ${i + 1} of ${outcomes.length}`);
    return outcome.state;
  });
  for (const outcome of outcomes) if ('warnings' in outcome) for (const w of outcome.warnings) warn(w.category, w.message);
  return handler.shards!.finish(request, options, states);
}
