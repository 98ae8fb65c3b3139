import { runKernel, runKernelSync, type BackendHint, type MatchDetectionsOutputs } from '@tensoreval/core';
import { gatherRows } from './gather-rows';
import { countingSortBy } from '../../columns/counting-sort';
import { sortByScoreDesc } from './score-order';
import type { DtTable } from './load-results';
import type { GtTable } from './load-gt';
import type { CocoParams } from './params';

/** IoU blocks for ragged (image, category) problems: rows are global detection / GT indices. */
export type IouProvider = (dtRows: Int32Array, gtRows: Int32Array, dtOffsets: Int32Array, gtOffsets: Int32Array, gtCrowd: Uint8Array) => { iou: Float64Array; pairOffsets: Float64Array };

/** Per-detection matching results in "row" space: the detections kept for evaluation. */
export interface ImageMatches {
  /** category groups K (GT categories, or 1 when useCats is false) */
  groups: number;
  /** detection rows in cell order (group, image, score desc): dt index of each row */
  rowDt: Int32Array;
  /** rank of each row inside its (image, group) cell, after the score sort */
  rowRank: Int32Array;
  /** group of each row */
  rowGroup: Int32Array;
  /** dt index → row, or -1 when the detection is not evaluated (outside imgIds, unknown category, beyond maxDets) */
  dtRow: Int32Array;
  /** dt indices in accumulate order (score desc, image, category, file) */
  scoreOrder: Int32Array;
  /** rows × A × T: 0 FP, 1 TP, 2 ignored (MATCH_STATE) */
  dtState: Uint8Array;
  /** non-ignored GT per group and area range, K × A (npig) */
  positives: Float64Array;
  /** evaluated GT count and detection count */
  gtEvaluated: number;
  dtEvaluated: number;
  /** detections on images outside `imgIds` (not evaluated by request) */
  dtOutsideImgIds: number;
  /** per row: IoU of its TP match at IoU 0.5 (or the first threshold), area 'all' (or the first range); NaN if not a TP */
  matchedIou: Float64Array;
  /** GT annotation indices evaluated (images in the subset), in cell order */
  gtRows: Int32Array;
  /** with `recordMatch`: per row, the GT annotation index of its TP match in that lane, -1 if not a TP */
  matchedGt?: Int32Array;
}

/** Image mask of the evaluated subset (all GT images when imgIds is undefined), within the shard. */
function selectImages(gt: GtTable, params: CocoParams, shard: Uint8Array | undefined): Uint8Array {
  const sel = new Uint8Array(gt.images.ids.length);
  if (params.imgIds === undefined) sel.fill(1);
  else {
    for (const id of params.imgIds) {
      const k = gt.images.index.get(id);
      if (k !== undefined) sel[k] = 1;
    }
  }
  if (shard !== undefined) for (let k = 0; k < sel.length; k++) sel[k] = (sel[k] as number) & (shard[k] as number);
  return sel;
}

/** The cells of one evaluation and every per-row / per-GT input of the matching (no IoU yet). */
interface CellPlan {
  groups: number;
  rows: number;
  /** detection rows in cell order, their in-cell rank and group; dt index → row */
  kept: Int32Array;
  rowRank: Int32Array;
  rowGroup: Int32Array;
  dtRow: Int32Array;
  scoreOrder: Int32Array;
  /** GT annotation indices in cell order */
  gtOrder: Int32Array;
  /** cell offsets into the detection rows and into gtOrder */
  dtOffsets: Int32Array;
  gtOffsets: Int32Array;
  gtCrowd: Uint8Array;
  gtIdZero: Uint8Array;
  /** A × nG and A × rows, as MatchDetections takes them */
  gtIgnore: Uint8Array;
  dtOutOfRange: Uint8Array;
  positives: Float64Array;
  dtOutsideImgIds: number;
  areas: number;
  /** the (area, threshold) whose TP IoUs `matchedIou` records: area 'all' and IoU 0.5 where present */
  recordIou: { area: number; threshold: number };
}

/**
 * pycocotools `evaluate()`: groups GT and detections per (image, category) with counting sorts, keeps
 * each cell's top maxDets[-1] detections by score, computes all IoU blocks in one kernel call and
 * matches every cell for every area range and IoU threshold in one MatchDetections call.
 * With `shard` (1 per GT image index of the shard) only the shard's images are evaluated, and only
 * its detections outside `imgIds` are counted, so the shards of a partition sum to one pass.
 */
