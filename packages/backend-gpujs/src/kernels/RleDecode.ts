import { rleDecodeImpl } from '@tensoreval/backend-cpu';
import { validateRleBatch, type KernelConfig, type RleDecodeInputs, type RleDecodeOutputs } from '@tensoreval/core';
import { MAX_DISPATCH_PIXELS, parityMasks } from '../parity-masks';

/**
 * pycocotools rleDecode with one GPU thread per pixel: the toggles are the running sums of the counts
 * (prefix sums on the host, O(runs)); the pixel is the parity of the toggles before it. A mask of more
 * than MAX_DISPATCH_PIXELS pixels is decoded by the cpu code.
 */
async function rleDecodeGpujs(inputs: RleDecodeInputs): Promise<RleDecodeOutputs> {
  const { rles } = inputs;
  validateRleBatch(rles, 'rles', 'RleDecode');
  const { counts, offsets, heights, widths } = rles;
  const n = heights.length;
  const start = new Float64Array(n + 1);
  const onGpu = new Int32Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const pixels = heights[i] * widths[i];
    start[i + 1] = start[i] + pixels;
    if (pixels > 0 && pixels <= MAX_DISPATCH_PIXELS) onGpu[m++] = i;
  }
  const masks = new Uint8Array(start[n]);
  await parityMasks(
    onGpu.subarray(0, m),
    (i) => heights[i] * widths[i],
    (i, add) => {
      // every run but the last ends at a toggle
      let position = 0;
      for (let j = offsets[i], last = offsets[i + 1] - 1; j < last; j++) {
        position += counts[j];
        add(position);
      }
    },
    (ids, starts, bits) => {
      for (let k = 0; k < ids.length; k++) masks.set(bits.subarray(starts[k], starts[k + 1]), start[ids[k]]);
    },
  );
  for (let i = 0; i < n; i++) {
    const pixels = heights[i] * widths[i];
    if (pixels <= MAX_DISPATCH_PIXELS) continue;
    const one = { counts: counts.subarray(offsets[i], offsets[i + 1]), offsets: Int32Array.of(0, offsets[i + 1] - offsets[i]), heights: heights.subarray(i, i + 1), widths: widths.subarray(i, i + 1) };
    masks.set(rleDecodeImpl({ rles: one }).masks, start[i]);
  }
  return { masks };
}

export const rleDecodeConfig: KernelConfig<'RleDecode'> = {
  kernelName: 'RleDecode',
  backendName: 'gpujs',
  kernelFunc: ({ inputs }) => rleDecodeGpujs(inputs),
};
