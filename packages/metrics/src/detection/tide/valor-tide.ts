import { invalidOption } from '@tensoreval/core';
import { mean } from '../../valor/metric-record';
import type { DetailedPairs } from '../valor/detailed-pairs';
import { labelCurves } from '../valor/label-curves';
import { MIN_SCORE, truePositives } from '../valor/ranked-pairs';
import { TIDE_CODE, TIDE_ERROR_TYPES, type TideErrorType } from './classify-errors';
import { TIDE_DEFAULTS, type TideBreakdown, type TideErrorResult } from './tide-breakdown';

/** The TIDE breakdown of a Valor-semantics detection run: COCO's without the area range and maxDets (Valor has neither). */
export type ValorTideBreakdown = Omit<TideBreakdown, 'areaRng' | 'maxDets'>;

/** What the breakdown reads of a Valor detection evaluation (see ValorObjectDetectionResult). */
export interface ValorTideInputs {
  /** number of labels; mAP averages over all of them, as Valor's mAP */
  labels: number;
  /** per groundtruth: its label */
  gtLabels: Int32Array;
  /** Valor's detailed pairs (every groundtruth × prediction-label pair with IoU >= 1e-9, all labels) */
  pairs: DetailedPairs;
  /** Valor's ranked pairs (rankPairs of `pairs`): one row per counted prediction label, in rank order */
  ranked: DetailedPairs;
  /** number of prediction-label slots (`slot` values are below it) */
  slots: number;
}

/** How option errors name the function and the two thresholds (the library's or a request's names). */
export interface TideOptionNames { fn: string; pos: string; bg: string }
const LIBRARY_NAMES: TideOptionNames = { fn: 'ValorObjectDetectionResult.tide', pos: 'posThreshold', bg: 'bgThreshold' };

/**
 * TIDE's error breakdown (Bolya et al. 2020, tidecv) on Valor's matching at IoU t_f: the ranked
 * rows that are not true positives at t_f (every one counts in Valor's AP denominator, score-0 rows
 * included) are classified in tidecv's order from the IoUs of the prediction with every groundtruth
 * of its datum: localisation if its best IoU with a groundtruth of its label is in [t_b, t_f];
 * classification if its best IoU with a groundtruth of another label is >= t_f; duplicate if its
 * best IoU with a groundtruth of its label already matched at t_f is >= t_f; background if its best
 * IoU with any groundtruth is <= t_b; both otherwise. A groundtruth matched by nothing and targeted
 * by no classification / localisation error is missed. Each type is then fixed alone, as for COCO
 * (see tide/README.md), and Valor's mAP at t_f (101-bin AP, mean over every label) recomputed.
 */
