import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { checkInteger, checkKnownOptions, invalidOption } from '@tensoreval/core';
import { DEFAULT_STREAM_ABOVE, readJsonFile, readResultsFile, readsMasks, readsRecords, scannable } from './coco-files';
import { inflatedSizeHint } from './read-json';
import { withRegularFiles } from './regular-files';
import { workerEntry } from './worker-entry';
import { prepareBackend } from './kernels-api/backend-loading';
import { evaluateCocoBoxesOn, evaluateCocoDatasets, type CocoDataset, type CocoEvaluateOptions, type CocoEvaluation, type CocoResult, type LoadedCocoGt } from '@tensoreval/metrics/detection';

/** Options of {@link evaluateCoco}: the COCO parameters and extras of `evaluateCocoDatasets`. */
export interface EvaluateCocoOptions extends Omit<CocoEvaluateOptions, 'gtSource' | 'dtSource'> {
  /** results files at least this large are read by streaming (default 256 MiB) */
  streamAboveBytes?: number;
  /**
   * 'auto' (default) or 'cpu', which are the same here: the COCO path is float64 and exact and runs on
   * the cpu reference backend. 'tfjs' (bbox only, one worker): the IoU and matching stage runs as tfjs'
   * MatchBoxDetections; on tfjs-backend-webgpu the IoU, its exactness guard and the matching stay on
   * the GPU (docs/gpu.md), elsewhere the cpu reference runs that stage. The numbers are the same
   * either way. Any other backend is rejected (TE-101) rather than silently ignored.
   */
  backend?: CocoBackend;
  /**
   * worker threads (default 1). With more than one and both inputs given as file paths, the GT images
   * are split into that many shards evaluated in parallel threads and merged exactly: the numbers are
   * the same for every value.
   */
  workers?: number;
}

/**
 * Every key of {@link EvaluateCocoOptions}: any other is a typo (`iouTyp` would silently evaluate
 * bbox), refused with TE-102. The type check below fails when an option is added but not listed here.
 */
const EVALUATE_COCO_OPTION_KEYS = [
  'iouType', 'imgIds', 'iouThrs', 'recThrs', 'maxDets', 'areaRng', 'areaRngLbl', 'useCats', 'kptOksSigmas', 'dilationRatio', 'lvis',
  'scoreThreshold', 'f1IouThr', 'summation', 'maskChunkRows', 'gtMasks', 'tide', 'onStage', 'streamAboveBytes', 'backend', 'workers',
] as const satisfies readonly (keyof EvaluateCocoOptions)[];
type UnlistedOption = Exclude<keyof EvaluateCocoOptions, (typeof EVALUATE_COCO_OPTION_KEYS)[number]>;
const everyOptionListed: [UnlistedOption] extends [never] ? true : UnlistedOption = true;
void everyOptionListed;

/** Backends of the COCO path: the float64 cpu reference ('auto', 'cpu'), or tfjs for the bbox IoU + matching stage. */
export type CocoBackend = 'auto' | 'cpu' | 'tfjs';

/** The COCO path's backend: 'auto' or 'cpu' (both the float64 cpu reference) or 'tfjs' (bbox); anything else is TE-101. */
export function cocoBackend(value: unknown, fn: string, option: string): CocoBackend {
  if (value === 'auto' || value === 'cpu' || value === 'tfjs') return value;
  throw invalidOption(fn, option, "'auto' or 'cpu' (the COCO path is float64 and exact, and runs on the cpu reference backend), or 'tfjs' for bbox (IoU and matching on tfjs, exact)", value);
}

/** What a run with backend 'tfjs' takes (bbox, not LVIS, one worker), and tfjs loaded with its MatchBoxDetections. */
async function prepareTfjsRun(options: EvaluateCocoOptions, workers: number): Promise<void> {
  if ((options.iouType ?? 'bbox') !== 'bbox' || options.lvis === true) {
    throw invalidOption('evaluateCoco', 'backend', `'auto' or 'cpu' with ${options.lvis === true ? 'LVIS' : `iouType '${options.iouType}'`} ('tfjs' runs the bbox stage)`, 'tfjs', 'TE-103');
  }
  if (workers > 1) throw invalidOption('evaluateCoco', 'workers', "1 with backend 'tfjs' (one device, one pass)", workers, 'TE-103');
  await prepareBackend('tfjs', 'MatchBoxDetections', 'evaluateCoco');
}

