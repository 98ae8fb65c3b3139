import { stat } from 'node:fs/promises';
import { readJsonArray, scanBoxResults, type CocoResult, type ScannedBoxResults } from '@tensoreval/metrics/detection';
import { parseInputJson, readInputBytes, readJsonInput, unreadableInput, utf8Text } from './read-json';

/** Files up to this size are read whole and parsed with one JSON.parse (fastest); larger ones stream. */
export const DEFAULT_STREAM_ABOVE = 256 << 20;

const CALLER = 'evaluateCoco';

/** A COCO GT file (plain or gzip). */
export async function readJsonFile(path: string): Promise<unknown> {
  return readJsonInput(CALLER, path);
}

/**
 * Large files stream; a regular results file (boxes, and compressed RLE masks for segm) is read
 * straight into columns (scanBoxResults); anything irregular is parsed with JSON.parse and checked by
 * the loader. `records`: keypoint and LVIS results are always parsed as records. A gzip file is
 * judged by its inflated size: one that inflates to `streamAbove` bytes or more streams, as a large
 * plain file does, never turned into one string.
 */
export async function readResultsFile(path: string, streamAbove: number, withMasks: boolean, records = false): Promise<CocoResult[] | ScannedBoxResults> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    throw unreadableInput(CALLER, path, error);
  }
  if (size >= streamAbove) return (await readJsonArray(path)) as CocoResult[];
  const bytes = await readInputBytes(CALLER, path);
  // inflated past the limit: streamed from the file (inflated again on the way) rather than held whole while parsed
  if (bytes.length >= streamAbove) return (await readJsonArray(path)) as CocoResult[];
  const text = utf8Text(CALLER, path, bytes);
  return (records ? undefined : scanBoxResults(text, { masks: withMasks ? 'locate' : 'skip' })) ?? (parseInputJson(CALLER, path, text) as CocoResult[]);
}
