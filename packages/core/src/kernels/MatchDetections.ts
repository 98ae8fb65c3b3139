import type { RaggedPairs } from './types';

/**
 * Greedy COCO matching of score-sorted detections to GT, for many (image, category) problems, every
 * area range and every IoU threshold in one call (pycocotools `evaluateImg`).
 *
 * Per problem, area range and threshold t, detections in row order (already score-sorted): the best
 * IoU starts at min(t, 1 - 1e-10); GT are visited non-ignored first (stable); a GT already matched is
 * skipped unless crowd; once a non-ignored GT is held, the first ignored GT stops the search; an IoU
 * below the best is skipped, otherwise it becomes the best (so IoU == t matches and, among equal IoUs,
 * the later GT wins). A detection matched to an ignored GT is ignored; an unmatched detection whose
 * area is outside the range is ignored. A match to a GT whose annotation id is 0 is not a TP
 * (pycocotools stores the matched id and tests it against 0) and is then treated as unmatched.
 */
export const MatchDetections = 'MatchDetections';

/** The IoU each threshold's search starts at: min(t, 1 - 1e-10), as pycocotools caps it. */
export function matchThresholdCap(t: number): number {
  return Math.min(t, 1 - 1e-10);
}

/** Values of `dtState`. */
export const MATCH_STATE = { fp: 0, tp: 1, ignored: 2 } as const;

export interface MatchDetectionsInputs extends Required<RaggedPairs> {
  /** concatenated row-major (nDt_b × nGt_b) IoU blocks, as BoxIou / RleIou return them */
  iou: Float64Array;
  /** B + 1 start offsets of each block in `iou` */
  pairOffsets: Float64Array;
  /** T IoU thresholds */
  iouThresholds: Float64Array;
  /** areas × nGt: 1 where the GT is ignored for that area range (crowd, or area outside it) */
  gtIgnore: Uint8Array;
  /** nGt crowd flags: a crowd GT can absorb any number of detections */
  gtCrowd: Uint8Array;
  /** nGt flags: 1 where the GT annotation id is 0 */
  gtIdZero?: Uint8Array;
  /** areas × nDt: 1 where the detection's area is outside the area range */
  dtOutOfRange: Uint8Array;
}
export interface MatchDetectionsAttrs {
  /** number of area ranges A */
  areas: number;
  /** when set, `matchedIou` records each TP's IoU with its GT at this (area range, threshold index) */
  recordIou?: { area: number; threshold: number };
  /** when set, `matchedGt` records the GT each detection matched as a TP at this (area range, threshold index) */
  recordMatch?: { area: number; threshold: number };
}
export interface MatchDetectionsOutputs {
  /** nDt × A × T states (detection-major, so one detection's states share a cache line): MATCH_STATE.fp / tp / ignored */
  dtState: Uint8Array;
  /** with `attrs.recordIou`: per detection, the IoU of its TP match there, NaN where it is not a TP */
  matchedIou?: Float64Array;
  /** with `attrs.recordMatch`: per detection, the GT row (index into the GT axis) of its TP match there, -1 where it is not a TP */
  matchedGt?: Int32Array;
}
