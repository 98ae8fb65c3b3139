import { validatePolygonToRleInputs, type KernelConfig, type PolygonToRleAttrs, type PolygonToRleInputs, type RleBatch } from '@tensoreval/core';
import { PolygonScratch, rasterisePolygon } from '../rle/polygon-raster';
import { RleBatchBuilder } from '../rle/rle-batch-builder';

/** About how many runs the polygons make (two per column a polygon spans, plus one), to size the output once. */
function estimateRuns(coords: Float64Array, polygonOffsets: Int32Array): number {
  let runs = 0;
  for (let i = 0; i + 1 < polygonOffsets.length; i++) {
    let lo = Infinity, hi = -Infinity;
    for (let c = polygonOffsets[i]; c + 1 < polygonOffsets[i + 1]; c += 2) {
      if (coords[c] < lo) lo = coords[c];
      if (coords[c] > hi) hi = coords[c];
    }
    runs += hi >= lo ? 2 * Math.min(hi - lo + 2, 1 << 16) + 1 : 1;
  }
  return Math.ceil(runs);
}

/**
 * Rasterises every polygon to an RLE exactly as pycocotools rleFrPoly (one RLE per polygon; merge
 * the parts of one object with RleMerge). A polygon of c numbers has floor(c / 2) points.
 * Assumes validated inputs.
 */
export function polygonToRleImpl(inputs: PolygonToRleInputs, _attrs?: PolygonToRleAttrs): RleBatch {
  const { coords, polygonOffsets, heights, widths } = inputs;
  const n = polygonOffsets.length - 1;
  const out = new RleBatchBuilder(n, estimateRuns(coords, polygonOffsets));
  const scratch = new PolygonScratch();
  for (let i = 0; i < n; i++) {
    const c0 = polygonOffsets[i];
    rasterisePolygon(coords, c0, (polygonOffsets[i + 1] - c0) >> 1, heights[i], widths[i], scratch, out, i);
  }
  return out.finish();
}

export const polygonToRleConfig: KernelConfig<'PolygonToRle'> = {
  kernelName: 'PolygonToRle',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validatePolygonToRleInputs(inputs);
    return polygonToRleImpl(inputs, attrs);
  },
};