export function evaluateImages(gt: GtTable, dt: DtTable, params: CocoParams, iouOf: IouProvider, backend?: BackendHint, recordMatch?: { area: number; threshold: number }, shard?: Uint8Array): ImageMatches {
  const plan = planCells(gt, dt, params, shard);
  const { iou, pairOffsets } = iouOf(plan.kept, plan.gtOrder, plan.dtOffsets, plan.gtOffsets, plan.gtCrowd);
  const out = runKernelSync('MatchDetections', {
    iou, pairOffsets, dtOffsets: plan.dtOffsets, gtOffsets: plan.gtOffsets, iouThresholds: params.iouThrs, gtIgnore: plan.gtIgnore, gtCrowd: plan.gtCrowd,
    gtIdZero: plan.gtIdZero, dtOutOfRange: plan.dtOutOfRange,
  }, { areas: plan.areas, recordIou: plan.recordIou, ...(recordMatch ? { recordMatch } : {}) }, { backend });
  return matchesOf(plan, out);
}

/**
 * `evaluateImages` for boxes through the fused MatchBoxDetections stage, asynchronously, on the
 * backends `backend` names (tfjs on webgpu keeps IoU and matching on the device). The numbers are
 * those of `evaluateImages` with BoxIou: the stage's contract is exactness.
 */
export async function evaluateBoxImages(gt: GtTable, dt: DtTable, params: CocoParams, backend: BackendHint, recordMatch?: { area: number; threshold: number }): Promise<ImageMatches> {
  const plan = planCells(gt, dt, params, undefined);
  const out = await runKernel('MatchBoxDetections', {
    dt: gatherRows(dt.boxes, plan.kept, 4), gt: gatherRows(gt.boxes, plan.gtOrder, 4), dtOffsets: plan.dtOffsets, gtOffsets: plan.gtOffsets,
    iouThresholds: params.iouThrs, gtIgnore: plan.gtIgnore, gtCrowd: plan.gtCrowd, gtIdZero: plan.gtIdZero, dtOutOfRange: plan.dtOutOfRange,
  }, { format: 'xywh', areas: plan.areas, recordIou: plan.recordIou, ...(recordMatch ? { recordMatch } : {}) }, { backend });
  return matchesOf(plan, out);
}

