import type { KernelConfig, PrecisionRecallSweepAttrs, PrecisionRecallSweepInputs, PrecisionRecallSweepOutputs } from '@tensoreval/core';
import { RadixArgsort } from '../sort/radix-argsort';
import { longestSegment, segmentsOrWhole } from '../sort/segments';

/**
 * Sorts each segment by descending score with a stable LSD radix sort (numpy mergesort order) and
 * accumulates every tp/fp flag row along that order in float64, restarting at each segment
 * (pycocotools accumulate: `np.cumsum(tps, axis=1)` over `argsort(-scores, kind='mergesort')`).
 */
export function precisionRecallSweepImpl(inputs: PrecisionRecallSweepInputs, attrs: PrecisionRecallSweepAttrs): PrecisionRecallSweepOutputs {
  const { scores, tp, fp } = inputs;
  const n = scores.length;
  const rows = attrs.rows;
  const offsets = segmentsOrWhole(inputs.segmentOffsets, n);
  const order = new Int32Array(n);
  const sortedScores = new Float64Array(n);
  const tpCum = new Float64Array(rows * n);
  const fpCum = new Float64Array(rows * n);
  const sorter = new RadixArgsort();
  sorter.reserve(longestSegment(offsets));
  for (let s = 0; s + 1 < offsets.length; s++) sorter.sortDescending(scores, offsets[s], offsets[s + 1], order);
  for (let p = 0; p < n; p++) sortedScores[p] = scores[order[p]];
  // Segment-major: all rows walk one segment while its slice of `order` (and of each flag row, which
  // the gather reads at random inside the segment) is still in cache.
  for (let s = 0; s + 1 < offsets.length; s++) {
    const start = offsets[s];
    const end = offsets[s + 1];
    for (let r = 0; r < rows; r++) {
      const row = r * n;
      let t = 0;
      let f = 0;
      for (let p = start; p < end; p++) {
        const i = row + order[p];
        t += tp[i];
        f += fp[i];
        tpCum[row + p] = t;
        fpCum[row + p] = f;
      }
    }
  }
  return { order, sortedScores, tpCum, fpCum };
}

export const precisionRecallSweepConfig: KernelConfig<'PrecisionRecallSweep'> = {
  kernelName: 'PrecisionRecallSweep',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => precisionRecallSweepImpl(inputs, attrs),
};
