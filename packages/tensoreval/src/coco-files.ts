import { readFile, stat } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { invalidInput } from '@tensoreval/core';
import { readJsonArray, scanBoxResults, type CocoResult, type ScannedBoxResults } from '@tensoreval/metrics/detection';

/** Files up to this size are read whole and parsed with one JSON.parse (fastest); larger ones stream. */
export const DEFAULT_STREAM_ABOVE = 256 << 20;

/** TE-209 naming the file that could not be read (or stat'ed). */
function unreadable(path: string, error: unknown): Error {
  return invalidInput('evaluateCoco', path, 'be a readable file', (error as Error).message, 'TE-209');
}

/** The file's text; a gzip file (LVIS results are often shipped as .json.gz) is inflated first. */
async function readText(path: string): Promise<string> {
  try {
    const bytes = await readFile(path);
    return (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
  } catch (error) {
    throw unreadable(path, error);
  }
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidInput('evaluateCoco', path, 'contain valid JSON', (error as Error).message, 'TE-209');
  }
}

export async function readJsonFile(path: string): Promise<unknown> {
  return parseJson(await readText(path), path);
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
    throw unreadable(path, error);
  }
  if (size >= streamAbove) return (await readJsonArray(path)) as CocoResult[];
  const text = await readText(path);
  return (records ? undefined : scanBoxResults(text, { masks: withMasks ? 'locate' : 'skip' })) ?? (parseJson(text, path) as CocoResult[]);
}
