import type { RaggedPairs, RleBatch } from './types';

/** Encodes column-major binary masks (pycocotools rleEncode). */
export const RleEncode = 'RleEncode';
export interface RleEncodeInputs {
  /** masks concatenated; mask i has heights[i] × widths[i] bytes, column-major, non-zero = 1 */
  masks: Uint8Array;
  heights: Int32Array;
  widths: Int32Array;
}
export type RleEncodeAttrs = Record<string, never>;
export type RleEncodeOutputs = RleBatch;

/** Decodes RLEs back to column-major masks (pycocotools rleDecode). */
export const RleDecode = 'RleDecode';
export interface RleDecodeInputs { rles: RleBatch }
export type RleDecodeAttrs = Record<string, never>;
export interface RleDecodeOutputs { masks: Uint8Array }

/** Foreground pixel count of each RLE (pycocotools rleArea). */
export const RleArea = 'RleArea';
export interface RleAreaInputs { rles: RleBatch }
export type RleAreaAttrs = Record<string, never>;
export interface RleAreaOutputs { area: Float64Array }

/** Tight xywh box of each RLE (pycocotools rleToBbox). */
export const RleToBbox = 'RleToBbox';
export interface RleToBboxInputs { rles: RleBatch }
export type RleToBboxAttrs = Record<string, never>;
export interface RleToBboxOutputs { boxes: Float64Array }

/** Union (or intersection) of each group of RLEs (pycocotools rleMerge). */
export const RleMerge = 'RleMerge';
export interface RleMergeInputs {
  rles: RleBatch;
  /** G + 1 offsets: group g merges rles groupOffsets[g] .. groupOffsets[g+1] */
  groupOffsets: Int32Array;
}
export interface RleMergeAttrs { intersect: boolean }
export type RleMergeOutputs = RleBatch;

/** Pairwise mask IoU on RLEs with crowd flags (pycocotools rleIou, bbox pre-check included). */
export const RleIou = 'RleIou';
export interface RleIouInputs extends RaggedPairs {
  dt: RleBatch;
  gt: RleBatch;
  gtCrowd?: Uint8Array;
}
export type RleIouAttrs = Record<string, never>;
export interface RleIouOutputs {
  iou: Float64Array;
  pairOffsets: Float64Array;
}

/** Rasterises polygons exactly as pycocotools rleFrPoly (×5 upsampled boundary walk). */
export const PolygonToRle = 'PolygonToRle';
export interface PolygonToRleInputs {
  /** x0, y0, x1, y1, ... of every polygon, concatenated */
  coords: Float64Array;
  /** P + 1 offsets into `coords` (in numbers, two per point) */
  polygonOffsets: Int32Array;
  /** image size of each polygon */
  heights: Int32Array;
  widths: Int32Array;
}
export type PolygonToRleAttrs = Record<string, never>;
export type PolygonToRleOutputs = RleBatch;
