import { accumulateCoco, cocoShardRange, evaluateCocoState, loadCocoGt, scanBoxResults, type AccumulateSlice, type CocoDataset, type CocoParams, type CocoState, type ImageMatches, type LoadedCocoGt, type ScannedBoxResults } from '@tensoreval/metrics/detection';
import type { CocoShardOptions } from './coco-shard';
import { rangeText, type RecordRange } from './json-record-ranges';
import { jsonFromBytes, utf8Text } from './read-json';
import { errorToWire, type WireError } from './wire-error';
import { sharedAlloc, withSharedArrays } from './shared-memory';

/**
 * The rounds of `evaluateCoco(..., { workers })` over files read once (coco-workers.ts): in the
 * first, one thread loads the GT ({@link loadGtTask}) while the threads scan byte ranges of the
 * results file into columns ({@link scanResultsRange}); in the second, each thread evaluates one
 * image shard over the loaded GT and all the columns, concatenated in file order
 * ({@link evaluateScannedShard}); in the third, each thread accumulates a slice of the categories
 * of the merged state ({@link accumulateTask}). Bytes and joined columns lie in SharedArrayBuffers and no thread
 * writes into them, so handing them to a thread copies nothing; the loaded GT is a few typed arrays.
 */

/** Columns of scanned records; mask strings as offsets into the UTF-8 text of the whole file. */
export interface ScannedColumns {
  count: number;
  imageId: Float64Array;
  categoryId: Float64Array;
  score: Float64Array;
  boxes: Float64Array;
  masks?: {
    starts: Int32Array; ends: Int32Array; heights: Int32Array; widths: Int32Array;
    /** set by {@link joinColumns}: every character of the text is one byte of the file, so the offsets are byte offsets too */
    charsAreBytes?: boolean;
  };
}

/** Round 1: scan `range` of the results file `bytes` (masks located, as `readResultsFile` does). */
export interface ScanRangeTask {
  kind: 'scan';
  bytes: Uint8Array;
  range: RecordRange;
  withMasks: boolean;
}

/**
 * The range's columns with mask offsets into the range's text, which holds `prefix` characters before
 * the range's own `length` (the '[' put before all but the first), or
 * `declined` where the scanner does not accept it (the run then takes the one-file-per-thread path,
 * which reports bad input as one pass does).
 */
export type ScanRangeOutcome = ScannedRange | { declined: true };
export interface ScannedRange { columns: ScannedColumns; prefix: number; length: number }

export async function scanResultsRange(task: ScanRangeTask): Promise<ScanRangeOutcome> {
  const { text, prefix, length } = rangeText(task.bytes, task.range);
  const s = scanBoxResults(text, { masks: task.withMasks ? 'locate' : 'skip' });
  if (s === undefined) return { declined: true };
  // shared copies of exactly `count` rows: the scanner's columns are views over grown buffers, which a message would copy whole
  const columns: ScannedColumns = withSharedArrays({ count: s.count, imageId: s.imageId, categoryId: s.categoryId, score: s.score, boxes: s.boxes });
  if (s.maskRefs) {
    const { starts, ends, heights, widths } = s.maskRefs;
    columns.masks = withSharedArrays({ starts, ends, heights, widths });
  }
  return { columns, prefix, length };
}

/**
 * The ranges' columns in file order, in shared memory; mask offsets move from each range's text to
 * the whole file's (the ranges' own texts joined by the commas between them).
 */
export function joinColumns(scans: readonly ScannedRange[], withMasks: boolean, fileBytes: number): ScannedColumns {
  let n = 0;
  for (const s of scans) n += s.columns.count;
  const f64 = (k: number) => new Float64Array(sharedAlloc(8 * k * n));
  const i32 = () => new Int32Array(sharedAlloc(4 * n));
  const out: ScannedColumns = { count: n, imageId: f64(1), categoryId: f64(1), score: f64(1), boxes: f64(4) };
  const masks = withMasks ? { starts: i32(), ends: i32(), heights: i32(), widths: i32(), charsAreBytes: false } : undefined;
  if (masks) out.masks = masks;
  let at = 0, chars = 0;
  for (const { columns: c, prefix, length } of scans) {
    out.imageId.set(c.imageId, at);
    out.categoryId.set(c.categoryId, at);
    out.score.set(c.score, at);
    out.boxes.set(c.boxes, 4 * at);
    if (masks && c.masks) {
      const { starts, ends } = c.masks;
      const shift = chars - prefix;
      for (let i = 0; i < c.count; i++) {
        const a = starts[i] as number;
        masks.starts[at + i] = a >= 0 ? a + shift : ~(~a + shift); // a negative start marks escapes
        masks.ends[at + i] = (ends[i] as number) + shift;
      }
      masks.heights.set(c.masks.heights, at);
      masks.widths.set(c.masks.widths, at);
    }
    at += c.count;
    chars += length + 1; // the comma after the range
  }
  // UTF-8 gives at most one character per byte, and exactly one only where every byte is one
  if (masks) masks.charsAreBytes = chars - 1 === fileBytes;
  return out;
}

