import type { CocoAccumulated } from './accumulate';
import type { NumpySummation } from '@tensoreval/core';
import type { CocoParams } from './params';
import { summaryLines, type LineSpec, type SummaryLine } from './summarize';

/** Names of the 10 keypoint stats, pycocotools `_summarizeKps` order. */
export const KEYPOINT_STAT_NAMES = ['AP', 'AP50', 'AP75', 'APm', 'APl', 'AR', 'AR50', 'AR75', 'ARm', 'ARl'] as const;
/** Names of the 13 LVIS results, lvis-api `summarize` order. */
export const LVIS_STAT_NAMES = ['AP', 'AP50', 'AP75', 'APs', 'APm', 'APl', 'APr', 'APc', 'APf', 'AR@300', 'ARs@300', 'ARm@300', 'ARl@300'] as const;

/**
 * pycocotools `_summarizeKps`: AP, AP50, AP75, APm, APl, AR, AR50, AR75, ARm, ARl, each at
 * maxDets == 20 literally (-1 when 20 is not among maxDets, as pycocotools).
 */
export function summarizeKeypoints(acc: CocoAccumulated, params: CocoParams, mode: NumpySummation = 'blocked'): SummaryLine[] {
  const specs: LineSpec[] = [];
  for (const ap of [true, false]) {
    for (const [iouThr, areaLabel] of [[undefined, 'all'], [0.5, 'all'], [0.75, 'all'], [undefined, 'medium'], [undefined, 'large']] as const) {
      specs.push({ ap, iouThr, areaLabel, maxDets: 20 });
    }
  }
  return summaryLines(acc, params, mode, specs);
}

/**
 * lvis-api `summarize`: AP, AP50, AP75, APs, APm, APl, APr, APc, APf (precision over the categories of
 * each frequency group, area all), AR@300 and ARs/ARm/ARl@300, at the largest maxDets (300 by default).
 */
export function summarizeLvis(acc: CocoAccumulated, params: CocoParams, groups: { r: number[]; c: number[]; f: number[] }, mode: NumpySummation = 'blocked'): SummaryLine[] {
  const md = params.maxDets[params.maxDets.length - 1] as number;
  const ap = (iouThr: number | undefined, areaLabel: string, g?: 'r' | 'c' | 'f'): LineSpec => ({ ap: true, iouThr, areaLabel, maxDets: md, catIds: g ?? 'all', ...(g ? { kSel: groups[g] } : {}) });
  const ar = (areaLabel: string): LineSpec => ({ ap: false, iouThr: undefined, areaLabel, maxDets: md, catIds: 'all' });
  return summaryLines(acc, params, mode, [
    ap(undefined, 'all'), ap(0.5, 'all'), ap(0.75, 'all'), ap(undefined, 'small'), ap(undefined, 'medium'), ap(undefined, 'large'),
    ap(undefined, 'all', 'r'), ap(undefined, 'all', 'c'), ap(undefined, 'all', 'f'),
    ar('all'), ar('small'), ar('medium'), ar('large'),
  ]);
}
