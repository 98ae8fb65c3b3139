import { countingSortBy } from '../../columns/counting-sort';
import type { IouProvider, ImageMatches } from '../coco/evaluate-images';
import type { GtTable } from '../coco/load-gt';
import type { DtTable } from '../coco/load-results';
import type { CocoParams } from '../coco/params';

/** TIDE's six main error types, in tidecv's order (Cls, Loc, Both, Dupe, Bkg, Miss). */
export const TIDE_ERROR_TYPES = ['classification', 'localisation', 'both', 'duplicate', 'background', 'missed'] as const;
export type TideErrorType = (typeof TIDE_ERROR_TYPES)[number];

/** Codes of `ErrorTable.type`: the index in TIDE_ERROR_TYPES; NONE for rows that are not false positives. */
export const TIDE_CODE = { classification: 0, localisation: 1, both: 2, duplicate: 3, background: 4, none: 255 } as const;

/** Per evaluated row (ImageMatches row space) its error, and per GT whether it is missed. */
export interface ErrorTable {
  /** per row: TIDE_CODE of the false positive's error, TIDE_CODE.none otherwise */
  type: Uint8Array;
  /** per row: 1 where a classification / localisation error is the one that fixes its GT (the highest-scored, tidecv BestGTMatch) */
  fixes: Uint8Array;
  /** per row: the category group its fixed true positive counts in (the GT's for classification errors) */
  fixedGroup: Int32Array;
  /** per category group: non-ignored GT neither matched nor the target of a classification / localisation error */
  missed: Float64Array;
}

/** Thresholds and the lane (area range 'all', IoU t_f) the breakdown is computed on. */
export interface TideLane {
  posThreshold: number;
  bgThreshold: number;
  /** index of the area range and of t_f in the evaluation's parameters */
  area: number;
  threshold: number;
}

/**
 * Classifies every false positive of the lane (tidecv `TIDERun._eval_image`, tested in its order):
 * localisation if its best IoU with a same-class GT is in [t_b, t_f]; classification if its best IoU
 * with an other-class GT is >= t_f; duplicate if its best IoU with an already matched same-class GT
 * is >= t_f; background if its best IoU with any GT is <= t_b (or the image has no GT); both
 * otherwise. GT are the lane's non-ignored annotations of the detection's image (all categories),
 * compared by plain IoU through the evaluation's own IoU step.
 */
