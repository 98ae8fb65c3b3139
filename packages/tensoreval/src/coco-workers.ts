import { constants } from 'node:buffer';
import { stat } from 'node:fs/promises';
import { accumulateGrouping, cocoStateMatches, emptyCocoAccumulated, finishCocoState, mergeCocoStates, type CocoAccumulated, type CocoEvaluation, type CocoState, type ImageMatches, type LoadedCocoGt } from '@tensoreval/metrics/detection';
import { DEFAULT_STREAM_ABOVE } from './coco-files';
import { cocoShardOptions, type CocoShardOptions, type CocoShardTask } from './coco-shard';
import cocoShardWorker, { type CocoWorkerOutcome, type CocoWorkerTask } from './coco-shard-worker';
import { joinColumns, type LoadGtOutcome, type ScannedColumns, type ScannedRange, type ScanRangeOutcome } from './coco-split';
import type { EvaluateCocoOptions } from './evaluate-coco';
import { recordCuts, recordRanges } from './json-record-ranges';
import { readSharedInputBytes } from './read-json';
import { errorFromWire, type WireError } from './wire-error';
import { withPool } from './shard-pool';
import { sharedAlloc } from './shared-memory';

type ShardOutcome = { state: CocoState } | { error: WireError };
type RunTask = (task: CocoWorkerTask) => Promise<CocoWorkerOutcome>;

const CALLER = 'evaluateCoco';
const { MAX_STRING_LENGTH } = constants;

/**
 * `evaluateCoco` over `workers` threads. This thread reads both files once; one thread loads the GT
 * while the threads scan the results file in byte ranges of whole records (more ranges than threads,
 * so the thread that loads the GT takes fewer), and this thread joins their columns in file order;
 * then each thread evaluates a contiguous shard of the GT images over the loaded GT and all the
 * columns and returns its state; this thread merges the states, and the threads accumulate slices
 * of the categories into shared arrays, so the result is the one-thread result bit for bit. Inputs the scanner does not take (irregular records,
 * keypoints, LVIS, files read by streaming) and a GT that does not load go the way one pass reads
 * them, each thread reading the files itself, so errors are one pass's. A shard's bad input is the
 * usual one-line error, prefixed with `shard i of n`.
 */
export async function evaluateCocoInWorkers(gt: string, dt: string, options: EvaluateCocoOptions, workers: number): Promise<CocoEvaluation> {
  options.onStage?.('load');
  const shardOptions = cocoShardOptions(options);
  return withPool<CocoWorkerTask, CocoWorkerOutcome, CocoEvaluation>('coco-shard-worker', workers, cocoShardWorker, async (run) => {
    let outcomes = await scannedShards(gt, dt, shardOptions, workers, run);
    if (outcomes === undefined) {
      const tasks: CocoShardTask[] = Array.from({ length: workers }, (_, index) => ({ gt, dt, options: shardOptions, index, count: workers }));
      outcomes = await Promise.all(tasks.map((t) => run(t) as Promise<ShardOutcome>));
    }
    // the merged columns accumulate reads go to shared memory, for the threads that accumulate category slices
    const state = mergeShards(outcomes.map((o, i) => ({ outcome: o, where: `shard ${i + 1} of ${workers}` })), options, sharedAlloc);
    const matches = cocoStateMatches(state, sharedAlloc);
    options.onStage?.('accumulate');
    const arrays = await accumulateInSlices(state, matches, workers, run);
    return finishCocoState(state, options, { matches, arrays });
  });
}

/**
 * The accumulate arrays of the merged state, each of `workers` threads filling a slice of the
 * categories (into shared memory), the slices cut so each holds about as many evaluated rows. The
 * rows' grouping by category is built once, here, for every slice. Categories are independent in
 * accumulate, so the arrays are the one-thread arrays bit for bit.
 */
async function accumulateInSlices(state: CocoState, matches: ImageMatches, workers: number, run: RunTask): Promise<CocoAccumulated> {
  const into = emptyCocoAccumulated(state.params, matches.groups, sharedAlloc);
  const grouping = accumulateGrouping(matches, sharedAlloc);
  const { groupStart } = grouping;
  const rows = groupStart[matches.groups] as number;
  const bounds = [0];
  for (let k = 0; k < matches.groups && bounds.length < workers; k++) {
    if ((groupStart[k + 1] as number) >= (bounds.length * rows) / workers) bounds.push(k + 1);
  }
  bounds.push(matches.groups);
  const slices = bounds.slice(1).map((to, i) => ({ from: bounds[i] as number, to })).filter((r) => r.to > r.from);
  // what accumulate reads lies in shared memory (merge and orders allocated it there): the threads receive handles;
  // the columns it does not read stay behind
  const slim: ImageMatches = { ...matches, matchedIou: new Float64Array(0), gtRows: new Int32Array(0) };
  await Promise.all(slices.map(({ from, to }) => run({ kind: 'accumulate', matches: slim, score: state.rows.score, params: state.params, slice: { from, to, into, grouping } })));
  return into;
}

