import '../../default-backend';
import { invalidOption, matchThresholdCap, runKernelSync, type BackendHint, type RleBatch } from '@tensoreval/core';
import { accumulate, type CocoAccumulated } from './accumulate';
import { classF1, type ClassF1 } from './class-f1';
import type { CocoDataset, CocoResult } from './coco-json';
import { evaluateBoxImages, evaluateImages, type ImageMatches, type IouProvider } from './evaluate-images';
import { loadGt, type GtTable } from './load-gt';
import { isLoadedCocoGt, type LoadedCocoGt } from './loaded-gt';
import { loadResults, loadScannedResults, type DtTable } from './load-results';
import { decodeMaskRefs, type MaskRefs, type ScannedBoxResults } from './scan-box-results';
import { gatherRles, segmentationsToRle } from './mask-table';
import type { NumpySummation } from '@tensoreval/core';
import { iouThresholdIndex, resolveCocoParams, type CocoIouType, type CocoParams, type CocoParamsInput } from './params';
import { COCO_STAT_NAMES, formatSummary, meanOver, summarize, type SummaryLine } from './summarize';
import { KEYPOINT_STAT_NAMES, LVIS_STAT_NAMES, summarizeKeypoints, summarizeLvis } from './summarize-families';
import { loadGtKeypoints } from './keypoints';
import { applyLvisFilters, lvisCapResults, lvisFrequencyGroups, type LvisCounts } from './lvis';
import { boundaryIou } from './boundary-iou';
import { extendedMetrics, type CocoExtendedMetrics } from './extended-metrics';
import { gatherRows } from './gather-rows';
import { resolveTideLane, tideBreakdown, type TideBreakdown, type TideOptions } from '../tide/tide-breakdown';
import type { TideLane } from '../tide/classify-errors';

/** Options of {@link evaluateCocoDatasets}: pycocotools parameters plus tensoreval extras. */
export interface CocoEvaluateOptions extends CocoParamsInput {
  /** names used in error messages for the GT and results inputs (file paths in the CLI) */
  gtSource?: string;
  dtSource?: string;
  /** when set, per-category precision/recall/F1 at this score threshold and the F1-optimal threshold */
  scoreThreshold?: number;
  /** IoU threshold for the per-category F1 extras (default 0.5; must be one of iouThrs) */
  f1IouThr?: number;
  /** numpy summation used by the summary means (default 'blocked', numpy 1.x as pycocotools' oracle) */
  summation?: NumpySummation;
  /** segm: detection + GT masks decoded at a time (default 16384); bounds memory, never changes results */
  maskChunkRows?: number;
  /**
   * segm: the RLEs of all GT annotations in file order, as `rasterizeGtMasks(gt, gtSource)` returns
   * them (computed in a worker while the results file is read). Used only with the cpu backend and
   * when it has one entry per GT annotation; the numbers are the same with or without it.
   */
  gtMasks?: RleBatch;
  /**
   * TIDE error breakdown (classification, localisation, both, duplicate, background, missed: the
   * ΔAP each would recover) at IoU t_f; `true` for tidecv's defaults (t_f 0.5, t_b 0.1). Costs one
   * more IoU pass over the false positives and eight accumulate passes of one lane.
   */
  tide?: boolean | TideOptions;
  /** called between stages, for progress display */
  onStage?: (stage: 'load' | 'masks' | 'evaluate' | 'accumulate' | 'summarize') => void;
}

/**
 * Per-category values over area 'all' and maxDets 100 (or the largest), -1 where absent. Keypoints
 * report AR at maxDets 20 (`AR`) and APm / APl instead of AR100; LVIS reports AR300 and the
 * category's frequency group.
 */
export interface CocoCategoryResult {
  categoryId: number | string;
  name: string;
  AP: number;
  AP50: number;
  AP75: number;
  AR100?: number;
  AR?: number;
  APm?: number;
  APl?: number;
  AR300?: number;
  frequency?: string;
}

