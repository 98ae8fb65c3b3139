/** Shared array layouts used by kernel contracts. Layouts are named constants so code and tests agree. */

export type FloatArray = Float32Array | Float64Array;
export type TypedArray = Float32Array | Float64Array | Int32Array | Uint32Array | Uint8Array | Int8Array | Int16Array | Uint16Array;

/** Box layouts, stride 4. COCO uses xywh; most tensor code uses xyxy. */
export const BOX_XYXY = { xmin: 0, ymin: 1, xmax: 2, ymax: 3, stride: 4 } as const;
export const BOX_XYWH = { x: 0, y: 1, width: 2, height: 3, stride: 4 } as const;
export type BoxFormat = 'xyxy' | 'xywh';

/**
 * A batch of COCO run-length encodings, struct-of-arrays. Mask i is heights[i] × widths[i] pixels,
 * column-major (COCO/Fortran order); its runs are counts[offsets[i] .. offsets[i+1]), alternating
 * zeros and ones and starting with a (possibly empty) run of zeros, exactly as pycocotools' RLE.
 */
export interface RleBatch {
  counts: Uint32Array;
  /** length n + 1 */
  offsets: Int32Array;
  heights: Int32Array;
  widths: Int32Array;
}

/**
 * Ragged batching for pairwise kernels: many independent problems (e.g. one per image and
 * category) in one call. Problem b pairs rows dtOffsets[b]..dtOffsets[b+1] with gtOffsets[b]..gtOffsets[b+1];
 * its (nDt × nGt) row-major block starts at pairOffsets[b] in the output.
 * Without offsets the whole input is one problem.
 */
export interface RaggedPairs {
  dtOffsets?: Int32Array;
  gtOffsets?: Int32Array;
}
