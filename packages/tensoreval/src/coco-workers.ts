import { finishCocoState, mergeCocoStates, type CocoEvaluation, type CocoState } from '@tensoreval/metrics/detection';
import { cocoShardOptions, runCocoShard, type CocoShardTask } from './coco-shard';
import type { EvaluateCocoOptions } from './evaluate-coco';
import { errorFromWire, type WireError } from './wire-error';
import { runInPool } from './shard-pool';

type ShardOutcome = Awaited<ReturnType<typeof runCocoShard>>;

/**
 * `evaluateCoco` over `workers` threads: the GT images are cut into `workers` contiguous shards, each
 * thread reads the files, evaluates its shard and returns its state, and this thread merges the
 * states and accumulates once, so the result is the one-thread result bit for bit. A shard's bad
 * input is the usual one-line error, prefixed with `shard i of n`.
 */
export async function evaluateCocoInWorkers(gt: string, dt: string, options: EvaluateCocoOptions, workers: number): Promise<CocoEvaluation> {
  options.onStage?.('load');
  const shardOptions = cocoShardOptions(options);
  const tasks: CocoShardTask[] = Array.from({ length: workers }, (_, index) => ({ gt, dt, options: shardOptions, index, count: workers }));
  const outcomes = await runInPool<CocoShardTask, ShardOutcome>('coco-shard-worker', tasks, runCocoShard);
  return finishShards(outcomes.map((o, i) => ({ outcome: o, where: `shard ${i + 1} of ${workers}` })), options);
}

/** Merges shard outcomes (the first failed shard's error is thrown) and accumulates once. */
export function finishShards(shards: ReadonlyArray<{ outcome: { state: CocoState } | { error: WireError }; where: string }>, options: EvaluateCocoOptions): CocoEvaluation {
  const states: CocoState[] = [];
  for (const { outcome, where } of shards) {
    if ('error' in outcome) throw errorFromWire(outcome.error, where);
    states.push(outcome.state);
  }
  options.onStage?.('evaluate');
  return finishCocoState(mergeCocoStates(states), options);
}
