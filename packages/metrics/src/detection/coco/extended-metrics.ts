import type { CocoAccumulated } from './accumulate';
import type { ImageMatches } from './evaluate-images';
import type { NumpySummation } from '@tensoreval/core';
import type { CocoParams } from './params';
import { meanOver } from './summarize';

/** Metrics beyond the reference's summary (faster-coco-eval's extended metrics), each named. */
export interface CocoExtendedMetrics {
  /** recall at IoU 0.50, area all, the largest maxDets, mean over categories with GT (-1 if none) */
  AR50: number;
  /** the same at IoU 0.75 */
  AR75: number;
  /** mean IoU (OKS for keypoints) of the true positives at IoU 0.50, area all, largest maxDets; -1 without TP */
  meanIouTp: number;
  /** number of those true positives */
  truePositives: number;
}

/**
 * AR at IoU .50 / .75 from the accumulated recall (numpy mean over categories, as the summary), and
 * the mean IoU of the matches counted as true positives at IoU .50 (area all, all evaluated
 * detections, i.e. the largest maxDets).
 */
export function extendedMetrics(acc: CocoAccumulated, matches: ImageMatches, params: CocoParams, mode: NumpySummation): CocoExtendedMetrics {
  const { T, K } = acc.shape;
  const a = params.areaRngLbl.indexOf('all'), m = params.maxDets.length - 1;
  const kAll = Array.from({ length: K }, (_, k) => k);
  const ar = (thr: number) => {
    const t = Array.from({ length: T }, (_, i) => i).filter((i) => params.iouThrs[i] === thr);
    return a < 0 || t.length === 0 ? -1 : meanOver(acc, false, t, kAll, a, m, mode);
  };
  let sum = 0, n = 0;
  const ious = matches.matchedIou;
  const hasHalf = Array.from(params.iouThrs).includes(0.5);
  if (a >= 0 && hasHalf) {
    // summed in score order (not row order), which a merge of shard states reproduces: the same bits
    const { scoreOrder, dtRow } = matches;
    for (let i = 0; i < scoreOrder.length; i++) {
      const r = dtRow[scoreOrder[i] as number] as number;
      if (r < 0 || r >= ious.length) continue;
      const v = ious[r] as number;
      if (!Number.isNaN(v)) { sum += v; n++; }
    }
  }
  return { AR50: ar(0.5), AR75: ar(0.75), meanIouTp: n === 0 ? -1 : sum / n, truePositives: n };
}
