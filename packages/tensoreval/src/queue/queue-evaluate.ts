import { invalidOption } from '@tensoreval/core';
import { TASKS, validateRequest, type EvaluateOptions, type MetricResponse } from '../request';
import { splitRequest } from '../evaluate-shard';
import { finishEvaluateShards } from '../evaluate-workers';
import { checkQueueRun, runShardJobs, type QueueRunOptions } from './queue-jobs';

/**
 * `evaluate` over a BullMQ queue: the request's datums are cut into `run.shards` contiguous shards,
 * each shard's request travels through Redis (gzip, with a TTL) or `shardDir`, a worker turns it into
 * its evaluator state, and the states are merged here in datum order, so the response is the local
 * one exactly. A bad datum fails the run with the usual one-line error naming the shard and the
 * datum's index in the whole request. Workers are `tensoreval worker --queue URL` processes.
 * A Redis that cannot be reached or is lost is TE-401, an input it refuses to store TE-404, a run past `run.timeoutMs` TE-402 (naming
 * the unfinished shards), a job that stalls or fails on the workers for another reason than its
 * input TE-403; however the run ends (`run.signal` aborts it), its inputs and queued jobs are removed,
 * except after TE-401: with Redis gone, its inputs expire after 24 h and its queued jobs stay, for
 * workers that reconnect to run and fail on the expired inputs.
 */
export async function evaluateOnQueue(request: unknown, options: EvaluateOptions, run: QueueRunOptions): Promise<MetricResponse> {
  checkQueueRun(run, 'evaluateOnQueue');
  const { request: valid, handler } = validateRequest(request, TASKS);
  if (handler.shards?.localOnly) throw invalidOption('evaluate', 'queue', `left out for this request: ${handler.shards.localOnly}`, run.shards, 'TE-103');
  const tasks = splitRequest(valid, handler, options, run.shards, 'shards');
  const inputs = Object.fromEntries(tasks.map((t, i) => [`shard-${i}`, { bytes: Buffer.from(JSON.stringify(t.request)), fileName: `request-${i}.json` }]));
  const outcomes = await runShardJobs(run, 'evaluateOnQueue', tasks.length, 'evaluate-shard', inputs, (index, refs, runId, stateDir) => ({
    kind: 'evaluate', runId, index, count: tasks.length, request: refs[`shard-${index}`]!, base: tasks[index]!.base,
    ...(options.backend === undefined ? {} : { backend: options.backend }),
    ...(stateDir === undefined ? {} : { stateDir }),
  }));
  return finishEvaluateShards(valid, handler, options, outcomes);
}
