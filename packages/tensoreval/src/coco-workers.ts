import { accumulateGrouping, cocoStateMatches, emptyCocoAccumulated, finishCocoState, mergeCocoStates, type CocoAccumulated, type CocoEvaluation, type CocoState, type ImageMatches, type LoadedCocoGt } from '@tensoreval/metrics/detection';
import { DEFAULT_STREAM_ABOVE, readsMasks, resultsBytesOrStream, scannable } from './coco-files';
import { cocoShardOptions, type CocoShardOptions, type CocoShardTask } from './coco-shard';
import cocoShardWorker, { type CocoWorkerOutcome, type CocoWorkerTask } from './coco-shard-worker';
import { joinColumns, type LoadGtOutcome, type ScannedColumns, type ScannedRange, type ScanRangeOutcome } from './coco-split';
import type { EvaluateCocoOptions } from './evaluate-coco';
import { recordCuts, recordRanges } from './json-record-ranges';
import { MAX_TEXT_BYTES, readSharedInputBytes, tooLongInput } from './read-json';
import { errorFromWire, errorToWire, type WireError } from './wire-error';
import { orThreadError, withPool } from './shard-pool';
import { sharedAlloc } from './shared-memory';

type ShardOutcome = { state: CocoState } | { error: WireError };
type RunTask = (task: CocoWorkerTask) => Promise<CocoWorkerOutcome>;

const CALLER = 'evaluateCoco';

/**
 * `evaluateCoco` over `workers` threads, on regular files (`evaluateCoco` copies a pipe to one first;
 * errors name `names`). This thread reads both files once; one thread loads the GT while the threads scan the
 * results file in byte ranges of whole records (more ranges than threads, so the thread that loads
 * the GT takes fewer), and this thread joins their columns in file order; then each thread
 * evaluates a contiguous shard of the GT images over the loaded GT and all the columns and returns
 * its state; this thread merges the states, and the threads accumulate slices of the categories
 * into shared arrays, so the result is the one-thread result bit for bit. Inputs the scanner does
 * not take (irregular records, keypoints, LVIS, results that stream) and a GT that does not load go
 * the way one pass reads them, each thread parsing the bytes read here (or streaming the results
 * file), so errors are one pass's. A shard's bad input is the usual one-line error, prefixed with
 * `shard i of n`; so is a thread that dies (TE-304).
 */
export async function evaluateCocoInWorkers(gtFile: string, dtFile: string, names: { gt: string; dt: string }, options: EvaluateCocoOptions, workers: number): Promise<CocoEvaluation> {
  options.onStage?.('load');
  const shardOptions = cocoShardOptions(options);
  return withPool<CocoWorkerTask, CocoWorkerOutcome, CocoEvaluation>('coco-shard-worker', workers, cocoShardWorker, async (run) => {
    const read = await readInputsOnce(gtFile, dtFile, shardOptions, names);
    let outcomes = read === undefined ? undefined : await scannedShards(read, names, shardOptions, workers, run);
    if (outcomes === undefined) {
      const tasks: CocoShardTask[] = Array.from({ length: workers }, (_, index) => ({ gt: gtFile, dt: dtFile, gtName: names.gt, dtName: names.dt, ...read, options: shardOptions, index, count: workers }));
      outcomes = await Promise.all(tasks.map((t) => shardOutcome(run(t))));
    }
    // the merged columns accumulate reads go to shared memory, for the threads that accumulate category slices
    const state = mergeShards(outcomes.map((o, i) => ({ outcome: o, where: `shard ${i + 1} of ${workers}` })), options, sharedAlloc);
    const matches = cocoStateMatches(state, sharedAlloc);
    options.onStage?.('accumulate');
    const arrays = await accumulateInSlices(state, matches, workers, run);
    return finishCocoState(state, options, { matches, arrays });
  });
}

/** A shard's outcome; a thread that died running it is its error (the merge names the shard). */
function shardOutcome(outcome: Promise<CocoWorkerOutcome>): Promise<ShardOutcome> {
  return orThreadError(outcome as Promise<ShardOutcome>);
}