export interface CocoClassF1 extends Omit<ClassF1, 'group'> {
  categoryId: number | string;
  name: string;
}

/** Everything one evaluation produces. */
export interface CocoEvaluation {
  iouType: CocoIouType;
  /** true for LVIS federated evaluation */
  lvis: boolean;
  /** the reference's summary: 12 pycocotools stats (bbox, segm, boundary), 10 (keypoints) or 13 (LVIS) */
  stats: number[];
  /** the name of each stat, in the same order */
  statNames: string[];
  summary: SummaryLine[];
  /** AR at IoU .50 / .75 and the mean IoU of true positives (named fields; `stats` stays the reference's) */
  extended: CocoExtendedMetrics;
  /** the 12-line summary as pycocotools prints it */
  summaryText: string;
  perCategory: CocoCategoryResult[];
  params: CocoParams;
  /** precision [T,R,K,A,M], recall [T,K,A,M], scores [T,R,K,A,M] */
  arrays: CocoAccumulated;
  counts: {
    images: number;
    categories: number;
    gtAnnotations: number;
    detections: number;
    /** detections matched (those within each image's top maxDets of their category) */
    evaluatedDetections: number;
    /** documented, counted skips: category not in GT (pycocotools drops these silently) */
    skippedUnknownCategory: number;
    /** detections on images outside the requested imgIds */
    outsideImgIds: number;
    /** LVIS: what the per-image cap, the federated filter and the area > 0 rule left out */
    lvis?: LvisCounts;
  };
  /** present when `tide` was asked for */
  tide?: TideBreakdown;
  /** present when `scoreThreshold` was given */
  classF1?: { scoreThreshold: number; iouThr: number; perCategory: CocoClassF1[] };
}

/**
 * COCO detection evaluation with pycocotools 2.0.11 semantics, bit for bit: loadRes rules, evaluate,
 * accumulate and summarize. `gt` is a COCO instances dataset (or one `loadCocoGt` loaded for this
 * evaluation's box or mask type, not LVIS), `results` a COCO results list (or the columns
 * `scanBoxResults` read from its text).
 *
 * Bad input (missing field, unknown image id, negative box size, malformed RLE) throws an
 * InvalidInputError naming the source, the record index and the rule. Detections whose category is
 * not a GT category are skipped and counted in `counts.skippedUnknownCategory`.
 */
export function evaluateCocoDatasets(gt: CocoDataset | LoadedCocoGt, results: ArrayLike<CocoResult> | ScannedBoxResults, options: CocoEvaluateOptions = {}): CocoEvaluation {
  return withParsedMasksOnError(results, (r) => evaluateOnce(gt, r, options));
}

/** Thrown by the segm IoU step when a lazily scanned RLE string does not decode. */
class MalformedMaskRef extends Error {}

function decodeRefsOrThrow(refs: MaskRefs, rows: Int32Array, checkOnly: Uint8Array): RleBatch {
  const batch = decodeMaskRefs(refs, rows, checkOnly);
  if (batch === undefined) throw new MalformedMaskRef('malformed RLE');
  return batch;
}

function evaluateOnce(gt: CocoDataset | LoadedCocoGt, results: ArrayLike<CocoResult> | ScannedBoxResults, options: CocoEvaluateOptions): CocoEvaluation {
  const prepared = prepareCoco(gt, results, options);
  options.onStage?.('evaluate');
  const tideLane = tideLaneOf(prepared.params, options.tide);
  const matches = evaluateImages(prepared.gtT, prepared.dtT, prepared.params, prepared.iouOf, COCO_BACKEND, recordedLane(tideLane));
  return completeCoco(gt, prepared, matches, options, tideLane);
}

