import { validateRleBatch, type KernelConfig, type RleDecodeAttrs, type RleDecodeInputs, type RleDecodeOutputs } from '@tensoreval/core';

/** Expands RLEs to column-major 0/1 masks, concatenated in batch order (pycocotools rleDecode). Assumes validated inputs. */
export function rleDecodeImpl(inputs: RleDecodeInputs, _attrs?: RleDecodeAttrs): RleDecodeOutputs {
  const { counts, offsets, heights, widths } = inputs.rles;
  const n = heights.length;
  let total = 0;
  for (let i = 0; i < n; i++) total += heights[i] * widths[i];
  const masks = new Uint8Array(total);
  let p = 0;
  for (let i = 0; i < n; i++) {
    for (let j = offsets[i], end = offsets[i + 1]; j < end; j++) {
      const run = counts[j];
      if ((j - offsets[i]) & 1) masks.fill(1, p, p + run);
      p += run;
    }
  }
  return { masks };
}

export const rleDecodeConfig: KernelConfig<'RleDecode'> = {
  kernelName: 'RleDecode',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateRleBatch(inputs.rles, 'rles', 'RleDecode');
    return rleDecodeImpl(inputs, attrs);
  },
};
