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
  const onGpu = (i: number): boolean => heights[i] * widths[i] > 0 && heights[i] * widths[i] <= MAX_DISPATCH_PIXELS;
  // Every polygon is walked in batch order (so a refused outline is reported as the cpu backend reports it);
  // one the GPU does not take is rasterised by the cpu code into `cpuOut` and fills no pixels there.
  const cpuOut = new RleBatchBuilder(n, 16);
  const cpuSlot = new Int32Array(n).fill(-1);
  // each GPU polygon's RLE: batch `chunkOf[i]` of `chunks`, mask `slotOf[i]`
  const chunks: RleBatch[] = [];
  const chunkOf = new Int32Array(n).fill(-1);
  const slotOf = new Int32Array(n);
  const scratch = new PolygonScratch();
  let cpuMasks = 0;
  await parityMasks(
    Int32Array.from({ length: n }, (_, i) => i),
    (i) => (onGpu(i) ? heights[i] * widths[i] : 0),
    (i, add) => {
      const c0 = polygonOffsets[i], k = (polygonOffsets[i + 1] - c0) >> 1;
      if (!onGpu(i)) {
        rasterisePolygon(coords, c0, k, heights[i], widths[i], scratch, cpuOut, i);
        cpuSlot[i] = cpuMasks++;
        return;
      }
      const nb = polygonBoundaryPositions(coords, c0, k, heights[i], widths[i], scratch, i);
      for (let j = 0; j < nb; j++) add(scratch.a[j]);
    },
    (ids, _starts, bits) => {
      // cpu polygons take no pixels, so the dispatch's bits are the GPU polygons' masks back to back
      const gpuIds = ids.filter((i) => cpuSlot[i] < 0);
      const hs = new Int32Array(gpuIds.length), ws = new Int32Array(gpuIds.length);
      for (let k = 0; k < gpuIds.length; k++) {
        hs[k] = heights[gpuIds[k]];
        ws[k] = widths[gpuIds[k]];
        chunkOf[gpuIds[k]] = chunks.length;
        slotOf[gpuIds[k]] = k;
      }
      chunks.push(rleEncodeImpl({ masks: bits, heights: hs, widths: ws }));
    },
  );
  const cpu = cpuOut.finish();
  let runs = cpu.counts.length;
  for (const c of chunks) runs += c.counts.length;
  const out = new RleBatchBuilder(n, runs);
  for (let i = 0; i < n; i++) {
    const c = chunkOf[i];
    const b = c >= 0 ? chunks[c] : cpu;
    const k = c >= 0 ? slotOf[i] : cpuSlot[i];
    out.pushCopy(b.counts, b.offsets[k], b.offsets[k + 1], heights[i], widths[i]);
  }
  return out.finish();
}

export const polygonToRleConfig: KernelConfig<'PolygonToRle'> = {
  kernelName: 'PolygonToRle',
  backendName: 'gpujs',
  kernelFunc: ({ inputs }) => polygonToRleGpujs(inputs),
};