/** The TIDE lane `tide` asks for (`true`: tidecv's defaults), undefined without TIDE. */
export function tideLaneOf(params: CocoParams, tide: CocoEvaluateOptions['tide']): TideLane | undefined {
  return tide ? resolveTideLane(params, tide === true ? {} : tide) : undefined;
}

/** The (area, threshold) whose matches the matching records for a TIDE lane. */
export function recordedLane(lane: TideLane | undefined): { area: number; threshold: number } | undefined {
  return lane ? { area: lane.area, threshold: lane.threshold } : undefined;
}

/**
 * {@link evaluateCocoDatasets} for bbox with the IoU and matching stage on `backend` (the fused
 * MatchBoxDetections kernel: with tfjs on webgpu the IoU never leaves the device), then accumulate
 * and summary on the host. The numbers are the cpu path's, bit for bit: the stage is exact by contract.
 * Segm, boundary and keypoints have no fused stage (TypeError: the facade checks first).
 */
export async function evaluateCocoBoxesOn(gt: CocoDataset, results: ArrayLike<CocoResult> | ScannedBoxResults, backend: BackendHint, options: CocoEvaluateOptions = {}): Promise<CocoEvaluation> {
  const prepared = prepareCoco(gt, results, options);
  if (prepared.params.iouType !== 'bbox') throw new TypeError(`evaluateCocoBoxesOn evaluates bbox, not ${prepared.params.iouType}`);
  options.onStage?.('evaluate');
  const tideLane = tideLaneOf(prepared.params, options.tide);
  const matches = await evaluateBoxImages(prepared.gtT, prepared.dtT, prepared.params, backend, recordedLane(tideLane));
  return completeCoco(gt, prepared, matches, options, tideLane);
}

/** accumulate, summary and the extras of one evaluation over its matches. */
function completeCoco(gt: CocoDataset | LoadedCocoGt, prepared: PreparedCoco, matches: ImageMatches, options: CocoEvaluateOptions, tideLane: TideLane | undefined): CocoEvaluation {
  const { params, gtT, dtT, iouOf, lvisCounts } = prepared;
  const images = params.imgIds === undefined ? gtT.images.ids.length : params.imgIds.length;
  // a loaded GT never serves LVIS (checkLoadedGt)
  const groups = params.lvis ? lvisFrequencyGroups(gt as CocoDataset, gtT) : undefined;
  const out = finishCoco(matches, dtT.score, params, { categoryIds: gtT.categories.ids, categoryNames: gtT.categoryNames }, {
    images, detections: dtT.count, skippedUnknownCategory: dtT.skippedUnknownCategory,
  }, options, groups);
  if (lvisCounts) out.counts.lvis = lvisCounts;
  if (tideLane) out.tide = tideBreakdown(gtT, dtT, params, matches, iouOf, tideLane, options.summation ?? 'blocked');
  return out;
}

/** The loaded inputs and the IoU step of one evaluation, shared by the one-pass and the shard paths. */
/** The COCO path is float64 and exact, and its kernels run synchronously: always the cpu reference. */
export const COCO_BACKEND: BackendHint = 'cpu';

export interface PreparedCoco {
  params: CocoParams;
  gtT: GtTable;
  dtT: DtTable;
  iouOf: IouProvider;
  /** LVIS: what the per-image cap, the federated filter and the area > 0 rule left out */
  lvisCounts?: LvisCounts;
}