/** Round 1, beside the scans: load the GT file's bytes for the run's box or mask evaluation. */
export interface LoadGtTask {
  kind: 'gt';
  gtBytes: Uint8Array;
  gt: string;
  iouType: LoadedCocoGt['iouType'];
}

/**
 * The loaded GT, or `declined` on any error: the run then takes the one-file-per-thread path, which
 * reports it where one pass does (a results file that is not JSON, say, before a GT rule).
 */
export type LoadGtOutcome = { gt: LoadedCocoGt } | { declined: true };

const CALLER = 'evaluateCoco';

export async function loadGtTask(task: LoadGtTask): Promise<LoadGtOutcome> {
  try {
    // built in shared memory, the table and masks go to every evaluating thread without a copy
    return { gt: loadCocoGt(jsonFromBytes(CALLER, task.gt, task.gtBytes) as CocoDataset, task.iouType, task.gt, sharedAlloc) };
  } catch {
    return { declined: true };
  }
}

/** Round 2: one image shard over the loaded GT and every scanned record. */
export interface ScannedShardTask {
  kind: 'evaluate';
  loadedGt: LoadedCocoGt;
  /** the results file's bytes: its text holds the masks, and the records for the JSON.parse path */
  dtBytes: Uint8Array;
  columns: ScannedColumns;
  gt: string;
  dt: string;
  options: CocoShardOptions;
  index: number;
  count: number;
}

/**
 * Evaluates shard `index` of `count` as `runCocoShard` does after reading the files, with the same
 * errors: records are numbered in the whole file, and a malformed mask string sends the evaluation
 * to the JSON.parse records of the whole text (`withParsedMasksOnError`), as one pass does.
 */
export async function evaluateScannedShard(task: ScannedShardTask): Promise<{ state: CocoState } | { error: WireError }> {
  try {
    const { streamAboveBytes: _streamAbove, ...options } = task.options;
    const c = task.columns;
    const dt: ScannedBoxResults = { count: c.count, imageId: c.imageId, categoryId: c.categoryId, score: c.score, boxes: c.boxes };
    if (c.masks) dt.maskRefs = shardMaskRefs(task);
    const state = evaluateCocoState(task.loadedGt, dt, { ...options, gtSource: task.gt, dtSource: task.dt }, { index: task.index, count: task.count });
    return { state };
  } catch (error) {
    return { error: errorToWire(error) };
  }
}

/**
 * The mask strings a shard decodes: where characters are bytes, only the span of the file that holds
 * the strings of its images' records is decoded to text (results files list records image by image,
 * so that is about the shard's share of the file), else the whole text. A malformed string still
 * sends the evaluation to the whole text (`wholeText`).
 */
function shardMaskRefs(task: ScannedShardTask): NonNullable<ScannedBoxResults['maskRefs']> {
  const { imageId, masks } = task.columns as Required<ScannedColumns>;
  const { charsAreBytes, ...refs } = masks;
  const wholeText = () => utf8Text(CALLER, task.dt, task.dtBytes);
  if (!charsAreBytes) return { text: wholeText(), ...refs };
  // the shard's images are a range of the sorted GT ids; records carry numeric ids, so its numeric ids bound them
  const ids = task.loadedGt.table.images.ids;
  const { from, to } = cocoShardRange(ids.length, task.index, task.count);
  let idLo = Infinity, idHi = -Infinity;
  for (let k = from; k < to; k++) {
    const id = ids[k];
    if (typeof id === 'number') { idLo = Math.min(idLo, id); idHi = Math.max(idHi, id); }
  }
  let lo = task.dtBytes.length, hi = 0;
  for (let i = 0; i < imageId.length; i++) {
    const id = imageId[i] as number;
    if (!(id >= idLo && id <= idHi)) continue;
    const start = refs.starts[i] as number;
    lo = Math.min(lo, start < 0 ? ~start : start);
    hi = Math.max(hi, refs.ends[i] as number);
  }
  if (hi <= lo) return { text: '', base: 0, wholeText, ...refs };
  return { text: utf8Text(CALLER, task.dt, task.dtBytes.subarray(lo, hi)), base: lo, wholeText, ...refs };
}

/** Round 3: the accumulate of categories [from, to) of the merged state, into shared arrays. */
export interface AccumulateTask {
  kind: 'accumulate';
  matches: ImageMatches;
  score: Float64Array;
  params: CocoParams;
  /** the categories, the shared arrays they are written into, and the rows' grouping built once for all slices */
  slice: AccumulateSlice;
}

export async function accumulateTask(task: AccumulateTask): Promise<{ done: true }> {
  accumulateCoco(task.matches, { score: task.score }, task.params, task.slice);
  return { done: true };
}
