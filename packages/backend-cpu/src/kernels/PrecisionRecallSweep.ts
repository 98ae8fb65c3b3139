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
  for (let r = 0; r < rows; r++) {
    const row = r * n;
    for (let s = 0; s + 1 < offsets.length; s++) {
      let tps = 0;
      let fps = 0;
      for (let p = offsets[s]; p < offsets[s + 1]; p++) {
        const i = row + order[p];
        tps += tp[i];
        fps += fp[i];
        tpCum[row + p] = tps;
        fpCum[row + p] = fps;
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
