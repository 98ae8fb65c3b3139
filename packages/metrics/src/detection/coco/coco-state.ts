import { invalidInput, invalidOption } from '@tensoreval/core';
import type { CocoDataset, CocoResult } from './coco-json';
import { COCO_BACKEND, finishCoco, prepareCoco, recordedLane, tideLaneOf, withParsedMasksOnError, type CocoEvaluateOptions, type CocoEvaluation } from './coco-evaluate';
import { rowsInScoreOrder } from './score-order';
import { evaluateImages, type ImageMatches } from './evaluate-images';
import { lvisFrequencyGroups, type LvisCounts } from './lvis';
import type { CocoParams } from './params';
import { rowsInAccumulateOrder, type CocoAccumulated } from './accumulate';
import type { LoadedCocoGt } from './loaded-gt';
import { classifyErrors, type ErrorTable, type TideLane } from '../tide/classify-errors';
import { tideFromErrors } from '../tide/tide-breakdown';
import type { ScannedBoxResults } from './scan-box-results';

/** Format version of {@link CocoState}; bumped whenever a field changes meaning. */
export const COCO_STATE_VERSION = 1;

/**
 * The matching results of a set of images, before accumulate: everything a COCO evaluation needs
 * from them, so the states of disjoint image shards merge into exactly one pass (pycocotools keeps
 * `evalImgs` between evaluate and accumulate for the same reason).
 *
 * Rows are the evaluated detections (each image's top maxDets per category). `file` is the
 * detection's position in the results file: with score, image and category it restores the order
 * accumulate visits detections in, whatever order the shards come in.
 */
export interface CocoState {
  version: number;
  /** resolved parameters; shards merge only with identical ones */
  params: CocoParams;
  categoryIds: Array<number | string>;
  categoryNames: string[];
  /** GT images in total (I), and evaluated (imgIds, or I) */
  gtImages: number;
  images: number;
  /** 1 per GT image index this state covers */
  covered: Uint8Array;
  /** non-ignored GT per category group and area range, K × A */
  positives: Float64Array;
  counts: { gtAnnotations: number; detections: number; skippedUnknownCategory: number; outsideImgIds: number };
  rows: {
    score: Float64Array;
    image: Int32Array;
    category: Int32Array;
    file: Int32Array;
    group: Int32Array;
    /** rank inside its (image, group) cell */
    rank: Int32Array;
    /** rows × A × T match states (0 FP, 1 TP, 2 ignored) */
    state: Uint8Array;
    /** IoU of each row's TP match at IoU .50, area all (NaN where not a TP): the extended metrics' mean TP IoU */
    tpIou: Float64Array;
    /**
     * The rows in accumulate order (score desc, image, category, file), as the evaluation found it: a
     * merge concatenates the states' orders, so the merged order is a merge of sorted runs. Absent
     * (a state from elsewhere) means the order is sorted from scratch; the result is the same.
     */
    order?: Int32Array;
  };
  /**
   * LVIS: the categories' frequency groups and the input counts (cap, federated drops, zero areas).
   * Every shard reads the whole files, so these are the whole run's, equal in every shard.
   */
  lvis?: { groups: { r: number[]; c: number[]; f: number[] }; counts: LvisCounts };
  /**
   * With `tide`: the lane and each row's TIDE error (the table `classifyErrors` gives, in these rows;
   * `missed` per category group), so the breakdown is computed once the shards are merged.
   */
  tide?: { lane: TideLane; table: ErrorTable };
}

const FN = 'mergeCocoStates';

/**
 * Evaluates the images of one shard and returns their state (see {@link mergeCocoStates} and
 * {@link finishCocoState}). `images` marks the shard by GT image index (the dense index of the sorted
 * image ids), or names shard `index` of `count` (see {@link cocoShardImages}); undefined means every
 * image.
 *
 * Bad input throws the same errors as `evaluateCocoDatasets`, for records of any image.
 */
