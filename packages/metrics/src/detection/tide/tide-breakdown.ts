import { invalidOption, MATCH_STATE } from '@tensoreval/core';
import type { IouProvider, ImageMatches } from '../coco/evaluate-images';
import type { GtTable } from '../coco/load-gt';
import type { DtTable } from '../coco/load-results';
import type { NumpySummation } from '@tensoreval/core';
import { iouThresholdIndex, type CocoParams } from '../coco/params';
import { classifyErrors, TIDE_CODE, TIDE_ERROR_TYPES, type ErrorTable, type TideErrorType, type TideLane } from './classify-errors';
import { laneAp, laneOf, type LaneData } from './fix-errors';

/** tidecv's defaults: foreground IoU t_f and background IoU t_b. */
export const TIDE_DEFAULTS = { posThreshold: 0.5, bgThreshold: 0.1 } as const;

/** Options of the TIDE breakdown (tidecv's defaults). */
export interface TideOptions {
  /** foreground IoU t_f: a detection is a TP at IoU >= t_f (default 0.5; must be one of the evaluation's iouThrs) */
  posThreshold?: number;
  /** background IoU t_b: below it a detection overlaps nothing (default 0.1; in [0, t_f]) */
  bgThreshold?: number;
}

/** What fixing one error type would recover. */
export interface TideErrorResult {
  /** false positives of that type (missed: GT) */
  count: number;
  /** mAP at t_f with every error of that type fixed, the others left as they are */
  fixedAP: number;
  /** max(fixedAP - ap, 0), tidecv's ΔAP (on AP's 0–1 scale, not tidecv's 0–100) */
  deltaAP: number;
}

/** The TIDE error breakdown (Bolya et al. 2020) of one COCO evaluation. */
export interface TideBreakdown {
  posThreshold: number;
  bgThreshold: number;
  /** the area range and maxDets of the lane (COCO's 'all' and 100, or the largest) */
  areaRng: string;
  maxDets: number;
  /** mAP at IoU t_f over categories with GT: COCO's AP50 with the default parameters */
  ap: number;
  /** the six main error types in tidecv's order */
  errors: Record<TideErrorType, TideErrorResult>;
  /** tidecv's special errors: every false positive removed / every missed GT removed */
  special: { falsePositive: { fixedAP: number; deltaAP: number }; falseNegative: { fixedAP: number; deltaAP: number } };
}

const FN = 'evaluateCoco';

/** The lane's indices, or an option error naming what is wrong. */
export function resolveTideLane(params: CocoParams, options: TideOptions): TideLane {
  const tf = options.posThreshold ?? TIDE_DEFAULTS.posThreshold, tb = options.bgThreshold ?? TIDE_DEFAULTS.bgThreshold;
  const t = typeof tf === 'number' ? iouThresholdIndex(params, tf) : -1;
  if (typeof tf !== 'number' || t < 0) throw invalidOption(FN, 'tide.posThreshold', `one of the IoU thresholds (${Array.from(params.iouThrs).join(', ')})`, tf);
  if (typeof tb !== 'number' || !(tb >= 0 && tb <= tf)) throw invalidOption(FN, 'tide.bgThreshold', `a number in [0, posThreshold = ${tf}]`, tb);
  const a = params.areaRngLbl.indexOf('all');
  return { posThreshold: params.iouThrs[t] as number, bgThreshold: tb, area: a < 0 ? 0 : a, threshold: t };
}

/**
 * TIDE's error breakdown on the matching of a COCO evaluation: every false positive at IoU t_f
 * (area 'all', maxDets 100) is classified as classification, localisation, both, duplicate or
 * background error and every unmatched GT no error points at as missed (see classifyErrors); then,
 * for each type alone, its errors are fixed (tidecv `fix_main_errors`, not progressive) and the mAP
 * at t_f recomputed with COCO's accumulate: classification / localisation errors become the true
 * positive of their GT (the highest-scored one per GT; the others are removed), duplicate,
 * background and both errors are removed, missed GT leave the positives. `lane` comes from
 * {@link resolveTideLane}; `m` must carry `matchedGt` for that lane.
 */
export function tideBreakdown(gt: GtTable, dt: DtTable, params: CocoParams, m: ImageMatches, iouOf: IouProvider, lane: TideLane, mode: NumpySummation): TideBreakdown {
  return tideFromErrors(classifyErrors(gt, dt, params, m, iouOf, lane), dt, params, m, lane, mode);
}

/**
 * The breakdown from the classified errors: the fixes and the mAPs. `table` is in the row space of
 * `m` (one pass's, or the concatenation of image shards' tables in the rows of their merged state:
 * each image's errors depend on that image alone). Only the scores of `dt` are read.
 */
export function tideFromErrors(table: ErrorTable, dt: Pick<DtTable, 'score'>, params: CocoParams, m: ImageMatches, lane: TideLane, mode: NumpySummation): TideBreakdown {
  const md = params.maxDets.includes(100) ? 100 : (params.maxDets[params.maxDets.length - 1] as number);
  const base = laneOf(m, params, lane.area, lane.threshold);
  const categories: number[] = [];
  for (let k = 0; k < m.groups; k++) if ((base.positives[k] as number) > 0) categories.push(k);
  const apOf = (l: LaneData) => laneAp(l, m, dt, params, lane.area, lane.threshold, md, categories, mode);
  const ap = apOf(base);
  const result = (fixedAP: number) => ({ fixedAP, deltaAP: Math.max(fixedAP - ap, 0) });

  const errors = {} as Record<TideErrorType, TideErrorResult>;
  TIDE_ERROR_TYPES.forEach((name, code) => {
    const fixed: LaneData = { state: base.state.slice(), group: base.group, positives: base.positives.slice() };
    let count = 0;
    if (name === 'missed') {
      for (let k = 0; k < m.groups; k++) {
        count += table.missed[k] as number;
        fixed.positives[k] = (fixed.positives[k] as number) - (table.missed[k] as number);
      }
    } else {
      if (code === TIDE_CODE.classification) fixed.group = base.group.slice();
      for (let r = 0; r < fixed.state.length; r++) {
        if (table.type[r] !== code) continue;
        count++;
        if (table.fixes[r] === 1) {
          fixed.state[r] = MATCH_STATE.tp;
          fixed.group[r] = table.fixedGroup[r] as number;
        } else fixed.state[r] = MATCH_STATE.ignored;
      }
    }
    errors[name] = { count, ...result(apOf(fixed)) };
  });

  const noFp: LaneData = { state: base.state.map((s) => (s === MATCH_STATE.fp ? MATCH_STATE.ignored : s)), group: base.group, positives: base.positives };
  const tpOnly: LaneData = { ...base, positives: new Float64Array(m.groups) };
  for (let r = 0; r < base.state.length; r++) {
    if (base.state[r] === MATCH_STATE.tp && (m.rowRank[r] as number) < md) tpOnly.positives[base.group[r] as number] = (tpOnly.positives[base.group[r] as number] as number) + 1;
  }
  return {
    posThreshold: lane.posThreshold, bgThreshold: lane.bgThreshold, areaRng: params.areaRngLbl[lane.area] as string, maxDets: md, ap, errors,
    special: { falsePositive: result(apOf(noFp)), falseNegative: result(apOf(tpOnly)) },
  };
}