/** Ranges of the results file per thread: more ranges than threads, so the thread that loads the GT takes fewer (not tuned by measurement). */
const RANGES_PER_THREAD = 3;

/** The inputs of a run read once: the loaded GT and the results file's bytes and columns (in shared memory). */
export interface ScannedInputs {
  loadedGt: LoadedCocoGt;
  dtBytes: Uint8Array;
  columns: ScannedColumns;
}

/**
 * Reads both files once: `run` loads the GT while it scans the results file in `ranges` byte ranges,
 * and the columns are joined in file order. Undefined where the inputs take the
 * one-file-per-shard path (keypoints, LVIS, files read by streaming, texts past one string, a GT
 * that does not load, records the scanner declines), which then reports any error as one pass does.
 */
export async function scanInputsOnce(gt: string, dt: string, options: CocoShardOptions, ranges: number, run: RunTask): Promise<ScannedInputs | undefined> {
  // keypoint and LVIS results are read as records
  if (options.iouType === 'keypoints' || options.lvis === true) return undefined;
  const iouType = options.iouType ?? 'bbox';
  const withMasks = iouType === 'segm' || iouType === 'boundary';
  let gtBytes: Uint8Array, dtBytes: Uint8Array;
  try {
    if ((await stat(dt)).size >= (options.streamAboveBytes ?? DEFAULT_STREAM_ABOVE)) return undefined;
    [gtBytes, dtBytes] = await Promise.all([readSharedInputBytes(CALLER, gt), readSharedInputBytes(CALLER, dt)]);
    // a results file that inflates past the streaming limit streams as in one pass; texts that may not fit in one
    // string: one pass decides (TE-209 or not)
    if (dtBytes.length >= (options.streamAboveBytes ?? DEFAULT_STREAM_ABOVE) || gtBytes.length > MAX_STRING_LENGTH || dtBytes.length > MAX_STRING_LENGTH) return undefined;
  } catch {
    return undefined;
  }
  const loading = run({ kind: 'gt', gtBytes, gt, iouType }) as Promise<LoadGtOutcome>;
  const cut = recordRanges(dtBytes.length, recordCuts(dtBytes, ranges));
  const scans = (await Promise.all(cut.map((range) => run({ kind: 'scan', bytes: dtBytes, range, withMasks })))) as ScanRangeOutcome[];
  const loaded = await loading;
  const scanned: ScannedRange[] = [];
  for (const s of scans) {
    if ('declined' in s) return undefined;
    scanned.push(s);
  }
  if ('declined' in loaded) return undefined;
  return { loadedGt: loaded.gt, dtBytes, columns: joinColumns(scanned, withMasks, dtBytes.length) };
}

/**
 * The shards' outcomes over files read once, the results scanned in ranges; undefined where the
 * inputs take the one-file-per-thread path (which then reports any reading error as one pass does).
 */
async function scannedShards(gt: string, dt: string, options: CocoShardOptions, workers: number, run: RunTask): Promise<ShardOutcome[] | undefined> {
  const inputs = await scanInputsOnce(gt, dt, options, workers * RANGES_PER_THREAD, run);
  if (inputs === undefined) return undefined;
  return Promise.all(Array.from({ length: workers }, (_, index) => run({ kind: 'evaluate', ...inputs, gt, dt, options, index, count: workers }) as Promise<ShardOutcome>));
}

/** Merges shard outcomes; the first failed shard's error is thrown. */
function mergeShards(shards: ReadonlyArray<{ outcome: ShardOutcome; where: string }>, options: EvaluateCocoOptions, alloc?: (bytes: number) => ArrayBufferLike): CocoState {
  const states: CocoState[] = [];
  for (const { outcome, where } of shards) {
    if ('error' in outcome) throw errorFromWire(outcome.error, where);
    states.push(outcome.state);
  }
  options.onStage?.('evaluate');
  return mergeCocoStates(states, alloc);
}

/** Merges shard outcomes (the first failed shard's error is thrown) and accumulates once. */
export function finishShards(shards: ReadonlyArray<{ outcome: ShardOutcome; where: string }>, options: EvaluateCocoOptions): CocoEvaluation {
  return finishCocoState(mergeShards(shards, options), options);
}