/** How errors name the inputs: the paths the caller gave (never a temporary copy), `gt` / `dt` for in-memory data. */
interface InputNames {
  gt: string;
  dt: string;
}

/** The one-pass read of both inputs (paths read, in-memory data as given) and their names for errors. */
async function readCocoInputs(gt: string | CocoDataset, dt: string | ArrayLike<CocoResult>, names: InputNames, streamAboveBytes: number | undefined, withMasks: boolean, records: boolean) {
  return {
    gt: typeof gt === 'string' ? ((await readJsonFile(gt, names.gt)) as CocoDataset) : gt,
    dt: typeof dt === 'string' ? await readResultsFile(dt, streamAboveBytes ?? DEFAULT_STREAM_ABOVE, withMasks, records, names.dt) : dt,
    sources: { gtSource: names.gt, dtSource: names.dt },
  };
}

/**
 * Evaluates COCO detections (bbox or segm) with pycocotools' exact numbers.
 *
 * @param gt - a COCO instances dataset, or the path of its JSON file
 * @param dt - a COCO results list, or the path of its JSON file (read by streaming when large, so
 *   files past V8's maximum string length load)
 * @param options - `iouType` ('bbox' default | 'segm'), `maxDets`, `areaRng`/`areaRngLbl`, `iouThrs`,
 *   `recThrs`, `imgIds`, `useCats`, `scoreThreshold` (per-class P/R/F1), `tide` (TIDE error breakdown:
 *   the ΔAP50 of classification, localisation, both, duplicate, background and missed errors). `backend` is
 *   'auto' or 'cpu' (the float64 cpu reference), or 'tfjs' for bbox (IoU and matching on tfjs, on the
 *   GPU with tfjs-backend-webgpu; the same numbers).
 * @returns stats (12 numbers), the printed summary, per-category AP/AP50/AP75/AR100, the precision /
 *   recall / scores arrays, counts (including counted skips) and the resolved params
 * @throws InvalidInputError naming the file, record index and rule for bad input
 * @example
 * const r = await evaluateCoco('instances_val2014.json', 'results.json', { iouType: 'bbox' });
 * console.log(r.summaryText);
 */
export async function evaluateCoco(gt: string | CocoDataset, dt: string | ArrayLike<CocoResult>, options: EvaluateCocoOptions = {}): Promise<CocoEvaluation> {
  if (typeof options !== 'object' || options === null) throw invalidOption('evaluateCoco', 'options', 'an object', options);
  checkKnownOptions(options, EVALUATE_COCO_OPTION_KEYS, 'evaluateCoco');
  const workers = options.workers === undefined ? 1 : checkInteger(options.workers, 'workers', 'evaluateCoco', { min: 1, max: 256 });
  const tfjs = options.backend !== undefined && cocoBackend(options.backend, 'evaluateCoco', 'backend') === 'tfjs';
  if (tfjs) await prepareTfjsRun(options, workers);
  const names: InputNames = { gt: typeof gt === 'string' ? gt : 'gt', dt: typeof dt === 'string' ? dt : 'dt' };
  // a pipe (`--dt <(zcat dt.json.gz)`) gives its bytes once: it is copied to a temporary file first, so every
  // reader (this thread, the GT worker, worker threads, a reader that streams) finds them there, and a large
  // one streams from disk instead of being held in memory
  return withRegularFiles([typeof gt === 'string' ? gt : undefined, typeof dt === 'string' ? dt : undefined] as const, ([gtFile, dtFile]) =>
    evaluateCocoInputs(gtFile ?? (gt as CocoDataset), dtFile ?? (dt as ArrayLike<CocoResult>), names, options, workers, tfjs));
}

