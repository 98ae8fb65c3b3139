import type { CocoAccumulated } from './accumulate';
import { numpyMean, type NumpySummation } from '@tensoreval/core';
import type { CocoParams } from './params';

/** One of the 12 summary lines. */
export interface SummaryLine {
  ap: boolean;
  /** IoU threshold, or undefined for the mean over all thresholds */
  iouThr: number | undefined;
  areaLabel: string;
  maxDets: number;
  value: number;
  /** LVIS: the category group averaged ('all', 'r', 'c', 'f') */
  catIds?: string;
}

/** Names of the 12 stats, pycocotools order. */
export const COCO_STAT_NAMES = ['AP', 'AP50', 'AP75', 'APs', 'APm', 'APl', 'AR1', 'AR10', 'AR100', 'ARs', 'ARm', 'ARl'] as const;

/**
 * Mean of the entries > -1 of precision[t, :, k, a, m] (ap) or recall[t, k, a, m], over the selected
 * t (all, or those exactly equal to `iouThr`) and k, in C order, with numpy's summation; -1 if none.
 */
export function meanOver(acc: CocoAccumulated, ap: boolean, tSel: number[], kSel: number[], a: number, m: number, mode: NumpySummation = 'blocked'): number {
  const { R, K, A, M } = acc.shape;
  const buf: number[] = [];
  for (const t of tSel) {
    if (ap) {
      for (let r = 0; r < R; r++) {
        for (const k of kSel) {
          const v = acc.precision[(((t * R + r) * K + k) * A + a) * M + m] as number;
          if (v > -1) buf.push(v);
        }
      }
    } else {
      for (const k of kSel) {
        const v = acc.recall[((t * K + k) * A + a) * M + m] as number;
        if (v > -1) buf.push(v);
      }
    }
  }
  return buf.length === 0 ? -1 : numpyMean(Float64Array.from(buf), 0, buf.length, mode);
}

function allIndices(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

/**
 * pycocotools `summarize()` for detections: the 12 stats. Area ranges are found by label
 * ('all', 'small', 'medium', 'large'), IoU .5/.75 by exact equality, maxDets by value: stats[0]
 * uses maxDets == 100, the others maxDets[2], [0], [1] as pycocotools. Where pycocotools would
 * crash or silently give -1, this evaluator is explicit instead: with fewer than 3 maxDets the
 * missing entries fall back to the largest; when 100 is not among maxDets, stats[0] uses the largest.
 * A stat whose area label or IoU threshold is absent from the parameters is -1.
 */
export function summarize(acc: CocoAccumulated, params: CocoParams, mode: NumpySummation = 'blocked'): SummaryLine[] {
  const md = params.maxDets;
  const last = md[md.length - 1] as number;
  const pick = (i: number) => (md[i] ?? last);
  const md100 = md.includes(100) ? 100 : last;
  const spec: Array<[boolean, number | undefined, string, number]> = [
    [true, undefined, 'all', md100], [true, 0.5, 'all', pick(2)], [true, 0.75, 'all', pick(2)],
    [true, undefined, 'small', pick(2)], [true, undefined, 'medium', pick(2)], [true, undefined, 'large', pick(2)],
    [false, undefined, 'all', pick(0)], [false, undefined, 'all', pick(1)], [false, undefined, 'all', pick(2)],
    [false, undefined, 'small', pick(2)], [false, undefined, 'medium', pick(2)], [false, undefined, 'large', pick(2)],
  ];
  return summaryLines(acc, params, mode, spec.map(([ap, iouThr, areaLabel, maxDets]) => ({ ap, iouThr, areaLabel, maxDets })));
}

/** One summary line: which slice is averaged. `kSel` undefined = every category. */
export interface LineSpec {
  ap: boolean;
  iouThr: number | undefined;
  areaLabel: string;
  maxDets: number;
  kSel?: number[];
  /** LVIS prints the category group: 'all', 'r', 'c' or 'f' */
  catIds?: string;
}

/**
 * The mean of each line's slice (detection, keypoint and LVIS summaries alike); -1 where its area
 * label, maxDets or IoU threshold is absent from the parameters, or the slice holds no value.
 */
export function summaryLines(acc: CocoAccumulated, params: CocoParams, mode: NumpySummation, specs: readonly LineSpec[]): SummaryLine[] {
  const { T, K } = acc.shape;
  const kAll = allIndices(K);
  return specs.map((s) => {
    const a = params.areaRngLbl.indexOf(s.areaLabel);
    const m = params.maxDets.indexOf(s.maxDets);
    const tSel = s.iouThr === undefined ? allIndices(T) : allIndices(T).filter((t) => params.iouThrs[t] === s.iouThr);
    const kSel = s.kSel ?? kAll;
    const value = a < 0 || m < 0 || tSel.length === 0 || kSel.length === 0 ? -1 : meanOver(acc, s.ap, tSel, kSel, a, m, mode);
    return { ap: s.ap, iouThr: s.iouThr, areaLabel: s.areaLabel, maxDets: s.maxDets, value, ...(s.catIds ? { catIds: s.catIds } : {}) };
  });
}

/**
 * Python's `'{:0.Nf}'.format(x)`: correctly rounded, ties to even on the exact binary value
 * (JS toFixed rounds exact ties up, e.g. 0.0625 → "0.063" where Python prints "0.062").
 */
export function formatFixed(x: number, digits: number): string {
  const s = x.toFixed(digits);
  const exact = Math.abs(x).toFixed(Math.min(100, digits + 30));
  const tail = exact.slice(exact.indexOf('.') + 1 + digits);
  if (!/^50*$/.test(tail)) return s;
  // Exact tie: toFixed rounded away from zero; step back when that made the last digit odd.
  const lastDigit = Number(s[s.length - 1]);
  if (lastDigit % 2 === 0) return s;
  const down = Math.trunc(Math.abs(x) * 10 ** digits) / 10 ** digits;
  return (x < 0 ? '-' : '') + down.toFixed(digits);
}

/** The summary exactly as pycocotools (or lvis-api, for lines with `catIds`) prints it. */
export function formatSummary(lines: readonly SummaryLine[], params: CocoParams): string {
  const thrs = params.iouThrs;
  return lines.map((l) => {
    const title = l.ap ? 'Average Precision' : 'Average Recall';
    const type = l.ap ? '(AP)' : '(AR)';
    const iouStr = l.iouThr === undefined ? `${formatFixed(thrs[0] as number, 2)}:${formatFixed(thrs[thrs.length - 1] as number, 2)}` : formatFixed(l.iouThr, 2);
    // LVIS (lvis-api print_results) names the category group after maxDets
    const cats = l.catIds === undefined ? ' ' : ` catIds=${l.catIds.padStart(3)}`;
    return ` ${title.padEnd(18)} ${type} @[ IoU=${iouStr.padEnd(9)} | area=${l.areaLabel.padStart(6)} | maxDets=${String(l.maxDets).padStart(3)}${cats}] = ${formatFixed(l.value, 3)}`;
  }).join('\n');
}
