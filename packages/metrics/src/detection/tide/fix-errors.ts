import { MATCH_STATE } from '@tensoreval/core';
import { accumulate } from '../coco/accumulate';
import type { ImageMatches } from '../coco/evaluate-images';
import type { DtTable } from '../coco/load-results';
import type { NumpySummation } from '@tensoreval/core';
import type { CocoParams } from '../coco/params';
import { meanOver } from '../coco/summarize';

/** One lane of the evaluation (area range, IoU t_f, maxDets) as accumulate reads it, to be edited by a fix. */
export interface LaneData {
  /** per row: MATCH_STATE at the lane */
  state: Uint8Array;
  /** per row: category group */
  group: Int32Array;
  /** per category group: non-ignored GT of the lane */
  positives: Float64Array;
}

/** The lane of `m` at (area, threshold) as a one-lane copy. */
export function laneOf(m: ImageMatches, params: CocoParams, area: number, threshold: number): LaneData {
  const rows = m.rowDt.length, T = params.iouThrs.length, A = params.areaRng.length, l = area * T + threshold;
  const state = new Uint8Array(rows);
  for (let r = 0; r < rows; r++) state[r] = m.dtState[r * A * T + l] as number;
  const positives = new Float64Array(m.groups);
  for (let k = 0; k < m.groups; k++) positives[k] = m.positives[k * A + area] as number;
  return { state, group: Int32Array.from(m.rowGroup), positives };
}

/**
 * mAP of a lane with COCO's accumulate (101-point interpolated precision, precision tp/(tp+fp+eps),
 * numpy summation as the summary), averaged over `categories`: the baseline's categories (those with
 * GT). A category left without GT by a fix scores 0 while detections still count in it, and leaves
 * the mean otherwise (tidecv's `is_empty`).
 */
export function laneAp(lane: LaneData, m: ImageMatches, dt: Pick<DtTable, 'score'>, params: CocoParams, area: number, threshold: number, maxDet: number, categories: readonly number[], mode: NumpySummation): number {
  const one: CocoParams = { ...params, iouThrs: Float64Array.of(params.iouThrs[threshold] as number), areaRng: [params.areaRng[area] as [number, number]], areaRngLbl: [params.areaRngLbl[area] as string], maxDets: [maxDet] };
  const acc = accumulate({ ...m, rowGroup: lane.group, dtState: lane.state, positives: lane.positives }, dt, one);
  const counted = new Uint8Array(m.groups);
  for (let r = 0; r < lane.state.length; r++) if (lane.state[r] !== MATCH_STATE.ignored && (m.rowRank[r] as number) < maxDet) counted[lane.group[r] as number] = 1;
  const R = acc.shape.R, K = acc.shape.K;
  const kSel: number[] = [];
  for (const k of categories) {
    if ((lane.positives[k] as number) > 0) kSel.push(k);
    else if (counted[k] === 1) {
      for (let r = 0; r < R; r++) acc.precision[r * K + k] = 0;
      kSel.push(k);
    }
  }
  const ap = meanOver(acc, true, [0], kSel, 0, 0, mode);
  return ap < 0 ? 0 : ap;
}
