import { evaluateCocoState, type CocoEvaluateOptions, type CocoState } from '@tensoreval/metrics/detection';
import { DEFAULT_STREAM_ABOVE, readJsonFile, readResultsFile } from './coco-files';
import type { EvaluateCocoOptions } from './evaluate-coco';
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
}

/**
 * Reads both files (as `evaluateCoco` does) and evaluates the images of one shard. Errors come back
 * as data (`{ error }`) so the caller can name the shard and keep the code.
 */
export async function runCocoShard(task: CocoShardTask): Promise<{ state: CocoState } | { error: WireError }> {
  try {
    const { streamAboveBytes, ...options } = task.options;
    const gt = await readJsonFile(task.gt);
    const dt = await readResultsFile(task.dt, streamAboveBytes ?? DEFAULT_STREAM_ABOVE, options.iouType === 'segm' || options.iouType === 'boundary', options.iouType === 'keypoints' || options.lvis === true);
    const state = evaluateCocoState(gt as never, dt, { ...options, gtSource: task.gtName ?? task.gt, dtSource: task.dtName ?? task.dt }, { index: task.index, count: task.count });
    return { state };
  } catch (error) {
    return { error: errorToWire(error) };
  }
}