/** The cells, their offsets and the per-row / per-GT flags of one evaluation (see evaluateImages). */
function planCells(gt: GtTable, dt: DtTable, params: CocoParams, shard: Uint8Array | undefined): CellPlan {
  const K = params.useCats ? gt.categories.ids.length : 1;
  const I = gt.images.ids.length;
  const A = params.areaRng.length;
  const maxDet = params.maxDets[params.maxDets.length - 1] as number;
  const imgSel = selectImages(gt, params, shard);
  const groupOfCat = (c: number) => (params.useCats ? c : 0);

  // GT rows in the subset, ordered (group, image, category, file): categories first, then images, then groups.
  let gtOrder = filterRows(gt.count, (i) => imgSel[gt.imageIdx[i] as number] === 1 && gt.excluded?.[i] !== 1);
  gtOrder = countingSortBy(gtOrder, gt.catIdx, gt.categories.ids.length);
  gtOrder = countingSortBy(gtOrder, gt.imageIdx, I);
  const gtGroup = new Int32Array(gt.count);
  for (let i = 0; i < gt.count; i++) gtGroup[i] = groupOfCat(gt.catIdx[i] as number);
  if (params.useCats) gtOrder = countingSortBy(gtOrder, gtGroup, K);

  let dtOutsideImgIds = 0;
  let dtOrder = filterRows(dt.count, (i) => {
    if (dt.catIdx[i] === -1 || dt.excluded?.[i] === 1) return false;
    const img = dt.imageIdx[i] as number;
    if (imgSel[img] === 1) return true;
    if (shard === undefined || shard[img] === 1) dtOutsideImgIds++;
    return false;
  });
  const scoreOrder = sortByScoreDesc(dtOrder, dt.score, dt.imageIdx, dt.catIdx, I, gt.categories.ids.length);
  dtOrder = countingSortBy(scoreOrder, dt.imageIdx, I);
  const dtGroup = new Int32Array(dt.count);
  for (let i = 0; i < dt.count; i++) dtGroup[i] = dt.catIdx[i] === -1 ? 0 : groupOfCat(dt.catIdx[i] as number);
  if (params.useCats) dtOrder = countingSortBy(dtOrder, dtGroup, K);

  // Walk both orders cell by cell (group, image): cut detections at maxDet and record offsets.
  const nG = gtOrder.length, nD = dtOrder.length;
  const gKeys = cellKeys(gtOrder, gtGroup, gt.imageIdx, I), dKeys = cellKeys(dtOrder, dtGroup, dt.imageIdx, I);
  const rowDt = new Int32Array(nD), rowRank = new Int32Array(nD), rowGroup = new Int32Array(nD);
  const dtRow = new Int32Array(dt.count).fill(-1);
  const dtOffsets = new Int32Array(nG + nD + 1), gtOffsets = new Int32Array(nG + nD + 1);
  let gi = 0, di = 0, rows = 0, cells = 0;
  while (gi < nG || di < nD) {
    const gKey = gi < nG ? (gKeys[gi] as number) : Infinity;
    const dKey = di < nD ? (dKeys[di] as number) : Infinity;
    const key = gKey < dKey ? gKey : dKey;
    while (gi < nG && gKeys[gi] === key) gi++;
    let rank = 0;
    while (di < nD && dKeys[di] === key) {
      const d = dtOrder[di++] as number;
      if (rank < maxDet) {
        rowDt[rows] = d;
        rowRank[rows] = rank;
        rowGroup[rows] = dtGroup[d] as number;
        dtRow[d] = rows++;
      }
      rank++;
    }
    cells++;
    dtOffsets[cells] = rows;
    gtOffsets[cells] = gi;
  }
  const kept = rowDt.subarray(0, rows);

  const lo = Float64Array.from(params.areaRng, (r) => r[0]), hi = Float64Array.from(params.areaRng, (r) => r[1]);
  const gtCrowd = new Uint8Array(nG), gtIdZero = new Uint8Array(nG), gtIgnore = new Uint8Array(A * nG);
  const positives = new Float64Array(K * A);
  for (let j = 0; j < nG; j++) {
    const g = gtOrder[j] as number;
    const ignore = gt.ignore[g] as number;
    const area = gt.area[g] as number;
    const group = gtGroup[g] as number;
    gtCrowd[j] = gt.crowd[g] as number;
    gtIdZero[j] = gt.idZero[g] as number;
    for (let a = 0; a < A; a++) {
      const ig = ignore !== 0 || area < (lo[a] as number) || area > (hi[a] as number) ? 1 : 0;
      gtIgnore[a * nG + j] = ig;
      if (ig === 0) positives[group * A + a] = (positives[group * A + a] as number) + 1;
    }
  }
  const dtOutOfRange = new Uint8Array(A * rows);
  for (let r = 0; r < rows; r++) {
    const area = dt.area[kept[r] as number] as number;
    // LVIS: an unmatched detection of a category not exhaustively annotated on its image is ignored
    const always = dt.ignoreUnmatched?.[kept[r] as number] === 1;
    for (let a = 0; a < A; a++) dtOutOfRange[a * rows + r] = always || area < (lo[a] as number) || area > (hi[a] as number) ? 1 : 0;
  }
  return {
    groups: K, rows, kept, rowRank: rowRank.subarray(0, rows), rowGroup: rowGroup.subarray(0, rows), dtRow, scoreOrder, gtOrder,
    dtOffsets: dtOffsets.slice(0, cells + 1), gtOffsets: gtOffsets.slice(0, cells + 1), gtCrowd, gtIdZero, gtIgnore, dtOutOfRange, positives, dtOutsideImgIds,
    areas: A, recordIou: { area: Math.max(0, params.areaRngLbl.indexOf('all')), threshold: Math.max(0, Array.from(params.iouThrs).indexOf(0.5)) },
  };
}

/** The matching's outputs over a plan's rows, as ImageMatches. */
function matchesOf(plan: CellPlan, out: MatchDetectionsOutputs): ImageMatches {
  const { dtState, matchedIou, matchedGt } = out;
  const matches: ImageMatches = {
    groups: plan.groups, rowDt: plan.kept, rowRank: plan.rowRank, rowGroup: plan.rowGroup, dtRow: plan.dtRow, scoreOrder: plan.scoreOrder,
    dtState, positives: plan.positives, gtEvaluated: plan.gtOrder.length, dtEvaluated: plan.rows, dtOutsideImgIds: plan.dtOutsideImgIds,
    matchedIou: matchedIou as Float64Array, gtRows: plan.gtOrder,
  };
  if (matchedGt) {
    // kernel GT rows are positions in gtOrder: give annotation indices
    for (let r = 0; r < plan.rows; r++) if ((matchedGt[r] as number) >= 0) matchedGt[r] = plan.gtOrder[matchedGt[r] as number] as number;
    matches.matchedGt = matchedGt;
  }
  return matches;
}

/** group × images + image of each row of `order`, the cell it belongs to (non-decreasing along order). */
function cellKeys(order: Int32Array, group: Int32Array, image: Int32Array, I: number): Float64Array {
  const keys = new Float64Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const row = order[i] as number;
    keys[i] = (group[row] as number) * I + (image[row] as number);
  }
  return keys;
}

function filterRows(n: number, keep: (i: number) => boolean): Int32Array {
  const out = new Int32Array(n);
  let k = 0;
  for (let i = 0; i < n; i++) if (keep(i)) out[k++] = i;
  return out.slice(0, k);
}
