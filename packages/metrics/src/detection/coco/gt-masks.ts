import type { RleBatch } from '@tensoreval/core';
import type { CocoDataset } from './coco-json';
import { loadGt, type GtTable } from './load-gt';
import { segmentationsToRle } from './mask-table';

/**
 * The RLE of every GT annotation, in file order (the rows of `loadGt`), exactly as the segm IoU step
 * computes them per chunk: polygons rasterised with PolygonToRle and merged, RLEs decoded. Meant to run
 * off the main thread (a worker) while the results file is read; the result is passed back through
 * `CocoEvaluateOptions.gtMasks`. Throws like `loadGt` / `segmentationsToRle` on bad input: callers
 * then leave `gtMasks` unset so that the evaluation reports the error itself, at the same point as ever.
 */
export function rasterizeGtMasks(gt: CocoDataset, source: string): RleBatch {
  return rasterizeGtTable(loadGt(gt, 'segm', { source }), source);
}

/**
 * {@link rasterizeGtMasks} of a GT table `loadGt` built with its segmentations; `alloc` gives the
 * memory of the returned batch's arrays (shared, for masks that threads read).
 */
export function rasterizeGtTable(t: GtTable, source: string, alloc?: (bytes: number) => ArrayBufferLike): RleBatch {
  const heights = new Int32Array(t.count), widths = new Int32Array(t.count);
  for (let i = 0; i < t.count; i++) {
    heights[i] = t.imageHeights[t.imageIdx[i] as number] as number;
    widths[i] = t.imageWidths[t.imageIdx[i] as number] as number;
  }
  return segmentationsToRle(t.segmentations, { heights, widths }, undefined, source, 'cpu', undefined, alloc);
}