/** Resolves the params, loads GT and results (loadRes rules; keypoints and LVIS rules too) and builds the IoU step. */
export function prepareCoco(gt: CocoDataset | LoadedCocoGt, results: ArrayLike<CocoResult> | ScannedBoxResults, options: CocoEvaluateOptions): PreparedCoco {
  const params = resolveCocoParams(options);
  f1ThresholdIndex(params, options.f1IouThr); // an f1IouThr that is not an IoU threshold fails before any work
  const gtSource = options.gtSource ?? 'gt';
  const dtSource = options.dtSource ?? 'results';
  options.onStage?.('load');
  const loaded = isLoadedCocoGt(gt) ? checkLoadedGt(gt, params) : undefined;
  const gtT = loaded ? loaded.table : loadGt(gt as CocoDataset, params.iouType, { source: gtSource, lvis: params.lvis });
  const K = params.kptOksSigmas.length;
  if (params.iouType === 'keypoints') gtT.keypoints = loadGtKeypoints(gt as CocoDataset, gtT, K, gtSource);
  if (params.lvis && isScanned(results)) throw new TypeError('LVIS evaluation reads result records, not scanned columns');
  let dtT = isScanned(results) ? loadScannedResults(results, gtT, dtSource) : loadResults(results, gtT, params.iouType, dtSource, K);
  let lvisCounts: LvisCounts | undefined;
  if (params.lvis) {
    const capped = lvisCapResults(dtT, params.maxDets[params.maxDets.length - 1] as number, gtT.images.ids.length);
    dtT = capped.table;
    lvisCounts = { overCap: capped.overCap, federatedDropped: 0, zeroAreaDetections: 0, zeroAreaGt: 0 };
  }
  options.onStage?.('masks');
  const gtMasks = loaded?.masks ?? options.gtMasks;
  const gtAll = gtMasks?.offsets.length === gtT.count + 1 ? gtMasks : undefined;
  const iouOf = buildIouProvider(gtT, dtT, params, gtSource, dtSource, COCO_BACKEND, options.maskChunkRows ?? MASK_CHUNK_ROWS, gtAll);
  if (lvisCounts) Object.assign(lvisCounts, applyLvisFilters(gt as CocoDataset, gtT, dtT, gtSource));
  return { params, gtT, dtT, iouOf, ...(lvisCounts ? { lvisCounts } : {}) };
}

/** A loaded GT serves only the evaluation it was loaded for: box or mask, neither keypoints nor LVIS. */
function checkLoadedGt(gt: LoadedCocoGt, params: CocoParams): LoadedCocoGt {
  if (params.lvis || gt.iouType !== params.iouType) throw new TypeError(`a GT loaded for ${gt.iouType} evaluation cannot serve ${params.lvis ? 'LVIS' : params.iouType} evaluation`);
  return gt;
}

/** Retries `run` on the JSON-parsed records when a lazily scanned RLE string turns out malformed. */
export function withParsedMasksOnError<T>(results: ArrayLike<CocoResult> | ScannedBoxResults, run: (r: ArrayLike<CocoResult> | ScannedBoxResults) => T): T {
  try {
    return run(results);
  } catch (error) {
    // A malformed RLE among the evaluated records of lazily scanned masks: the JSON.parse path
    // evaluates the same records and reports the error by file, record and rule.
    if (!(error instanceof MalformedMaskRef)) throw error;
    const refs = (results as ScannedBoxResults).maskRefs!;
    return run(JSON.parse(refs.wholeText?.() ?? refs.text) as CocoResult[]);
  }
}

/** GT categories of an evaluation, in dense index order. */
export interface CocoCategories {
  categoryIds: ReadonlyArray<number | string>;
  categoryNames: readonly string[];
}

/** Counts that come from the inputs rather than from the matching. */
export interface CocoInputCounts {
  images: number;
  detections: number;
  skippedUnknownCategory: number;
}

/**
 * accumulate + summarize (+ the extended metrics and per-class F1 extras) over matching results. Only
 * the scores of the detections are read from the results, so a merge of shard states finishes here
 * as one pass does. `groups`: LVIS frequency groups (LVIS summary and per-category rows);
 * `accumulated`: the accumulate arrays, when threads computed them (by category slices).
 */
