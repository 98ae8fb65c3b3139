import { stat } from 'node:fs/promises';
import { readJsonArray, scanBoxResults, type CocoResult, type ScannedBoxResults } from '@tensoreval/metrics/detection';
import { parseInputJson, readInputText, readJsonInput, unreadableInput } from './read-json';

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
 * the loader. `records`: keypoint and LVIS results are always parsed as records.
 */
export async function readResultsFile(path: string, streamAbove: number, withMasks: boolean, records = false): Promise<CocoResult[] | ScannedBoxResults> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    throw unreadableInput(CALLER, path, error);
  }
  if (size >= streamAbove) return (await readJsonArray(path)) as CocoResult[];
  const text = await readInputText(CALLER, path);
  return (records ? undefined : scanBoxResults(text, withMasks, true)) ?? (parseInputJson(CALLER, path, text) as CocoResult[]);
}
