import { validateRleEncodeInputs, type KernelConfig, type RleBatch, type RleEncodeAttrs, type RleEncodeInputs } from '@tensoreval/core';
import { RleBatchBuilder } from '../rle/rle-batch-builder';

const ALL_ONES = 0x01010101;
const HIGH_BITS = 0x80808080;

/**
 * First index in [j, end) whose byte is zero (inside a run of ones, `ones` = true) or non-zero (inside a run
 * of zeros), or `end`.
 * Skips 4 bytes at a time through `quads`, a Uint32Array view of the same bytes.
 */
function nextChange(masks: Uint8Array, quads: Uint32Array | undefined, j: number, end: number, ones: boolean): number {
  if (quads !== undefined) {
    // bytes up to a 4-byte boundary, then whole quads while none changes, then bytes again
    while ((j & 3) !== 0) {
      if (j >= end || (masks[j] !== 0) !== ones) return j;
      j++;
    }
    let q = j >> 2;
    const qEnd = end >> 2;
    if (ones) {
      // a quad with no zero byte (the classic has-zero-byte test)
      while (q < qEnd) {
        const v = quads[q];
        if (((v - ALL_ONES) & ~v & HIGH_BITS) !== 0) break;
        q++;
      }
    } else {
      while (q < qEnd && quads[q] === 0) q++;
    }
    j = q << 2;
  }
  while (j < end && (masks[j] !== 0) === ones) j++;
  return j;
}

/**
 * Run-length encodes column-major masks (pycocotools rleEncode): runs alternate zeros and ones and
 * start with a (possibly empty) run of zeros. Any non-zero byte counts as 1. Assumes validated inputs.
 */
export function rleEncodeImpl(inputs: RleEncodeInputs, _attrs?: RleEncodeAttrs): RleBatch {
  const { masks, heights, widths } = inputs;
  const n = heights.length;
  const out = new RleBatchBuilder(n, 1024);
  // indices below are relative to masks.byteOffset, so the view needs a 4-byte aligned start
  const quads = masks.byteOffset % 4 === 0 ? new Uint32Array(masks.buffer, masks.byteOffset, masks.length >> 2) : undefined;
  let base = 0;
  for (let i = 0; i < n; i++) {
    const h = heights[i], w = widths[i], end = base + h * w;
    // a mask of a pixels has at most a + 1 runs
    const counts = out.reserve(h * w + 1);
    const first = out.length;
    let k = first;
    let ones = false;
    let runStart = base;
    for (;;) {
      const j = nextChange(masks, quads, runStart, end, ones);
      counts[k++] = j - runStart;
      if (j === end) break;
      runStart = j;
      ones = !ones;
    }
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
