import { evaluateCocoState, scanBoxResults, type CocoState, type ScannedBoxResults } from '@tensoreval/metrics/detection';
import type { CocoShardOptions } from './coco-shard';
import { rangeText, type RecordRange } from './json-record-ranges';
import { parseInputJson } from './read-json';
import { errorToWire, type WireError } from './wire-error';

/**
 * The two rounds of `evaluateCoco(..., { workers })` over a results file read once (coco-workers.ts):
 * each thread scans one byte range of the file into columns ({@link scanResultsRange}), then each
 * evaluates one image shard over all the columns, concatenated in file order
 * ({@link evaluateScannedShard}). Bytes and joined columns lie in SharedArrayBuffers, so handing
 * them to a thread copies nothing.
 */

/** Columns of scanned records; mask strings as offsets into the UTF-8 text of the whole file. */
export interface ScannedColumns {
  count: number;
  imageId: Float64Array;
  categoryId: Float64Array;
  score: Float64Array;
  boxes: Float64Array;
  masks?: { starts: Int32Array; ends: Int32Array; heights: Int32Array; widths: Int32Array };
}

/** Round 1: scan `range` of the results file `bytes` (masks located, as `readResultsFile` does). */
export interface ScanRangeTask {
  kind: 'scan';
  bytes: Uint8Array;
  range: RecordRange;
  withMasks: boolean;
}

/**
 * The range's columns with mask offsets relative to the range's own text (`length` characters), or
 * `declined` where the scanner does not accept it (the run then takes the one-file-per-thread path,
 * which reports bad input as one pass does).
 */
export type ScanRangeOutcome = { columns: ScannedColumns; length: number } | { declined: true };

export async function scanResultsRange(task: ScanRangeTask): Promise<ScanRangeOutcome> {
  const { text, prefix, length } = rangeText(task.bytes, task.range);
  const s = scanBoxResults(text, { masks: task.withMasks ? 'locate' : 'skip' });
  if (s === undefined) return { declined: true };
  const columns: ScannedColumns = { count: s.count, imageId: s.imageId, categoryId: s.categoryId, score: s.score, boxes: s.boxes };
  if (s.maskRefs) {
    const { starts, ends, heights, widths } = s.maskRefs;
    // offsets into the range's own text: drop the '[' put before it (a negative start ~s keeps its sign)
    for (let i = 0; i < s.count; i++) {
      const a = starts[i] as number;
      starts[i] = a >= 0 ? a - prefix : ~(~a - prefix);
      ends[i] = (ends[i] as number) - prefix;
    }
    columns.masks = { starts, ends, heights, widths };
  }
  return { columns, length };
}

/**
 * The ranges' columns in file order, in shared memory; mask offsets move from each range's text to
 * the whole file's (the ranges' texts joined by the commas between them).
 */
export function joinColumns(scans: ReadonlyArray<{ columns: ScannedColumns; length: number }>, withMasks: boolean): ScannedColumns {
  let n = 0;
  for (const s of scans) n += s.columns.count;
  const f64 = (k: number) => new Float64Array(new SharedArrayBuffer(8 * k * n));
  const i32 = () => new Int32Array(new SharedArrayBuffer(4 * n));
  const out: ScannedColumns = { count: n, imageId: f64(1), categoryId: f64(1), score: f64(1), boxes: f64(4) };
  const masks = withMasks ? { starts: i32(), ends: i32(), heights: i32(), widths: i32() } : undefined;
  if (masks) out.masks = masks;
  let at = 0, chars = 0;
  for (const { columns: c, length } of scans) {
    out.imageId.set(c.imageId, at);
    out.categoryId.set(c.categoryId, at);
    out.score.set(c.score, at);
    out.boxes.set(c.boxes, 4 * at);
    if (masks && c.masks) {
      const { starts, ends } = c.masks;
      for (let i = 0; i < c.count; i++) {
        const a = starts[i] as number;
        masks.starts[at + i] = a >= 0 ? a + chars : ~(~a + chars); // a negative start marks escapes
        masks.ends[at + i] = (ends[i] as number) + chars;
      }
      masks.heights.set(c.masks.heights, at);
      masks.widths.set(c.masks.widths, at);
    }
    at += c.count;
    chars += length + 1; // the comma after the range
  }
  return out;
}

/** Round 2: one image shard over every scanned record (the GT file's bytes parsed here). */
export interface ScannedShardTask {
  kind: 'evaluate';
  gtBytes: Uint8Array;
  /** the results file's bytes: its text holds the masks, and the records for the JSON.parse path */
  dtBytes: Uint8Array;
  columns: ScannedColumns;
  gt: string;
  dt: string;
  options: CocoShardOptions;
  index: number;
  count: number;
}

const CALLER = 'evaluateCoco';

function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * Evaluates shard `index` of `count` as `runCocoShard` does after reading the files, with the same
 * errors: records are numbered in the whole file, and a malformed mask string sends the evaluation
 * to the JSON.parse records of the whole text (`withParsedMasksOnError`), as one pass does.
 */
export async function evaluateScannedShard(task: ScannedShardTask): Promise<{ state: CocoState } | { error: WireError }> {
  try {
    const { streamAboveBytes: _streamAbove, ...options } = task.options;
    const gt = parseInputJson(CALLER, task.gt, utf8(task.gtBytes));
    const c = task.columns;
    // own copies: the loaded table keeps these arrays, and no thread writes into shared memory
    const dt: ScannedBoxResults = { count: c.count, imageId: c.imageId.slice(), categoryId: c.categoryId.slice(), score: c.score.slice(), boxes: c.boxes.slice() };
    if (c.masks) dt.maskRefs = { text: utf8(task.dtBytes), starts: c.masks.starts.slice(), ends: c.masks.ends.slice(), heights: c.masks.heights.slice(), widths: c.masks.widths.slice() };
    const state = evaluateCocoState(gt as never, dt, { ...options, gtSource: task.gt, dtSource: task.dt }, { index: task.index, count: task.count });
    return { state };
  } catch (error) {
    return { error: errorToWire(error) };
  }
}
