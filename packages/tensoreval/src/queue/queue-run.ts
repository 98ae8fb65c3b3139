import { invalidInput, invalidOption } from '@tensoreval/core';
import { decodeCocoState, resolveCocoParams, stateHasParams, type CocoEvaluation, type CocoState } from '@tensoreval/metrics/detection';
import { cocoShardOptions } from '../coco-shard';
import { finishShards } from '../coco-workers';
import type { EvaluateCocoOptions } from '../evaluate-coco';
import { errorToWire, type WireError } from '../wire-error';
import { checkQueueRun, runShardJobs, type QueueRunOptions } from './queue-jobs';

export type { QueueRunOptions };

/**
 * `evaluateCoco` over a BullMQ queue: the inputs go to Redis (gzip, with a TTL) or to `shardDir`,
 * one job per shard of contiguous GT images is queued (retried with backoff when a worker fails,
 * returned to the queue when a worker dies), and the states the workers return are merged and
 * accumulated here, so the result is the local result bit for bit. A shard with bad input fails the
 * run with the usual one-line error, prefixed with the shard. Workers are `tensoreval worker --queue
 * URL` processes.
 * A Redis that cannot be reached or is lost is TE-401, an input it refuses to store TE-404, a run past `run.timeoutMs` TE-402 (naming
 * the unfinished shards), a job that stalls or fails on the workers for another reason than its
 * input TE-403; however the run ends (`run.signal` aborts it), its inputs and queued jobs are removed,
 * except after TE-401: with Redis gone, its inputs expire after 24 h and its queued jobs stay, for
 * workers that reconnect to run and fail on the expired inputs.
 */
export async function evaluateCocoOnQueue(gt: string, dt: string, options: EvaluateCocoOptions, run: QueueRunOptions): Promise<CocoEvaluation> {
  // shard states cross the queue as files, which hold no TIDE errors (threads carry them: --workers)
  checkQueueRun(run, 'evaluateCocoOnQueue');
  if (options.tide) throw invalidOption('evaluateCocoOnQueue', 'tide', 'absent with --queue (TIDE runs in one process: one thread or --workers)', options.tide, 'TE-103');
  options.onStage?.('load');
  const shardOptions = cocoShardOptions(options);
  // what every shard's state must have been evaluated with (invalid options fail here, before any job)
  const params = resolveCocoParams(shardOptions);
  const outcomes = await runShardJobs(run, 'evaluateCocoOnQueue', run.shards, 'coco-shard', { gt: { file: gt }, dt: { file: dt } }, (index, refs, runId, stateDir) => ({
    kind: 'coco', runId, index, count: run.shards, options: shardOptions, gt: refs.gt!, dt: refs.dt!, gtName: gt, dtName: dt,
    ...(stateDir === undefined ? {} : { stateDir }),
  }));
  const decoded = await Promise.all(outcomes.map(async (o, i): Promise<{ state: CocoState } | { error: WireError }> => {
    if ('error' in o) return o;
    try {
      const where = `state of shard ${i + 1}`;
      const state = await decodeCocoState(o.state, where);
      // a worker of another build or version must not merge in what it evaluated with other parameters
      if (!stateHasParams(state, params)) throw invalidInput('evaluateCocoOnQueue', where, "be evaluated with this run's parameters", 'other parameters (a worker of another version?)', 'TE-202');
      return { state };
    } catch (error) {
      return { error: errorToWire(error) };
    }
  }));
  return finishShards(decoded.map((outcome, i) => ({ outcome, where: `shard ${i + 1} of ${run.shards}` })), options);
}
