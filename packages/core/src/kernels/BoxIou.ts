import type { BoxFormat, FloatArray, RaggedPairs } from './types';

export const BoxIou = 'BoxIou';

export interface BoxIouInputs extends RaggedPairs {
  /** n × 4 boxes in `attrs.format` */
  dt: FloatArray;
  /** m × 4 boxes in `attrs.format` */
  gt: FloatArray;
  /** per-GT crowd flag: IoU denominator is the detection's area (COCO iscrowd) */
  gtCrowd?: Uint8Array;
}
export interface BoxIouAttrs {
  format: BoxFormat;
}
export interface BoxIouOutputs {
  /** concatenated row-major (nDt × nGt) blocks; Float64Array on float64 backends */
  iou: FloatArray;
  /** B + 1 start offsets of each block in `iou` */
  pairOffsets: Float64Array;
}