export function evaluateCocoState(gt: CocoDataset | LoadedCocoGt, results: ArrayLike<CocoResult> | ScannedBoxResults, options: CocoEvaluateOptions = {}, images?: Uint8Array | { index: number; count: number }): CocoState {
  return withParsedMasksOnError(results, (r) => {
    const { params, gtT, dtT, iouOf, lvisCounts } = prepareCoco(gt, r, options);
    const I = gtT.images.ids.length;
    const covered = images === undefined ? new Uint8Array(I).fill(1) : ArrayBuffer.isView(images) ? images : cocoShardImages(I, images.index, images.count);
    if (covered.length !== I) {
      throw invalidInput('evaluateCocoState', 'images', `have one entry per GT image (${I})`, `${covered.length} entries`, 'TE-202');
    }
    options.onStage?.('evaluate');
    // TIDE classifies each false positive against the GT of its own image, so shards classify their own
    const lane = tideLaneOf(params, options.tide);
    const m = evaluateImages(gtT, dtT, params, iouOf, COCO_BACKEND, recordedLane(lane), covered);
    let detections = 0, skipped = 0;
    for (let i = 0; i < dtT.count; i++) {
      if (covered[dtT.imageIdx[i] as number] !== 1) continue;
      detections++;
      if (dtT.catIdx[i] === -1) skipped++;
    }
    const n = m.rowDt.length;
    const score = new Float64Array(n), image = new Int32Array(n), category = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      const d = m.rowDt[r] as number;
      score[r] = dtT.score[d] as number;
      image[r] = dtT.imageIdx[d] as number;
      category[r] = dtT.catIdx[d] as number;
    }
    // the rows in accumulate order: a merge of shards then merges these sorted runs instead of sorting
    const order = rowsInAccumulateOrder(m);
    return {
      version: COCO_STATE_VERSION,
      params,
      categoryIds: gtT.categories.ids.slice(),
      categoryNames: gtT.categoryNames.slice(),
      gtImages: I,
      images: params.imgIds === undefined ? I : params.imgIds.length,
      covered: covered.slice(),
      positives: m.positives,
      counts: { gtAnnotations: m.gtEvaluated, detections, skippedUnknownCategory: skipped, outsideImgIds: m.dtOutsideImgIds },
      rows: { score, image, category, file: m.rowDt.slice(), group: m.rowGroup.slice(), rank: m.rowRank.slice(), state: m.dtState.slice(0, n * params.areaRng.length * params.iouThrs.length), tpIou: m.matchedIou.slice(0, n), order },
      ...(lvisCounts ? { lvis: { groups: lvisFrequencyGroups(gt as CocoDataset, gtT), counts: lvisCounts } } : {}),
      ...(lane ? { tide: { lane, table: classifyErrors(gtT, dtT, params, m, iouOf, lane) } } : {}),
    };
  });
}

/**
 * Shard `index` of `count`: GT image indices [⌊index·I/count⌋, ⌊(index+1)·I/count⌋), contiguous
 * so a shard's images are neighbours in id order.
 */
export function cocoShardImages(gtImages: number, index: number, count: number): Uint8Array {
  const { from, to } = cocoShardRange(gtImages, index, count);
  const out = new Uint8Array(gtImages);
  out.fill(1, from, to);
  return out;
}

/** The GT image indices [from, to) of shard `index` of `count` (see {@link cocoShardImages}). */
export function cocoShardRange(gtImages: number, index: number, count: number): { from: number; to: number } {
  if (!Number.isInteger(count) || count < 1) throw invalidOption('cocoShardImages', 'count', 'a positive integer', count);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw invalidOption('cocoShardImages', 'index', `an integer in [0, ${count - 1}]`, index);
  return { from: Math.floor((index * gtImages) / count), to: Math.floor(((index + 1) * gtImages) / count) };
}

/**
 * Merges the states of disjoint image shards (any number, any order) into one state. Sums and
 * concatenations only: {@link finishCocoState} of the merge equals one pass over all the images bit
 * for bit. States of different parameters, categories or GT, or covering an image twice, are
 * rejected with one line naming the state. `alloc` gives the memory of the columns accumulate reads
 * (a SharedArrayBuffer, for threads that accumulate slices of the categories).
 */