export function finishCoco(matches: ImageMatches, dtScore: Float64Array, params: CocoParams, cats: CocoCategories, inputs: CocoInputCounts, options: CocoEvaluateOptions, groups?: { r: number[]; c: number[]; f: number[] }, accumulated?: CocoAccumulated): CocoEvaluation {
  const dt = { score: dtScore };
  // precomputed arrays: the caller entered the accumulate stage when it began them
  if (!accumulated) options.onStage?.('accumulate');
  const arrays = accumulated ?? accumulate(matches, dt, params);
  options.onStage?.('summarize');
  const mode = options.summation ?? 'blocked';
  const summary = groups ? summarizeLvis(arrays, params, groups, mode) : params.iouType === 'keypoints' ? summarizeKeypoints(arrays, params, mode) : summarize(arrays, params, mode);
  const out: CocoEvaluation = {
    iouType: params.iouType,
    lvis: params.lvis,
    stats: summary.map((l) => l.value),
    statNames: [...(groups ? LVIS_STAT_NAMES : params.iouType === 'keypoints' ? KEYPOINT_STAT_NAMES : COCO_STAT_NAMES)],
    summary,
    extended: extendedMetrics(arrays, matches, params, mode),
    summaryText: formatSummary(summary, params),
    perCategory: params.useCats ? perCategory(arrays, params, cats, mode, groups) : [],
    params,
    arrays,
    counts: {
      images: inputs.images,
      categories: cats.categoryIds.length,
      gtAnnotations: matches.gtEvaluated,
      detections: inputs.detections,
      evaluatedDetections: matches.dtEvaluated,
      skippedUnknownCategory: inputs.skippedUnknownCategory,
      outsideImgIds: matches.dtOutsideImgIds,
    },
  };
  if (options.scoreThreshold !== undefined) {
    const t = f1ThresholdIndex(params, options.f1IouThr);
    const a = Math.max(0, params.areaRngLbl.indexOf('all'));
    const rows = classF1(matches, dt, params, options.scoreThreshold, t, a);
    out.classF1 = {
      scoreThreshold: options.scoreThreshold,
      iouThr: params.iouThrs[t] as number,
      perCategory: rows.map(({ group, ...rest }) => ({ categoryId: params.useCats ? cats.categoryIds[group] as number | string : 'all', name: params.useCats ? cats.categoryNames[group] as string : 'all', ...rest })),
    };
  }
  return out;
}

/**
 * Index of the IoU threshold of the per-class F1 table: `f1IouThr` must be one of `iouThrs` (checked
 * before any work); without it, 0.5 when present, else the first threshold.
 */
function f1ThresholdIndex(params: CocoParams, f1IouThr: number | undefined): number {
  const thresholds = Array.from(params.iouThrs);
  if (f1IouThr === undefined) return Math.max(0, thresholds.indexOf(0.5));
  const t = iouThresholdIndex(params, f1IouThr);
  if (t < 0) throw invalidOption('evaluateCoco', 'f1IouThr', `one of the IoU thresholds (${thresholds.join(', ')})`, f1IouThr);
  return t;
}

function isScanned(r: ArrayLike<CocoResult> | ScannedBoxResults): r is ScannedBoxResults {
  return r !== null && typeof r === 'object' && (r as ScannedBoxResults).imageId instanceof Float64Array && (r as ScannedBoxResults).count !== undefined;
}

/**
 * Per-category rows at area 'all': AP, AP50, AP75 and the family's recall and extras — detection:
 * AR100 (maxDets 100 when present); keypoints: AR, APm, APl; LVIS: AR300 and the frequency group
 * (keypoints and LVIS at the largest maxDets).
 */
