import { constants } from 'node:buffer';
import { stat } from 'node:fs/promises';
import { finishCocoState, mergeCocoStates, type CocoEvaluation, type CocoState } from '@tensoreval/metrics/detection';
import { DEFAULT_STREAM_ABOVE } from './coco-files';
import { cocoShardOptions, type CocoShardOptions, type CocoShardTask } from './coco-shard';
import cocoShardWorker, { type CocoWorkerOutcome, type CocoWorkerTask } from './coco-shard-worker';
import { joinColumns, type LoadGtOutcome, type ScannedRange, type ScanRangeOutcome } from './coco-split';
import type { EvaluateCocoOptions } from './evaluate-coco';
import { recordCuts, recordRanges } from './json-record-ranges';
import { readInputBytes } from './read-json';
import { errorFromWire, type WireError } from './wire-error';
import { withPool } from './shard-pool';

type ShardOutcome = { state: CocoState } | { error: WireError };
type RunTask = (task: CocoWorkerTask) => Promise<CocoWorkerOutcome>;

const CALLER = 'evaluateCoco';
const { MAX_STRING_LENGTH } = constants;

/**
 * `evaluateCoco` over `workers` threads. This thread reads both files once; one thread loads the GT
 * while the threads scan the results file in byte ranges of whole records (more ranges than threads,
 * so the thread that loads the GT takes fewer), and this thread joins their columns in file order;
 * then each thread evaluates a contiguous shard of the GT images over the loaded GT and all the
 * columns and returns its state, and this thread merges the states and accumulates once, so the
 * result is the one-thread result bit for bit. Inputs the scanner does not take (irregular records,
 * keypoints, LVIS, files read by streaming) and a GT that does not load go the way one pass reads
 * them, each thread reading the files itself, so errors are one pass's. A shard's bad input is the
 * usual one-line error, prefixed with `shard i of n`.
 */
export async function evaluateCocoInWorkers(gt: string, dt: string, options: EvaluateCocoOptions, workers: number): Promise<CocoEvaluation> {
  options.onStage?.('load');
  const shardOptions = cocoShardOptions(options);
  const outcomes = await withPool<CocoWorkerTask, CocoWorkerOutcome, ShardOutcome[]>('coco-shard-worker', workers, cocoShardWorker, async (run) => {
    const split = await scannedShards(gt, dt, shardOptions, workers, run);
    if (split !== undefined) return split;
    const tasks: CocoShardTask[] = Array.from({ length: workers }, (_, index) => ({ gt, dt, options: shardOptions, index, count: workers }));
    return Promise.all(tasks.map((t) => run(t) as Promise<ShardOutcome>));
  });
  return finishShards(outcomes.map((o, i) => ({ outcome: o, where: `shard ${i + 1} of ${workers}` })), options);
}

/** Ranges of the results file per thread: enough that the thread loading the GT is not the last to finish. */
const RANGES_PER_THREAD = 3;

/**
 * The shards' outcomes over files read once, the results scanned in ranges; undefined where the
 * inputs take the one-file-per-thread path (which then reports any reading error as one pass does).
 */
async function scannedShards(gt: string, dt: string, options: CocoShardOptions, workers: number, run: RunTask): Promise<ShardOutcome[] | undefined> {
  // keypoint and LVIS results are read as records
  if (options.iouType === 'keypoints' || options.lvis === true) return undefined;
  const iouType = options.iouType ?? 'bbox';
  const withMasks = iouType === 'segm' || iouType === 'boundary';
  let gtBytes: Uint8Array, dtBytes: Uint8Array;
  try {
    if ((await stat(dt)).size >= (options.streamAboveBytes ?? DEFAULT_STREAM_ABOVE)) return undefined;
    const read = await Promise.all([readInputBytes(CALLER, gt), readInputBytes(CALLER, dt)]);
    // texts that may not fit in one string: one pass decides (TE-209 or not)
    if (read.some((b) => b.length > MAX_STRING_LENGTH)) return undefined;
    [gtBytes, dtBytes] = read.map(sharedCopy) as [Uint8Array, Uint8Array];
  } catch {
    return undefined;
  }
  const loading = run({ kind: 'gt', gtBytes, gt, iouType }) as Promise<LoadGtOutcome>;
  const ranges = recordRanges(dtBytes.length, recordCuts(dtBytes, workers * RANGES_PER_THREAD));
  const scans = (await Promise.all(ranges.map((range) => run({ kind: 'scan', bytes: dtBytes, range, withMasks })))) as ScanRangeOutcome[];
  const loaded = await loading;
  const scanned: ScannedRange[] = [];
  for (const s of scans) {
    if ('declined' in s) return undefined;
    scanned.push(s);
  }
  if ('declined' in loaded) return undefined;
  const columns = joinColumns(scanned, withMasks);
  return Promise.all(Array.from({ length: workers }, (_, index) => run({ kind: 'evaluate', loadedGt: loaded.gt, dtBytes, columns, gt, dt, options, index, count: workers }) as Promise<ShardOutcome>));
}

/** `bytes` in a SharedArrayBuffer: every thread reads the one copy. */
function sharedCopy(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(new SharedArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}

/** Merges shard outcomes (the first failed shard's error is thrown) and accumulates once. */
export function finishShards(shards: ReadonlyArray<{ outcome: ShardOutcome; where: string }>, options: EvaluateCocoOptions): CocoEvaluation {
  const states: CocoState[] = [];
  for (const { outcome, where } of shards) {
    if ('error' in outcome) throw errorFromWire(outcome.error, where);
    states.push(outcome.state);
  }
  options.onStage?.('evaluate');
  return finishCocoState(mergeCocoStates(states), options);
}
