import { readFile, stat } from 'node:fs/promises';
import { invalidInput } from '@tensoreval/core';
import { evaluateCocoDatasets, readJsonArray, scanBoxResults, type CocoDataset, type CocoEvaluateOptions, type CocoEvaluation, type CocoResult, type ScannedBoxResults } from '@tensoreval/metrics/detection';

/** Options of {@link evaluateCoco}: the COCO parameters and extras of `evaluateCocoDatasets`. */
export interface EvaluateCocoOptions extends Omit<CocoEvaluateOptions, 'gtSource' | 'dtSource'> {
  /** results files at least this large are read by streaming (default 256 MiB) */
  streamAboveBytes?: number;
}

/** Files up to this size are read whole and parsed with one JSON.parse (fastest); larger ones stream. */
const DEFAULT_STREAM_ABOVE = 256 << 20;

/**
 * Evaluates COCO detections (bbox or segm) with pycocotools' exact numbers.
 *
 * @param gt - a COCO instances dataset, or the path of its JSON file
 * @param dt - a COCO results list, or the path of its JSON file (read by streaming when large, so
 *   files past V8's maximum string length load)
 * @param options - `iouType` ('bbox' default | 'segm'), `maxDets`, `areaRng`/`areaRngLbl`, `iouThrs`,
 *   `recThrs`, `imgIds`, `useCats`, `scoreThreshold` (per-class P/R/F1), `backend`
 * @returns stats (12 numbers), the printed summary, per-category AP/AP50/AP75/AR100, the precision /
 *   recall / scores arrays, counts (including counted skips) and the resolved params
 * @throws InvalidInputError naming the file, record index and rule for bad input
 * @example
 * const r = await evaluateCoco('instances_val2014.json', 'results.json', { iouType: 'bbox' });
 * console.log(r.summaryText);
 */
export async function evaluateCoco(gt: string | CocoDataset, dt: string | ArrayLike<CocoResult>, options: EvaluateCocoOptions = {}): Promise<CocoEvaluation> {
  const { streamAboveBytes, ...rest } = options;
  const gtData = typeof gt === 'string' ? ((await readJsonFile(gt)) as CocoDataset) : gt;
  const withMasks = rest.iouType === 'segm';
  const dtData = typeof dt === 'string' ? await readResultsFile(dt, streamAboveBytes ?? DEFAULT_STREAM_ABOVE, withMasks) : dt;
  return evaluateCocoDatasets(gtData, dtData, { ...rest, gtSource: typeof gt === 'string' ? gt : 'gt', dtSource: typeof dt === 'string' ? dt : 'dt' });
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw invalidInput('evaluateCoco', path, 'be a readable file', (error as Error).message, 'TE-209');
  }
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidInput('evaluateCoco', path, 'contain valid JSON', (error as Error).message, 'TE-209');
  }
}

async function readJsonFile(path: string): Promise<unknown> {
  return parseJson(await readText(path), path);
}

/**
 * Large files stream; a regular results file (boxes, and compressed RLE masks for segm) is read
 * straight into columns (scanBoxResults); anything irregular is parsed with JSON.parse and checked by
 * the loader.
 */
async function readResultsFile(path: string, streamAbove: number, withMasks: boolean): Promise<CocoResult[] | ScannedBoxResults> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (error) {
    throw invalidInput('evaluateCoco', path, 'be a readable file', (error as Error).message, 'TE-209');
  }
  if (size >= streamAbove) return (await readJsonArray(path)) as CocoResult[];
  const text = await readText(path);
  return scanBoxResults(text, withMasks, true) ?? (parseJson(text, path) as CocoResult[]);
}