export function valorTideBreakdown(inp: ValorTideInputs, options: { posThreshold?: number; bgThreshold?: number } = {}, names: TideOptionNames = LIBRARY_NAMES): ValorTideBreakdown {
  const tf = options.posThreshold ?? TIDE_DEFAULTS.posThreshold, tb = options.bgThreshold ?? TIDE_DEFAULTS.bgThreshold;
  if (typeof tf !== 'number' || !(tf > 0 && tf <= 1)) throw invalidOption(names.fn, names.pos, 'a number in (0, 1]', tf);
  if (typeof tb !== 'number' || !(tb >= 0 && tb <= tf)) throw invalidOption(names.fn, names.bg, `a number in [0, ${names.pos} = ${tf}]`, tb);
  const { ranked, pairs, gtLabels, labels: L } = inp;
  const n = ranked.n, nGt = gtLabels.length;
  const tp = new Uint8Array(n);
  truePositives(ranked, tf, nGt, tp);
  const used = new Uint8Array(nGt);
  for (let r = 0; r < n; r++) if (tp[r] === 1) used[ranked.gt[r] as number] = 1;
  const positives = new Float64Array(L);
  for (let g = 0; g < nGt; g++) positives[gtLabels[g] as number] = (positives[gtLabels[g] as number] as number) + 1;

  // Per prediction-label slot, over every pair of its prediction (all labels of groundtruth).
  const S = inp.slots;
  const sameMax = new Float64Array(S), otherMax = new Float64Array(S), usedSameMax = new Float64Array(S), allMax = new Float64Array(S);
  const sameArg = new Int32Array(S).fill(-1), otherArg = new Int32Array(S).fill(-1);
  for (let q = 0; q < pairs.n; q++) {
    const g = pairs.gt[q] as number, s = pairs.slot[q] as number;
    if (g < 0 || s < 0) continue;
    const v = pairs.iou[q] as number;
    if (v > (allMax[s] as number)) allMax[s] = v;
    if (pairs.gtLabel[q] === pairs.pdLabel[q]) {
      if ((sameArg[s] as number) < 0 || v > (sameMax[s] as number)) { sameMax[s] = v; sameArg[s] = g; }
      if (used[g] === 1 && v > (usedSameMax[s] as number)) usedSameMax[s] = v;
    } else if ((otherArg[s] as number) < 0 || v > (otherMax[s] as number)) { otherMax[s] = v; otherArg[s] = g; }
  }

  const type = new Uint8Array(n).fill(TIDE_CODE.none), ref = new Int32Array(n).fill(-1);
  for (let r = 0; r < n; r++) {
    if (tp[r] === 1) continue;
    const s = ranked.slot[r] as number;
    if ((sameArg[s] as number) >= 0 && (sameMax[s] as number) >= tb && (sameMax[s] as number) <= tf) { type[r] = TIDE_CODE.localisation; ref[r] = sameArg[s] as number; }
    else if ((otherArg[s] as number) >= 0 && (otherMax[s] as number) >= tf) { type[r] = TIDE_CODE.classification; ref[r] = otherArg[s] as number; }
    else if ((usedSameMax[s] as number) >= tf) type[r] = TIDE_CODE.duplicate;
    else if ((allMax[s] as number) <= tb) type[r] = TIDE_CODE.background;
    else type[r] = TIDE_CODE.both;
  }
  // tidecv BestGTMatch: per unmatched groundtruth, the first targeting error in rank order (the
  // highest score; Valor's ties) becomes its true positive when fixed; a row Valor could never count
  // as a true positive (score <= 1e-9) is only removed.
  const best = new Int32Array(nGt).fill(-1);
  for (let r = 0; r < n; r++) {
    const g = ref[r] as number;
    if (g >= 0 && used[g] === 0 && (best[g] as number) < 0 && (ranked.score[r] as number) > MIN_SCORE) best[g] = r;
  }
  const missed = new Float64Array(L);
  for (let g = 0; g < nGt; g++) if (used[g] === 0 && (best[g] as number) < 0) missed[gtLabels[g] as number] = (missed[gtLabels[g] as number] as number) + 1;

  // A lane: per ranked row 0 removed, 1 counted (TP or not per `isTp`), with its label; positives per label.
  const apOf = (keep: Uint8Array, isTp: Uint8Array, label: Int32Array, pos: Float64Array): number => {
    let m = 0;
    for (let r = 0; r < n; r++) m += keep[r] as number;
    const pdLabel = new Int32Array(m), score = new Float64Array(m), flags = new Uint8Array(m);
    for (let r = 0, k = 0; r < n; r++) {
      if (keep[r] === 0) continue;
      pdLabel[k] = label[r] as number;
      score[k] = ranked.score[r] as number;
      flags[k++] = isTp[r] as number;
    }
    return mean(labelCurves({ labels: L, pdLabel, score, tp: flags, rows: 1, positives: pos }).ap);
  };
  const all = new Uint8Array(n).fill(1), label = ranked.pdLabel.subarray(0, n);
  const ap = apOf(all, tp, label, positives);
  const result = (fixedAP: number) => ({ fixedAP, deltaAP: Math.max(fixedAP - ap, 0) });

  const errors = {} as Record<TideErrorType, TideErrorResult>;
  TIDE_ERROR_TYPES.forEach((name, code) => {
    if (name === 'missed') {
      let count = 0;
      const pos = positives.slice();
      for (let l = 0; l < L; l++) { count += missed[l] as number; pos[l] = (pos[l] as number) - (missed[l] as number); }
      errors[name] = { count, ...result(apOf(all, tp, label, pos)) };
      return;
    }
    const keep = all.slice(), fixedTp = tp.slice(), fixedLabel = Int32Array.from(label);
    let count = 0;
    for (let r = 0; r < n; r++) {
      if (type[r] !== code) continue;
      count++;
      const g = ref[r] as number;
      if (g >= 0 && best[g] === r) {
        fixedTp[r] = 1;
        fixedLabel[r] = gtLabels[g] as number;
      } else keep[r] = 0;
    }
    errors[name] = { count, ...result(apOf(keep, fixedTp, fixedLabel, positives)) };
  });

  const noFp = new Uint8Array(tp);
  const tpOnly = new Float64Array(L);
  for (let r = 0; r < n; r++) if (tp[r] === 1) tpOnly[label[r] as number] = (tpOnly[label[r] as number] as number) + 1;
  return {
    posThreshold: tf, bgThreshold: tb, ap, errors,
    special: { falsePositive: result(apOf(noFp, tp, label, positives)), falseNegative: result(apOf(all, tp, label, tpOnly)) },
  };
}