export function classifyErrors(gt: GtTable, dt: DtTable, params: CocoParams, m: ImageMatches, iouOf: IouProvider, lane: TideLane): ErrorTable {
  const rows = m.rowDt.length, I = gt.images.ids.length, T = params.iouThrs.length, AT = params.areaRng.length * T;
  const l = lane.area * T + lane.threshold;
  const matched = m.matchedGt as Int32Array;
  const [lo, hi] = params.areaRng[lane.area] as [number, number];
  // GT positives of the lane (not crowd, area inside the range), by image in file order
  const pos = new Uint8Array(gt.count), used = new Uint8Array(gt.count);
  let nPos = 0;
  const posList = new Int32Array(m.gtRows.length);
  for (let j = 0; j < m.gtRows.length; j++) {
    const g = m.gtRows[j] as number;
    if (gt.crowd[g] === 0 && (gt.area[g] as number) >= lo && (gt.area[g] as number) <= hi) { pos[g] = 1; posList[nPos++] = g; }
  }
  for (let r = 0; r < rows; r++) if ((matched[r] as number) >= 0) used[matched[r] as number] = 1;
  const gtByImage = countingSortBy(posList.subarray(0, nPos).sort(), gt.imageIdx, I);
  const gtStart = starts(gtByImage, gt.imageIdx, I);

  // false positives of the lane (dt indices), by image
  const fpDt = new Int32Array(rows);
  let nFp = 0;
  for (let r = 0; r < rows; r++) if (m.dtState[r * AT + l] === 0) fpDt[nFp++] = m.rowDt[r] as number;
  const fpByImage = countingSortBy(fpDt.subarray(0, nFp), dt.imageIdx, I);
  const fpStart = starts(fpByImage, dt.imageIdx, I);

  // one IoU block per image holding both false positives and GT
  const dtRows = new Int32Array(nFp), gtRows = new Int32Array(nPos), dOff = new Int32Array(I + 1), gOff = new Int32Array(I + 1);
  let nd = 0, ng = 0, blocks = 0;
  for (let i = 0; i < I; i++) {
    const d0 = fpStart[i] as number, d1 = fpStart[i + 1] as number, q0 = gtStart[i] as number, q1 = gtStart[i + 1] as number;
    if (d0 === d1 || q0 === q1) continue;
    dtRows.set(fpByImage.subarray(d0, d1), nd);
    gtRows.set(gtByImage.subarray(q0, q1), ng);
    nd += d1 - d0;
    ng += q1 - q0;
    dOff[++blocks] = nd;
    gOff[blocks] = ng;
  }
  const { iou, pairOffsets } = iouOf(dtRows.subarray(0, nd), gtRows.subarray(0, ng), dOff.slice(0, blocks + 1), gOff.slice(0, blocks + 1), new Uint8Array(ng));

  const type = new Uint8Array(rows).fill(TIDE_CODE.none), ref = new Int32Array(rows).fill(-1);
  for (let q = 0; q < nFp; q++) type[m.dtRow[fpDt[q] as number] as number] = TIDE_CODE.background; // images without GT
  const { posThreshold: tf, bgThreshold: tb } = lane;
  for (let b = 0; b < blocks; b++) {
    const g0 = gOff[b] as number, G = (gOff[b + 1] as number) - g0;
    for (let d = dOff[b] as number; d < (dOff[b + 1] as number); d++) {
      const dIdx = dtRows[d] as number, cat = dt.catIdx[dIdx] as number;
      const base = (pairOffsets[b] as number) + (d - (dOff[b] as number)) * G;
      let sameMax = 0, sameArg = -1, otherMax = 0, otherArg = -1, usedSameMax = 0, allMax = 0;
      for (let j = 0; j < G; j++) {
        const g = gtRows[g0 + j] as number, v = iou[base + j] as number;
        if (v > allMax) allMax = v;
        if (!params.useCats || gt.catIdx[g] === cat) {
          if (sameArg < 0 || v > sameMax) { sameMax = v; sameArg = g; }
          if (used[g] === 1 && v > usedSameMax) usedSameMax = v;
        } else if (otherArg < 0 || v > otherMax) { otherMax = v; otherArg = g; }
      }
      const r = m.dtRow[dIdx] as number;
      if (sameArg >= 0 && sameMax >= tb && sameMax <= tf) { type[r] = TIDE_CODE.localisation; ref[r] = sameArg; }
      else if (otherArg >= 0 && otherMax >= tf) { type[r] = TIDE_CODE.classification; ref[r] = otherArg; }
      else if (usedSameMax >= tf) type[r] = TIDE_CODE.duplicate;
      else if (allMax <= tb) type[r] = TIDE_CODE.background;
      else type[r] = TIDE_CODE.both;
    }
  }
  return bestMatches(gt, dt, m, type, ref, pos, used);
}

/**
 * tidecv BestGTMatch: of the classification / localisation errors pointing at the same unmatched
 * GT, only the highest-scored (ties: the earlier record) becomes a true positive when fixed; those
 * pointing at a matched GT, and the others, are removed. A GT no such error points at, and no
 * detection matched, is missed.
 */
function bestMatches(gt: GtTable, dt: DtTable, m: ImageMatches, type: Uint8Array, ref: Int32Array, pos: Uint8Array, used: Uint8Array): ErrorTable {
  const rows = type.length;
  const best = new Int32Array(gt.count).fill(-1);
  for (let r = 0; r < rows; r++) {
    const g = ref[r] as number;
    if (g < 0 || used[g] === 1) continue;
    const d = m.rowDt[r] as number, b = best[g] as number;
    if (b < 0 || (dt.score[d] as number) > (dt.score[b] as number) || (dt.score[d] === dt.score[b] && d < b)) best[g] = d;
  }
  const fixes = new Uint8Array(rows), fixedGroup = Int32Array.from(m.rowGroup);
  for (let r = 0; r < rows; r++) {
    const g = ref[r] as number;
    if (g < 0 || best[g] !== m.rowDt[r]) continue;
    fixes[r] = 1;
    if (type[r] === TIDE_CODE.classification) fixedGroup[r] = gt.catIdx[g] as number;
  }
  const missed = new Float64Array(m.groups);
  for (let g = 0; g < gt.count; g++) {
    if (pos[g] === 1 && used[g] === 0 && (best[g] as number) < 0) {
      const k = m.groups === 1 ? 0 : (gt.catIdx[g] as number);
      missed[k] = (missed[k] as number) + 1;
    }
  }
  return { type, fixes, fixedGroup, missed };
}

/** Start offsets of each key's run in a list sorted by key (bins + 1 entries). */
function starts(sorted: Int32Array, key: Int32Array, bins: number): Int32Array {
  const out = new Int32Array(bins + 1);
  for (let i = 0; i < sorted.length; i++) {
    const k = (key[sorted[i] as number] as number) + 1;
    out[k] = (out[k] as number) + 1;
  }
  for (let b = 0; b < bins; b++) out[b + 1] = (out[b + 1] as number) + (out[b] as number);
  return out;
}
