import { validateRleMergeInputs, type KernelConfig, type RleBatch, type RleMergeAttrs, type RleMergeInputs } from '@tensoreval/core';
import { RleBatchBuilder } from '../rle/rle-batch-builder';

/**
 * Union (intersect = false) or intersection of each group of RLEs, pycocotools rleMerge exactly: the
 * masks are folded left to right with a run merge, runs of equal value are joined, an empty group or a
 * size mismatch gives a 0 × 0 RLE with no counts, a single RLE is copied unchanged.
 * Assumes validated inputs.
 */
export function rleMergeImpl(inputs: RleMergeInputs, attrs: RleMergeAttrs): RleBatch {
  const { counts, offsets, heights, widths } = inputs.rles;
  const groups = inputs.groupOffsets;
  const nGroups = groups.length - 1;
  const intersect = attrs.intersect;
  const out = new RleBatchBuilder(nGroups, counts.length);
  // the accumulated mask, and the one being built from it and the next input
  let acc = new Uint32Array(64);
  let next = new Uint32Array(64);
  for (let g = 0; g < nGroups; g++) {
    const first = groups[g], last = groups[g + 1];
    if (last === first) {
      out.endMask(0, 0, 0);
      continue;
    }
    const h = heights[first], w = widths[first];
    if (last - first === 1) {
      out.pushCopy(counts, offsets[first], offsets[first + 1], h, w);
      continue;
    }
    let am = offsets[first + 1] - offsets[first];
    if (acc.length < am) acc = new Uint32Array(am);
    acc.set(counts.subarray(offsets[first], offsets[first + 1]));
    let mismatch = false;
    for (let r = first + 1; r < last; r++) {
      if (heights[r] !== h || widths[r] !== w) {
        mismatch = true;
        break;
      }
      const b0 = offsets[r], bm = offsets[r + 1] - b0;
      // each step of the merge writes at most one run
      if (next.length < am + bm + 1) next = new Uint32Array(am + bm + 1);
      let ca = am > 0 ? acc[0] : 0, cb = bm > 0 ? counts[b0] : 0;
      let v = false, va = false, vb = false;
      let m = 0, a = 1, b = 1, cc = 0, ct = 1;
      while (ct > 0) {
        const c = ca < cb ? ca : cb;
        cc += c;
        ct = 0;
        ca -= c;
        if (ca === 0 && a < am) {
          ca = acc[a++];
          va = !va;
        }
        ct += ca;
        cb -= c;
        if (cb === 0 && b < bm) {
          cb = counts[b0 + b++];
          vb = !vb;
        }
        ct += cb;
        const vp: boolean = v;
        v = intersect ? va && vb : va || vb;
        if (v !== vp || ct === 0) {
          next[m++] = cc;
          cc = 0;
        }
      }
      const t = acc;
      acc = next;
      next = t;
      am = m;
    }
    if (mismatch) out.endMask(0, 0, 0);
    else out.pushCopy(acc, 0, am, h, w);
  }
  return out.finish();
}

export const rleMergeConfig: KernelConfig<'RleMerge'> = {
  kernelName: 'RleMerge',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateRleMergeInputs(inputs);
    return rleMergeImpl(inputs, attrs);
  },
};
