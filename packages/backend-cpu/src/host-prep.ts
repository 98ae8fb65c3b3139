import {
  validateBitmaskIntersectionsInputs,
  validateBoxIouInputs,
  type BitmaskIntersectionsAttrs,
  type BitmaskIntersectionsInputs,
  type BoxIouInputs,
  type FloatArray,
} from '@tensoreval/core';
import { pairBlockOffsets } from './rle/pair-offsets';

/*
 * Host-side input preparation shared by the accelerated backends (onnx, tfjs, gpujs): the small
 * O(n) passes that turn kernel inputs into the layouts their engines take.
 */

/** Set pixels (non-zero bytes) of each of `rows` masks of `pixels` bytes, exact in float64. */
export function maskAreasImpl(masks: Uint8Array, rows: number, pixels: number): Float64Array {
  const out = new Float64Array(rows);
  for (let r = 0, o = 0; r < rows; r++, o += pixels) {
    let s = 0;
    for (let p = 0; p < pixels; p++) if (masks[o + p] !== 0) s++;
    out[r] = s;
  }
  return out;
}

/**
 * The masks as strict 0/1 bytes, for engines that multiply them (any non-zero byte is a set pixel):
 * the input itself when it already is 0/1 (one read-only pass), else a 0/1 copy.
 */
export function binaryMasksImpl(masks: Uint8Array): Uint8Array {
  let p = 0;
  while (p < masks.length && masks[p] <= 1) p++;
  if (p === masks.length) return masks;
  const out = masks.slice();
  for (; p < out.length; p++) if (out[p] > 1) out[p] = 1;
  return out;
}

/** float32 xyxy copy of stride-4 boxes; for xywh, x + w is formed in float64 before rounding (as bbIou does). */
export function boxesXyxyF32Impl(boxes: FloatArray, xywh: boolean): Float32Array {
  const out = new Float32Array(boxes.length);
  for (let k = 0; k < boxes.length; k += 4) {
    out[k] = boxes[k];
    out[k + 1] = boxes[k + 1];
    out[k + 2] = xywh ? boxes[k] + boxes[k + 2] : boxes[k + 2];
    out[k + 3] = xywh ? boxes[k + 1] + boxes[k + 3] : boxes[k + 3];
  }
  return out;
}

/**
 * The dt row and gt row of every element of a ragged pairwise output, in its order (block by
 * block, row-major within a block), for engines that gather instead of looping over problems.
 */
export function raggedPairRowsImpl(dtOffsets: Int32Array, gtOffsets: Int32Array, totalPairs: number): { dtRows: Int32Array; gtRows: Int32Array } {
  const dtRows = new Int32Array(totalPairs);
  const gtRows = new Int32Array(totalPairs);
  let o = 0;
  for (let b = 0; b + 1 < dtOffsets.length; b++) {
    for (let i = dtOffsets[b]; i < dtOffsets[b + 1]; i++) {
      for (let j = gtOffsets[b]; j < gtOffsets[b + 1]; j++, o++) {
        dtRows[o] = i;
        gtRows[o] = j;
      }
    }
  }
  return { dtRows, gtRows };
}

/** Validated BoxIou batch geometry: box counts, the offsets (one problem when none are given) and each block's start. */
export function boxIouBlocksImpl(inputs: BoxIouInputs): { nDt: number; nGt: number; dtOffsets: Int32Array; gtOffsets: Int32Array; pairOffsets: Float64Array; totalPairs: number } {
  validateBoxIouInputs(inputs);
  const nDt = inputs.dt.length / 4;
  const nGt = inputs.gt.length / 4;
  const dtOffsets = inputs.dtOffsets ?? Int32Array.of(0, nDt);
  const gtOffsets = inputs.gtOffsets ?? Int32Array.of(0, nGt);
  const pairOffsets = pairBlockOffsets(dtOffsets, gtOffsets);
  return { nDt, nGt, dtOffsets, gtOffsets, pairOffsets, totalPairs: pairOffsets[pairOffsets.length - 1] };
}

/** Validated BitmaskIntersections shapes with the (zero) intersection matrix to fill and both masks' areas. */
export function bitmaskBlocksImpl(inputs: BitmaskIntersectionsInputs, attrs: BitmaskIntersectionsAttrs): { n: number; m: number; intersections: Float64Array; areaA: Float64Array; areaB: Float64Array } {
  validateBitmaskIntersectionsInputs(inputs, attrs);
  const n = inputs.a.length / attrs.pixels;
  const m = inputs.b.length / attrs.pixels;
  return { n, m, intersections: new Float64Array(n * m), areaA: maskAreasImpl(inputs.a, n, attrs.pixels), areaB: maskAreasImpl(inputs.b, m, attrs.pixels) };
}
