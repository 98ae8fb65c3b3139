import { readJsonArray, scanBoxResults, type CocoIouType, type CocoResult, type ScannedBoxResults } from '@tensoreval/metrics/detection';
import { inflatedSizeHint, MAX_TEXT_BYTES, parseInputJson, readInputBytesWithin, readJsonInput, readSharedInputBytes, unreadableInput, utf8Text } from './read-json';

/** What decides how a run reads its results: the COCO type and LVIS. */
type ReadOptions = { iouType?: CocoIouType; lvis?: boolean };

/** Keypoint and LVIS results are read as records (keypoint lists; LVIS regroups records per image), never scanned into columns. */
export function readsRecords(options: ReadOptions): boolean {
  return options.iouType === 'keypoints' || options.lvis === true;
}

/** Segm and boundary results carry masks, which the scanner locates. */
export function readsMasks(options: ReadOptions): boolean {
  return options.iouType === 'segm' || options.iouType === 'boundary';
}

/** Whether the results scanner may take a run's results (not records): box or mask evaluation, never keypoints. */
export function scannable<O extends ReadOptions>(options: O): options is O & { iouType?: Exclude<CocoIouType, 'keypoints'> } {
  return !readsRecords(options);
}

/** Files up to this size are read whole and parsed with one JSON.parse (fastest); larger ones stream. */
export const DEFAULT_STREAM_ABOVE = 256 << 20;

const CALLER = 'evaluateCoco';

/** A COCO GT file (plain or gzip); errors name the input `name` (the path unless it is a local copy). */
export async function readJsonFile(path: string, name = path): Promise<unknown> {
  return readJsonInput(CALLER, path, { name });
}

/**
 * Large files stream; a regular results file (boxes, and compressed RLE masks for segm) is read
 * straight into columns (scanBoxResults); anything irregular is parsed with JSON.parse and checked by
 * the loader. `records`: keypoint and LVIS results are always parsed as records. A gzip file is
 * judged by its inflated size: one that inflates to `streamAbove` bytes or more streams, as a large
 * plain file does, never inflated whole (zlib stops at the bound) nor turned into one string; so do
 * texts past the longest string. Errors name the input `name` (the path unless it is a local copy).
 * `path` is a regular file: `evaluateCoco` copies a pipe to one first, so a large one streams from disk.
 */
export async function readResultsFile(path: string, streamAbove: number, withMasks: boolean, records = false, name = path): Promise<CocoResult[] | ScannedBoxResults> {
  const bytes = await resultsBytesOrStream(path, streamAbove, name);
  return bytes === 'stream' ? streamResults(path, name) : resultsFromBytes(bytes, withMasks, records, name);
}

/**
 * Whether a results file is read whole or by streaming, decided once for every reader of a run: its
 * inflated bytes, or `'stream'` when the file is `streamAbove` bytes or more (a gzip file by the
 * inflated size its trailer records), or inflates past
 * {@link resultsBound} (then it streams from the file, inflated again on the way, rather than held
 * whole while parsed). `shared`: the bytes in a SharedArrayBuffer, for worker threads.
 */
export async function resultsBytesOrStream(path: string, streamAbove: number, name = path, shared = false): Promise<Uint8Array | 'stream'> {
  let size: number;
  try {
    // a gzip file whose trailer already says it inflates past the limit streams without inflating any of it first
    size = await inflatedSizeHint(path);
  } catch (error) {
    throw unreadableInput(CALLER, name, error);
  }
  if (size >= streamAbove) return 'stream';
  const bound = resultsBound(streamAbove);
  const bytes = shared ? await readSharedInputBytes(CALLER, path, bound, name) : await readInputBytesWithin(CALLER, path, bound, { name });
  return bytes ?? 'stream';
}

/** The most bytes of a results file read whole: one fewer than the streaming limit, and no longer than a string. */
function resultsBound(streamAbove: number): number {
  return Math.max(0, Math.min(streamAbove - 1, MAX_TEXT_BYTES));
}

/** The results file `path` read by streaming (its errors naming `name`). */
export async function streamResults(path: string, name = path): Promise<CocoResult[]> {
  return (await readJsonArray(path, { source: name })) as CocoResult[];
}

/** The results of a file's inflated `bytes` (within {@link resultsBound}), as {@link readResultsFile} reads them. */
export function resultsFromBytes(bytes: Uint8Array, withMasks: boolean, records: boolean, name: string): CocoResult[] | ScannedBoxResults {
  const text = utf8Text(CALLER, name, bytes);
  return (records ? undefined : scanBoxResults(text, { masks: withMasks ? 'locate' : 'skip' })) ?? (parseInputJson(CALLER, name, text) as CocoResult[]);
}
