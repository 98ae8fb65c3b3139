import { validateRleEncodeInputs, type KernelConfig, type RleBatch, type RleEncodeAttrs, type RleEncodeInputs } from '@tensoreval/core';
import { RleBatchBuilder } from '../rle/rle-batch-builder';

/**
 * Run-length encodes column-major masks (pycocotools rleEncode): runs alternate zeros and ones and
 * start with a (possibly empty) run of zeros. Any non-zero byte counts as 1. Assumes validated inputs.
 */
export function rleEncodeImpl(inputs: RleEncodeInputs, _attrs?: RleEncodeAttrs): RleBatch {
  const { masks, heights, widths } = inputs;
  const n = heights.length;
  const out = new RleBatchBuilder(n, 1024);
  let base = 0;
  for (let i = 0; i < n; i++) {
    const h = heights[i], w = widths[i], a = h * w;
    // a mask of a pixels has at most a + 1 runs
    const counts = out.reserve(a + 1);
    let k = out.length;
    const first = k;
    let prev = 0;
    let runStart = base;
    const end = base + a;
    for (let j = base; j < end; j++) {
      const v = masks[j] === 0 ? 0 : 1;
      if (v !== prev) {
        counts[k++] = j - runStart;
        runStart = j;
        prev = v;
      }
    }
    counts[k++] = end - runStart;
    out.endMask(h, w, k - first);
    base = end;
  }
  return out.finish();
}

export const rleEncodeConfig: KernelConfig<'RleEncode'> = {
  kernelName: 'RleEncode',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateRleEncodeInputs(inputs);
    return rleEncodeImpl(inputs, attrs);
  },
};