function perCategory(acc: CocoAccumulated, params: CocoParams, cats: CocoCategories, mode: NumpySummation, groups?: { r: number[]; c: number[]; f: number[] }): CocoCategoryResult[] {
  const a = Math.max(0, params.areaRngLbl.indexOf('all'));
  const keypoints = params.iouType === 'keypoints';
  const m100 = params.maxDets.indexOf(100);
  const m = !keypoints && !groups && m100 >= 0 ? m100 : params.maxDets.length - 1;
  const T = params.iouThrs.length;
  const tAll = Array.from({ length: T }, (_, i) => i);
  const tAt = (thr: number) => tAll.filter((t) => params.iouThrs[t] === thr);
  const t50 = tAt(0.5), t75 = tAt(0.75);
  const am = params.areaRngLbl.indexOf('medium'), al = params.areaRngLbl.indexOf('large');
  return cats.categoryIds.map((id, k) => {
    const row: CocoCategoryResult = {
      categoryId: id,
      name: cats.categoryNames[k] as string,
      AP: meanOver(acc, true, tAll, [k], a, m, mode),
      AP50: t50.length ? meanOver(acc, true, t50, [k], a, m, mode) : -1,
      AP75: t75.length ? meanOver(acc, true, t75, [k], a, m, mode) : -1,
    };
    const recall = meanOver(acc, false, tAll, [k], a, m, mode);
    if (groups) {
      row.AR300 = recall;
      const f = (['r', 'c', 'f'] as const).find((g) => groups[g].includes(k));
      if (f) row.frequency = f;
    } else if (keypoints) {
      row.AR = recall;
      row.APm = am < 0 ? -1 : meanOver(acc, true, tAll, [k], am, m, mode);
      row.APl = al < 0 ? -1 : meanOver(acc, true, tAll, [k], al, m, mode);
    } else row.AR100 = recall;
    return row;
  });
}

/**
 * Builds the IoU step: boxes through BoxIou, masks through RleIou. Masks are decoded (polygons
 * rasterised) only for the rows evaluated, directly in row order; mask-only results are decoded up
 * front because loadRes takes their area and box from the mask.
 */