/** {@link evaluateCoco} once any pipe has been copied to a file: `gt` and `dt` are regular files or data. */
async function evaluateCocoInputs(gt: string | CocoDataset, dt: string | ArrayLike<CocoResult>, names: InputNames, options: EvaluateCocoOptions, workers: number, tfjs: boolean): Promise<CocoEvaluation> {
  if (!tfjs && workers > 1 && typeof gt === 'string' && typeof dt === 'string') {
    return (await import('./coco-workers')).evaluateCocoInWorkers(gt, dt, names, options, workers);
  }
  const { streamAboveBytes, backend: _backend, workers: _workers, ...rest } = options;
  const withMasks = readsMasks(rest), records = readsRecords(rest);
  if (tfjs) {
    const inputs = await readCocoInputs(gt, dt, names, streamAboveBytes, withMasks, records);
    // tfjs first: on webgpu it has the fused stage; on its other backends the registry runs cpu's
    return evaluateCocoBoxesOn(inputs.gt, inputs.dt, ['tfjs', 'cpu'], { ...rest, ...inputs.sources });
  }
  // a large GT is loaded in a worker (for segm and boundary with its masks) while this thread reads the results file
  const gtWorker = typeof gt === 'string' && typeof dt === 'string' && scannable(rest) && rest.gtMasks === undefined ? await startGtLoadWorker(gt, names.gt, rest.iouType ?? 'bbox') : undefined;
  if (gtWorker === undefined) {
    const inputs = await readCocoInputs(gt, dt, names, streamAboveBytes, withMasks, records);
    return evaluateCocoDatasets(inputs.gt, inputs.dt, { ...rest, ...inputs.sources });
  }
  try {
    let results: Awaited<ReturnType<typeof readResultsFile>> | undefined, dtError: unknown;
    try {
      results = await readResultsFile(dt as string, streamAboveBytes ?? DEFAULT_STREAM_ABOVE, withMasks, records, names.dt);
    } catch (error) {
      dtError = error;
    }
    // errors in one pass's order: a GT the worker could not load is parsed here, so its error comes first
    const loaded = (await gtWorker.result) ?? ((await readJsonFile(gt as string, names.gt)) as CocoDataset);
    if (results === undefined) throw dtError;
    return evaluateCocoDatasets(loaded, results, { ...rest, gtSource: names.gt, dtSource: names.dt });
  } finally {
    gtWorker.stop();
  }
}

/**
 * GT files below this size are loaded on the main thread: starting a worker (about 40 ms and a
 * second copy of the modules) costs more than it saves there.
 */
const GT_WORKER_MIN_BYTES = 1 << 20;

/**
 * The GT worker: bundled beside the running module (benchmarks/coco/bundle-cli.ts), otherwise the
 * one @tensoreval/metrics builds and exports ('@tensoreval/metrics/coco-gt-worker'); undefined when
 * neither exists (sources run without a build).
 */
function gtWorkerEntry(): string | undefined {
  const beside = workerEntry('coco-gt-worker');
  if (beside) return beside;
  try {
    const entry = createRequire(import.meta.url).resolve('@tensoreval/metrics/coco-gt-worker');
    return existsSync(entry) ? entry : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the GT worker (metrics `detection/coco/gt-mask-worker.ts`) on the GT file `path` (a regular
 * file; its errors name `source`). `result`
 * resolves to the GT loaded for `iouType` (its arrays in shared memory), or undefined whenever the
 * worker cannot start, fails or gives nothing: the GT is then parsed in this thread, with the same
 * numbers and the same errors.
 */
async function startGtLoadWorker(path: string, source: string, iouType: LoadedCocoGt['iouType']): Promise<{ result: Promise<LoadedCocoGt | undefined>; stop: () => void } | undefined> {
  const entry = gtWorkerEntry();
  if (entry === undefined) return undefined;
  try {
    if ((await inflatedSizeHint(path)) < GT_WORKER_MIN_BYTES) return undefined;
    const worker = new Worker(entry, { workerData: { path, source, iouType } });
    const result = new Promise<LoadedCocoGt | undefined>((done) => {
      worker.once('message', (m: LoadedCocoGt | undefined) => done(m));
      worker.once('error', () => done(undefined));
      worker.once('exit', () => done(undefined));
    });
    return { result, stop: () => void worker.terminate() };
  } catch {
    return undefined;
  }
}
