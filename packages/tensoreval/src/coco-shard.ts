import { evaluateCocoState, type CocoEvaluateOptions, type CocoState } from '@tensoreval/metrics/detection';
import { DEFAULT_STREAM_ABOVE, readJsonFile, readResultsFile, readsMasks, readsRecords, resultsFromBytes, streamResults } from './coco-files';
import type { EvaluateCocoOptions } from './evaluate-coco';
import { jsonFromBytes } from './read-json';
import { errorToWire, type WireError } from './wire-error';

/** Options a shard runs with: plain data only (it crosses threads and queues). */
export type CocoShardOptions = Omit<CocoEvaluateOptions, 'gtSource' | 'dtSource' | 'onStage' | 'gtMasks'> & { streamAboveBytes?: number };

/**
 * What every shard of a run gets from the run's options: all but what stays in this thread (the
 * `onStage` callback, pre-rasterised `gtMasks`) and what a shard does not take (`workers`; `backend`,
 * as a shard always runs the cpu reference path the run's backend check allowed).
 */
export function cocoShardOptions(options: EvaluateCocoOptions): CocoShardOptions {
  const { onStage: _onStage, gtMasks: _gtMasks, workers: _workers, backend: _backend, ...shard } = options;
  return shard;
}

const CALLER = 'evaluateCoco';

/** One shard of a COCO evaluation over files: shard `index` of `count` (contiguous GT image ranges). */
export interface CocoShardTask {
  gt: string;
  dt: string;
  options: CocoShardOptions;
  index: number;
  count: number;
  /** names of the inputs in error messages when `gt` / `dt` are local copies (default: the paths) */
  gtName?: string;
  dtName?: string;
  /** the GT's inflated bytes, read once for the run (shared memory): not read from `gt` again */
  gtBytes?: Uint8Array;
  /** the results' inflated bytes, read once for the run; or `'stream'`: they stream from `dt` (decided once, past the streaming limit) */
  dtBytes?: Uint8Array | 'stream';
}

/**
 * Reads both files (as `evaluateCoco` does) and evaluates the images of one shard. Errors come back
 * as data (`{ error }`) so the caller can name the shard and keep the code.
 */
export async function runCocoShard(task: CocoShardTask): Promise<{ state: CocoState } | { error: WireError }> {
  try {
    const { streamAboveBytes, ...options } = task.options;
    const gtName = task.gtName ?? task.gt, dtName = task.dtName ?? task.dt;
    const withMasks = readsMasks(options), records = readsRecords(options);
    const gt = task.gtBytes === undefined ? await readJsonFile(task.gt, gtName) : jsonFromBytes(CALLER, gtName, task.gtBytes);
    const dt = task.dtBytes === 'stream' ? await streamResults(task.dt, dtName)
      : task.dtBytes !== undefined ? resultsFromBytes(task.dtBytes, withMasks, records, dtName)
      : await readResultsFile(task.dt, streamAboveBytes ?? DEFAULT_STREAM_ABOVE, withMasks, records, dtName);
    const state = evaluateCocoState(gt as never, dt, { ...options, gtSource: gtName, dtSource: dtName }, { index: task.index, count: task.count });
    return { state };
  } catch (error) {
    return { error: errorToWire(error) };
  }
}
