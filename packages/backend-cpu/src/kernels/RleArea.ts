import { validateRleBatch, type KernelConfig, type RleAreaAttrs, type RleAreaInputs, type RleAreaOutputs } from '@tensoreval/core';
import { rleAreaOf } from '../rle/rle-bbox';

/** Foreground pixel count of each RLE (pycocotools rleArea). Assumes validated inputs. */
export function rleAreaImpl(inputs: RleAreaInputs, _attrs?: RleAreaAttrs): RleAreaOutputs {
  const { counts, offsets } = inputs.rles;
  const n = offsets.length - 1;
  const area = new Float64Array(n);
  for (let i = 0; i < n; i++) area[i] = rleAreaOf(counts, offsets[i], offsets[i + 1]);
  return { area };
}

export const rleAreaConfig: KernelConfig<'RleArea'> = {
  kernelName: 'RleArea',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateRleBatch(inputs.rles, 'rles', 'RleArea');
    return rleAreaImpl(inputs, attrs);
  },
};
