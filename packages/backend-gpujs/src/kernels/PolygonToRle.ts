import { PolygonScratch, polygonBoundaryPositions, rasterisePolygon, RleBatchBuilder, rleEncodeImpl } from '@tensoreval/backend-cpu';
import { validatePolygonToRleInputs, type KernelConfig, type PolygonToRleInputs, type RleBatch } from '@tensoreval/core';
import { MAX_DISPATCH_PIXELS, parityMasks } from '../parity-masks';

/**
 * pycocotools rleFrPoly with the per-pixel fill on the GPU. The boundary walk (×5 upsampling, maskApi's
 * double rounding) is inherently sequential and needs float64, so it runs on the host with the cpu
 * backend's code; the GPU sets each pixel from the parity of the boundary positions before it, and the
 * host encodes the runs. Masks of 0 or more than MAX_DISPATCH_PIXELS pixels take the cpu path.
 */
async function polygonToRleGpujs(inputs: PolygonToRleInputs): Promise<RleBatch> {
  validatePolygonToRleInputs(inputs);
  const { coords, polygonOffsets, heights, widths } = inputs;
  const n = heights.length;
  const onGpu = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const pixels = heights[i] * widths[i];
    if (pixels > 0 && pixels <= MAX_DISPATCH_PIXELS) onGpu[m++] = i;
  }
  // each GPU polygon's RLE: batch `chunkOf[i]` of `chunks`, mask `slotOf[i]`
  const chunks: RleBatch[] = [];
  const chunkOf = new Int32Array(n).fill(-1);
  const slotOf = new Int32Array(n);
  const scratch = new PolygonScratch();
  await parityMasks(
    onGpu.subarray(0, m),
    (i) => heights[i] * widths[i],
    (i, add) => {
      const c0 = polygonOffsets[i];
      const nb = polygonBoundaryPositions(coords, c0, (polygonOffsets[i + 1] - c0) >> 1, heights[i], widths[i], scratch, i);
      for (let j = 0; j < nb; j++) add(scratch.a[j]);
    },
    (ids, _starts, bits) => {
      const hs = new Int32Array(ids.length), ws = new Int32Array(ids.length);
      for (let k = 0; k < ids.length; k++) {
        hs[k] = heights[ids[k]];
        ws[k] = widths[ids[k]];
        chunkOf[ids[k]] = chunks.length;
        slotOf[ids[k]] = k;
      }
      chunks.push(rleEncodeImpl({ masks: bits, heights: hs, widths: ws }));
    },
  );
  let runs = 0;
  for (const c of chunks) runs += c.counts.length;
  const out = new RleBatchBuilder(n, runs + 2 * (n - m));
  for (let i = 0; i < n; i++) {
    const c = chunkOf[i];
    if (c >= 0) {
      const b = chunks[c], k = slotOf[i];
      out.pushCopy(b.counts, b.offsets[k], b.offsets[k + 1], heights[i], widths[i]);
      continue;
    }
    const c0 = polygonOffsets[i];
    rasterisePolygon(coords, c0, (polygonOffsets[i + 1] - c0) >> 1, heights[i], widths[i], scratch, out, i);
  }
  return out.finish();
}

export const polygonToRleConfig: KernelConfig<'PolygonToRle'> = {
  kernelName: 'PolygonToRle',
  backendName: 'gpujs',
  kernelFunc: ({ inputs }) => polygonToRleGpujs(inputs),
};
