import type { BoxIouAttrs } from './BoxIou';
import type { MatchDetectionsAttrs, MatchDetectionsInputs, MatchDetectionsOutputs } from './MatchDetections';
import type { FloatArray } from './types';

/**
 * BoxIou then MatchDetections in one stage: the COCO bbox matching of many (image, category)
 * problems from their boxes. Outputs are exactly those of MatchDetections over BoxIou's float64
 * IoU blocks (pycocotools bbIou + evaluateImg), whatever the backend: a device that computes IoU in
 * float32 must prove every matching decision with the error bound of numeric/box-iou-error.ts and
 * redo in float64 any problem where it cannot, and `matchedIou` is the float64 IoU.
 *
 * The point of the fused stage is where the IoU lives: on tfjs-backend-webgpu it is computed, guarded
 * and matched on the device, and only the states come back (no IoU matrix crosses to the host).
 */
export const MatchBoxDetections = 'MatchBoxDetections';

export interface MatchBoxDetectionsInputs extends Omit<MatchDetectionsInputs, 'iou' | 'pairOffsets'> {
  /** nDt × 4 detection boxes in `attrs.format`, rows in problem order (score-sorted within each) */
  dt: FloatArray;
  /** nGt × 4 GT boxes in `attrs.format`, rows in problem order */
  gt: FloatArray;
}
export interface MatchBoxDetectionsAttrs extends MatchDetectionsAttrs, BoxIouAttrs {}
export type MatchBoxDetectionsOutputs = MatchDetectionsOutputs;