export function mergeCocoStates(states: readonly CocoState[], alloc: (bytes: number) => ArrayBufferLike = (b) => new ArrayBuffer(b)): CocoState {
  const first = states[0];
  if (first === undefined) throw invalidInput(FN, 'states', 'hold at least one state', 'none', 'TE-210');
  const key = headerKey(first);
  const covered = new Uint8Array(first.gtImages);
  const positives = new Float64Array(alloc(8 * first.positives.length));
  const counts = { gtAnnotations: 0, detections: 0, skippedUnknownCategory: 0, outsideImgIds: 0 };
  let n = 0;
  states.forEach((s, i) => {
    if (s.version !== COCO_STATE_VERSION) throw invalidInput(FN, { argument: 'states', index: i }, `be a version ${COCO_STATE_VERSION} state`, `version ${s.version}`, 'TE-203');
    if (headerKey(s) !== key) throw invalidInput(FN, { argument: 'states', index: i }, 'share the parameters, categories and GT images of state 0', 'a different evaluation', 'TE-202');
    for (let k = 0; k < covered.length; k++) {
      if (s.covered[k] !== 1) continue;
      if (covered[k] === 1) throw invalidInput(FN, { argument: 'states', index: i }, 'cover images no other state covers', `GT image index ${k} twice`, 'TE-203');
      covered[k] = 1;
    }
    for (let j = 0; j < positives.length; j++) positives[j] = (positives[j] as number) + (s.positives[j] as number);
    counts.gtAnnotations += s.counts.gtAnnotations;
    counts.detections += s.counts.detections;
    counts.skippedUnknownCategory += s.counts.skippedUnknownCategory;
    counts.outsideImgIds += s.counts.outsideImgIds;
    n += s.rows.score.length;
  });
  const AT = first.params.areaRng.length * first.params.iouThrs.length;
  const rows = {
    score: new Float64Array(alloc(8 * n)), image: new Int32Array(n), category: new Int32Array(n), file: new Int32Array(n),
    group: new Int32Array(alloc(4 * n)), rank: new Int32Array(alloc(4 * n)), state: new Uint8Array(alloc(n * AT)), tpIou: new Float64Array(n),
  };
  const tide = first.tide ? mergeTide(states, n) : undefined;
  const order = states.every((s) => s.rows.order !== undefined) ? new Int32Array(n) : undefined;
  let at = 0;
  for (const s of states) {
    if (order) {
      const own = s.rows.order as Int32Array;
      for (let q = 0; q < own.length; q++) order[at + q] = (own[q] as number) + at;
    }
    rows.score.set(s.rows.score, at);
    rows.image.set(s.rows.image, at);
    rows.category.set(s.rows.category, at);
    rows.file.set(s.rows.file, at);
    rows.group.set(s.rows.group, at);
    rows.rank.set(s.rows.rank, at);
    rows.state.set(s.rows.state, at * AT);
    rows.tpIou.set(s.rows.tpIou, at);
    at += s.rows.score.length;
  }
  return { ...first, covered, positives, counts, rows: order ? { ...rows, order } : rows, ...(tide ? { tide } : {}) };
}

/**
 * The shards' TIDE tables in merged row order (concatenated), missed GT added. Every state carries
 * one: the header key (which holds the TIDE lane) already refused a state without.
 */
function mergeTide(states: readonly CocoState[], n: number): CocoState['tide'] {
  const first = states[0]!.tide!;
  const table: ErrorTable = { type: new Uint8Array(n), fixes: new Uint8Array(n), fixedGroup: new Int32Array(n), missed: new Float64Array(first.table.missed.length) };
  let at = 0;
  for (const s of states) {
    const own = s.tide!.table;
    table.type.set(own.type, at);
    table.fixes.set(own.fixes, at);
    table.fixedGroup.set(own.fixedGroup, at);
    for (let k = 0; k < table.missed.length; k++) table.missed[k] = (table.missed[k] as number) + (own.missed[k] as number);
    at += s.rows.score.length;
  }
  return { lane: first.lane, table };
}

/**
 * The matches of a state that covers every GT image (one pass's, or a merge of shards), in
 * accumulate order: rows are put in (score desc, image, category, file position) order (a merge of
 * the shards' sorted runs, or a sort from scratch), so what follows is the one-pass result bit for
 * bit. `alloc` gives the memory of the orders (as for {@link mergeCocoStates}).
 */
