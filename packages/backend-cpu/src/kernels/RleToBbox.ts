import { validateRleBatch, type KernelConfig, type RleToBboxAttrs, type RleToBboxInputs, type RleToBboxOutputs } from '@tensoreval/core';
import { rleBboxInto } from '../rle/rle-bbox';

/** Tight xywh box of each RLE, n × 4 (pycocotools rleToBbox). Assumes validated inputs. */
export function rleToBboxImpl(inputs: RleToBboxInputs, _attrs?: RleToBboxAttrs): RleToBboxOutputs {
  const { counts, offsets, heights, widths } = inputs.rles;
  const n = heights.length;
  const boxes = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) rleBboxInto(counts, offsets[i], offsets[i + 1], heights[i], widths[i], boxes, 4 * i);
  return { boxes };
}

export const rleToBboxConfig: KernelConfig<'RleToBbox'> = {
  kernelName: 'RleToBbox',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateRleBatch(inputs.rles, 'rles', 'RleToBbox');
    return rleToBboxImpl(inputs, attrs);
  },
};