/** `step`'s outcome; a thread that died running it is thrown, naming the step. */
function stepOutcome<O>(outcome: Promise<CocoWorkerOutcome>, step: string): Promise<O> {
  return (outcome as Promise<O>).catch((error: unknown) => {
    throw errorFromWire(errorToWire(error), step);
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
  await Promise.all(slices.map(({ from, to }) => stepOutcome(run({ kind: 'accumulate', matches: slim, score: state.rows.score, params: state.params, slice: { from, to, into, grouping } }), `the thread accumulating categories ${from + 1}-${to} of ${matches.groups}`)));
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

/** Both files' inflated bytes, read once for a run (shared memory); `'stream'`: the results file streams; none: each thread reads it. */
interface InputBytes {
  gtBytes: Uint8Array;
  dtBytes?: Uint8Array | 'stream';
}

/**
 * Reads both files once, each inflated no further than it can be used: the GT up to the longest
 * text (past it, TE-209 as one pass), the results file up to the streaming limit (past it, it
 * streams: decided here, once for every thread). Undefined where the GT cannot be read, and no
 * results bytes where they cannot: each thread then reads that file and reports the error as one
 * pass does.
 */
async function readInputsOnce(gt: string, dt: string, options: CocoShardOptions, names: { gt: string; dt: string }): Promise<InputBytes | undefined> {
  const streamAbove = options.streamAboveBytes ?? DEFAULT_STREAM_ABOVE;
  // both at once: the GT up to the longest text, the results as one pass decides (whole or streamed)
  const [gtRead, dtRead] = await Promise.allSettled([
    readSharedInputBytes(CALLER, gt, MAX_TEXT_BYTES, names.gt),
    resultsBytesOrStream(dt, streamAbove, names.dt, true),
  ]);
  // one pass reports the GT first: a GT past the bound whatever the results (no thread inflates it again)
  if (gtRead.status === 'fulfilled' && gtRead.value === undefined) throw tooLongInput(CALLER, names.gt, MAX_TEXT_BYTES);
  if (gtRead.status === 'rejected') return undefined;
  const gtBytes = gtRead.value as Uint8Array;
  // a results file that cannot be read: each thread reads it and reports the error after parsing the GT, as one pass
  return dtRead.status === 'rejected' ? { gtBytes } : { gtBytes, dtBytes: dtRead.value };
}

/**
 * Reads both files once: `run` loads the GT while it scans the results file in `ranges` byte ranges,
 * and the columns are joined in file order. Undefined where the inputs take the
 * one-file-per-shard path (keypoints, LVIS, files read by streaming, a file that cannot be read or
 * a GT that does not load, records the scanner declines), which then reports any error as one pass does.
 */
export async function scanInputsOnce(gt: string, dt: string, options: CocoShardOptions, ranges: number, run: RunTask): Promise<ScannedInputs | undefined> {
  if (!scannable(options)) return undefined;
  let read: InputBytes | undefined;
  try {
    read = await readInputsOnce(gt, dt, options, { gt, dt });
  } catch {
    return undefined;
  }
  return read === undefined ? undefined : scanRead(read, gt, options, ranges, run);
}

/** The GT loaded and the results scanned from bytes read once; undefined where the scanner declines them (see {@link scanInputsOnce}). */
async function scanRead(read: InputBytes, gt: string, options: CocoShardOptions, ranges: number, run: RunTask): Promise<ScannedInputs | undefined> {
  const { gtBytes, dtBytes } = read;
  if (!scannable(options) || dtBytes === undefined || dtBytes === 'stream') return undefined;
  const iouType = options.iouType ?? 'bbox';
  const withMasks = readsMasks(options);
  const loading = stepOutcome<LoadGtOutcome>(run({ kind: 'gt', gtBytes, gt, iouType }), 'the thread loading the GT');
  loading.catch(() => undefined); // awaited below, after the scans: a failure must not go unhandled meanwhile
  const cut = recordRanges(dtBytes.length, recordCuts(dtBytes, ranges));
  const scans = await Promise.all(cut.map((range) => stepOutcome<ScanRangeOutcome>(run({ kind: 'scan', bytes: dtBytes, range, withMasks }), `the thread scanning bytes ${range.start}-${range.end} of the results`)));
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
 * inputs take the one-file-per-thread path (which then reports any error as one pass does).
 */
async function scannedShards(read: InputBytes, names: { gt: string; dt: string }, options: CocoShardOptions, workers: number, run: RunTask): Promise<ShardOutcome[] | undefined> {
  const inputs = await scanRead(read, names.gt, options, workers * RANGES_PER_THREAD, run);
  if (inputs === undefined) return undefined;
  return Promise.all(Array.from({ length: workers }, (_, index) => shardOutcome(run({ kind: 'evaluate', ...inputs, gt: names.gt, dt: names.dt, options, index, count: workers }))));
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