export function cocoStateMatches(state: CocoState, alloc: (bytes: number) => ArrayBufferLike = (b) => new ArrayBuffer(b)): ImageMatches {
  const missing = state.covered.indexOf(0);
  if (missing >= 0) throw invalidInput('finishCocoState', 'state', 'cover every GT image (merge every shard first)', `no shard for GT image index ${missing}`, 'TE-202');
  const { rows } = state;
  const n = rows.score.length;
  const scoreOrder = rowsInScoreOrder(rows, state.gtImages, state.categoryIds.length, alloc, rows.order);
  const rowIds = new Int32Array(alloc(4 * n));
  for (let r = 0; r < n; r++) rowIds[r] = r;
  return {
    groups: state.params.useCats ? state.categoryIds.length : 1,
    rowDt: rowIds, rowRank: rows.rank, rowGroup: rows.group, dtRow: rowIds, scoreOrder, dtState: rows.state,
    positives: state.positives, gtEvaluated: state.counts.gtAnnotations, dtEvaluated: n, dtOutsideImgIds: state.counts.outsideImgIds,
    matchedIou: rows.tpIou, gtRows: new Int32Array(0),
  };
}

/**
 * accumulate + summarize of a state that covers every GT image (one pass's, or a merge of shards),
 * bit for bit the one-pass result. `prepared`: its {@link cocoStateMatches} and the accumulate
 * arrays, when threads computed them by category slices.
 */
export function finishCocoState(state: CocoState, options: Pick<CocoEvaluateOptions, 'summation' | 'scoreThreshold' | 'f1IouThr' | 'onStage'> = {}, prepared?: { matches: ImageMatches; arrays: CocoAccumulated }): CocoEvaluation {
  const matches = prepared?.matches ?? cocoStateMatches(state);
  const out = finishCoco(matches, state.rows.score, state.params, state, {
    images: state.images, detections: state.counts.detections, skippedUnknownCategory: state.counts.skippedUnknownCategory,
  }, options, state.lvis?.groups, prepared?.arrays);
  if (state.lvis) out.counts.lvis = { ...state.lvis.counts };
  if (state.tide) out.tide = tideFromErrors(state.tide.table, { score: state.rows.score }, state.params, matches, state.tide.lane, options.summation ?? 'blocked');
  return out;
}

/** What two states of the same evaluation share, as one string. */
export function headerKey(s: CocoState): string {
  return JSON.stringify([paramsKey(s.params), s.categoryIds, s.categoryNames, s.gtImages, s.images, s.lvis ?? null, s.tide?.lane ?? null]);
}

/** Whether `state` was evaluated with `params` (a state from another build or run may not have been). */
export function stateHasParams(state: CocoState, params: CocoParams): boolean {
  return paramsKey(state.params) === paramsKey(params);
}

/** Params as one string: equal strings, equal params. */
function paramsKey(p: CocoParams): string {
  return JSON.stringify(paramsToJson(p));
}

/**
 * Params as plain JSON (JS numbers print their shortest round-trip form, so floats come back exact);
 * an infinite area bound as the string 'Infinity' or '-Infinity' (JSON would write null), which
 * {@link areaRngFromJson} reads back.
 */
export function paramsToJson(p: CocoParams): Record<string, unknown> {
  const bound = (v: number) => (Number.isFinite(v) ? v : String(v));
  return { ...p, areaRng: p.areaRng.map(([lo, hi]) => [bound(lo), bound(hi)]), iouThrs: Array.from(p.iouThrs), recThrs: Array.from(p.recThrs), kptOksSigmas: Array.from(p.kptOksSigmas) };
}

/** The area ranges of {@link paramsToJson}'s JSON, infinite bounds numbers again; anything else as it is, for the params' check. */
export function areaRngFromJson(raw: unknown): unknown {
  if (!Array.isArray(raw)) return raw;
  const bound = (v: unknown) => (v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v);
  return raw.map((r: unknown) => (Array.isArray(r) ? r.map(bound) : r));
}
