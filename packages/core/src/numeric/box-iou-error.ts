import type { FloatArray } from '../kernels/types';

/**
 * The error bound of a float32 box IoU against the float64 reference, one copy for every user: the
 * host guard of float32 BoxIou results (metrics' guarded-iou.ts) and the WGSL guard of the chained
 * IoU → matching path on tfjs-backend-webgpu.
 *
 * Two parts: arithmetic (about ten roundings of a value in [0, 1]: `ARITHMETIC_MARGIN`) and the
 * rounding of the coordinates themselves to float32, which a small box far from the origin amplifies:
 * `COORDINATE_ERROR` × (|c|max of both boxes) × ((w + h) / area of both boxes), a first-order bound
 * on how far those roundings move I / U. {@link iouErrorMargin} puts them together.
 */

/** Arithmetic error of a float32 IoU in [0, 1]: about ten roundings of 2^-24, rounded up. */
export const ARITHMETIC_MARGIN = 1e-6;

/** 4 × 2^-24 (a coordinate's relative rounding) times the first-order factor 2 of I / U, rounded up. */
export const COORDINATE_ERROR = 8 * 2 ** -24;

/** Per-box error scales of {@link boxErrorScales}. */
export interface BoxErrorScales {
  /** max |coordinate| of each box (corners) */
  magnitude: Float64Array;
  /** (w + h) / area of each box; Infinity for a degenerate box */
  shape: Float64Array;
}

/** Per-box error scale: max |coordinate| × (w + h) / area, as two factors; float64 from the input boxes. */
export function boxErrorScales(boxes: FloatArray, xywh: boolean): BoxErrorScales {
  const n = boxes.length >> 2;
  const magnitude = new Float64Array(n);
  const shape = new Float64Array(n);
  for (let b = 0, k = 0; b < n; b++, k += 4) {
    const x1 = boxes[k] as number, y1 = boxes[k + 1] as number;
    const x2 = xywh ? x1 + (boxes[k + 2] as number) : (boxes[k + 2] as number);
    const y2 = xywh ? y1 + (boxes[k + 3] as number) : (boxes[k + 3] as number);
    const w = x2 - x1, h = y2 - y1;
    magnitude[b] = Math.max(Math.abs(x1), Math.abs(y1), Math.abs(x2), Math.abs(y2));
    shape[b] = w > 0 && h > 0 ? (w + h) / (w * h) : Infinity;
  }
  return { magnitude, shape };
}

/**
 * The bound on |IoU32 - IoU64| of a detection and a GT with the given scales. A degenerate box
 * (infinite shape) has IoU 0 in both precisions, so only the arithmetic part remains.
 */
export function iouErrorMargin(dMagnitude: number, dShape: number, gMagnitude: number, gShape: number): number {
  const scale = (dMagnitude + gMagnitude) * (dShape + gShape);
  return ARITHMETIC_MARGIN + COORDINATE_ERROR * (Number.isFinite(scale) ? scale : 0);
}