function buildIouProvider(gt: GtTable, dt: DtTable, params: CocoParams, gtSource: string, dtSource: string, backend: BackendHint, chunkRows: number, gtAll: RleBatch | undefined): IouProvider {
  let dtAll: RleBatch | undefined = dt.masks;
  if (dtAll === undefined && dt.areaFrom === 'mask') {
    dtAll = segmentationsToRle(dt.segmentations, rowSizes(gt, dt.imageIdx), undefined, dtSource, backend);
    fillFromMasks(dt, dtAll, backend);
  }
  if (params.iouType === 'keypoints') {
    const dtKp = dt.keypoints as Float64Array, gtKp = gt.keypoints as Float64Array, S = 3 * params.kptOksSigmas.length;
    return (dtRows, gtRows, dtOffsets, gtOffsets) => {
      const gtArea = Float64Array.from(gtRows, (r) => gt.area[r] as number);
      const out = runKernelSync('KeypointOks', {
        dt: gatherRows(dtKp, dtRows, S), gt: gatherRows(gtKp, gtRows, S), gtBoxes: gatherRows(gt.boxes, gtRows, 4), gtArea, sigmas: params.kptOksSigmas, dtOffsets, gtOffsets,
      }, {}, { backend });
      return { iou: out.iou, pairOffsets: out.pairOffsets };
    };
  }
  if (params.iouType === 'bbox') {
    return (dtRows, gtRows, dtOffsets, gtOffsets, gtCrowd) => {
      const out = runKernelSync('BoxIou', { dt: gatherRows(dt.boxes, dtRows, 4), gt: gatherRows(gt.boxes, gtRows, 4), dtOffsets, gtOffsets, gtCrowd }, { format: 'xywh' }, { backend });
      return { iou: out.iou as Float64Array, pairOffsets: out.pairOffsets };
    };
  }
  const boundary = params.iouType === 'boundary';
  // matching never accepts an IoU below min(smallest threshold, 1 - 1e-10)
  const floor = matchThresholdCap(Math.min(...params.iouThrs));
  const dtSizes = rowSizes(gt, dt.imageIdx), gtSizes = rowSizes(gt, gt.imageIdx);
  // Cells are processed in chunks: each chunk's masks are decoded, compared and dropped, so memory
  // stays bounded by the chunk and the decoded runs are still in cache when RleIou walks them.
  return (dtRows, gtRows, dtOffsets, gtOffsets, gtCrowd) => {
    const cells = dtOffsets.length - 1;
    const pairOffsets = new Float64Array(cells + 1);
    for (let b = 0; b < cells; b++) {
      pairOffsets[b + 1] = (pairOffsets[b] as number) + ((dtOffsets[b + 1] as number) - (dtOffsets[b] as number)) * ((gtOffsets[b + 1] as number) - (gtOffsets[b] as number));
    }
    const iou = new Float64Array(pairOffsets[cells] as number);
    for (let b0 = 0; b0 < cells;) {
      let b1 = b0 + 1;
      while (b1 < cells && (dtOffsets[b1 + 1] as number) - (dtOffsets[b0] as number) + (gtOffsets[b1 + 1] as number) - (gtOffsets[b0] as number) <= chunkRows) b1++;
      const d0 = dtOffsets[b0] as number, g0 = gtOffsets[b0] as number;
      const dSub = dtRows.subarray(d0, dtOffsets[b1]), gSub = gtRows.subarray(g0, gtOffsets[b1]);
      let dtRles: RleBatch;
      if (dtAll) dtRles = gatherRles(dtAll, dSub);
      else if (dt.maskRefs) {
        // detections of cells without GT take part in no pair: their strings are checked, not kept
        const checkOnly = new Uint8Array(dSub.length);
        for (let b = b0; b < b1; b++) if (gtOffsets[b + 1] === gtOffsets[b]) checkOnly.fill(1, (dtOffsets[b] as number) - d0, (dtOffsets[b + 1] as number) - d0);
        dtRles = decodeRefsOrThrow(dt.maskRefs, dSub, checkOnly);
      } else dtRles = segmentationsToRle(dt.segmentations, dtSizes, dt.boxes, dtSource, backend, dSub);
      const gtRles = gtAll ? gatherRles(gtAll, gSub) : segmentationsToRle(gt.segmentations, gtSizes, undefined, gtSource, backend, gSub);
      const pairs = {
        dt: dtRles, gt: gtRles, gtCrowd: gtCrowd.subarray(g0, gtOffsets[b1]),
        dtOffsets: dtOffsets.slice(b0, b1 + 1).map((v) => v - d0), gtOffsets: gtOffsets.slice(b0, b1 + 1).map((v) => v - g0),
      };
      const out = boundary ? boundaryIou(pairs, params.dilationRatio, floor, backend) : runKernelSync('RleIou', pairs, {}, { backend });
      iou.set(out.iou, pairOffsets[b0] as number);
      b0 = b1;
    }
    return { iou, pairOffsets };
  };
}

/** Detection + GT masks decoded at a time by the segm IoU step. */
const MASK_CHUNK_ROWS = 16384;

/** loadRes for mask results: area is the mask's pixel count; a missing bbox is the mask's toBbox. */
function fillFromMasks(dt: DtTable, rles: RleBatch, backend: BackendHint): void {
  const { area } = runKernelSync('RleArea', { rles }, {}, { backend });
  dt.area.set(area);
  const { boxes } = runKernelSync('RleToBbox', { rles }, {}, { backend });
  for (let i = 0; i < dt.count; i++) {
    if (Number.isNaN(dt.boxes[4 * i])) for (let c = 0; c < 4; c++) dt.boxes[4 * i + c] = boxes[4 * i + c] as number;
  }
}

function rowSizes(gt: GtTable, imageIdx: Int32Array): { heights: Int32Array; widths: Int32Array } {
  const n = imageIdx.length;
  const heights = new Int32Array(n), widths = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    heights[i] = gt.imageHeights[imageIdx[i] as number] as number;
    widths[i] = gt.imageWidths[imageIdx[i] as number] as number;
  }
  return { heights, widths };
}
