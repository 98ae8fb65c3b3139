// What a queue worker runs of a shard in a pool thread (coco-shard-worker.ts, evaluate-shard-worker.ts): the
// evaluation, the state's encoding and its gzip, so the worker's main thread keeps renewing the job's lock.
import type { TensorEvalWarning } from '@tensoreval/core';
import { encodeCocoState } from '@tensoreval/metrics/detection';
import { runCocoShard, type CocoShardTask } from '../coco-shard';
import { evaluateScannedShard, type ScannedShardTask } from '../coco-split';
import { runEvaluateShard } from '../evaluate-shard';
import { readJsonInput } from '../read-json';
import { errorToWire, type WireError } from '../wire-error';
import { compress } from './shard-job';

/**
 * A queued shard's gzip'd state, with its size in rows (evaluated detections, or datums) and its
 * warnings; `error`: its bad input (the job fails at once); `failed`: any other failure (the job is retried).
 */
export type QueuedShardOutcome = { bytes: Uint8Array; rows: number; warnings: TensorEvalWarning[] } | { error: WireError } | { failed: WireError };

/** A COCO shard of a queue job: over files read for it, or over the run's inputs read once ({@link ScannedShardTask}). */
export interface QueuedCocoTask {
  kind: 'queued';
  shard: CocoShardTask | ScannedShardTask;
}

/** Evaluates a {@link QueuedCocoTask} and returns its state encoded (Arrow IPC) and gzip'd. */
export async function queuedCocoShard(task: QueuedCocoTask): Promise<QueuedShardOutcome> {
  const out = 'kind' in task.shard ? await evaluateScannedShard(task.shard) : await runCocoShard(task.shard);
  if ('error' in out) return out;
  return packed(() => encodeCocoState(out.state), out.state.rows.score.length, []);
}

/** The state `encode` gives, gzip'd; a failure there is not bad input (`failed`: the job is retried). */
async function packed(encode: () => Promise<Uint8Array> | Uint8Array, rows: number, warnings: TensorEvalWarning[]): Promise<QueuedShardOutcome> {
  try {
    return { bytes: await compress(await encode()), rows, warnings };
  } catch (error) {
    return { failed: errorToWire(error) };
  }
}

/** A datum shard of an `evaluate` queue job: its request, already cut, in a local file. */
export interface QueuedEvaluateTask {
  requestPath: string;
  /** index of the shard's first datum in the whole request */
  base: number;
  backend?: string;
}

/** Reads a {@link QueuedEvaluateTask}'s request, evaluates it and returns its state gzip'd, with the warnings its datums raised. */
export async function queuedEvaluateShard(task: QueuedEvaluateTask): Promise<QueuedShardOutcome> {
  let request: { data: { datums: unknown[] } } & Record<string, unknown>;
  try {
    request = await readJsonInput('evaluate shard', task.requestPath) as typeof request;
  } catch (error) {
    return { failed: errorToWire(error) };
  }
  const out = await runEvaluateShard({ request: request as never, base: task.base, ...(task.backend === undefined ? {} : { backend: task.backend }) }, true);
  if ('error' in out) return out;
  return packed(() => out.state, request.data.datums.length, out.warnings);
}
