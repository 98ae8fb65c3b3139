import type { FloatArray, KernelConfig, RocAucInputs, RocAucOutputs } from '@tensoreval/core';
import { numpySum } from '../numeric/numpy-sum';
import { RadixArgsort } from '../sort/radix-argsort';
import { longestSegment, segmentsOrWhole } from '../sort/segments';

/** Scratch buffers sized once for the longest segment. */
interface Scratch {
  order: Int32Array;
  fps: Float64Array;
  tps: Float64Array;
  terms: Float64Array;
}

/**
 * One segment's AUC, following scikit-learn 1.2 `roc_curve` (drop_intermediate=True) and `auc`:
 * the cumulative (fps, tps) at the last position of each tie group, finished by rocAucFromPoints.
 */
function segmentAuc(scores: FloatArray, labels: Uint8Array, start: number, end: number, sorter: RadixArgsort, w: Scratch): number {
  const { order, fps, tps, terms } = w;
  sorter.sortDescending(scores, start, end, order);
  let m = 0;
  let tp = 0;
  let fp = 0;
  // Close a tie group when the next score differs: one gather per position, the current score carried.
  let current = end > start ? scores[order[start]] : 0;
  for (let p = start; p < end; p++) {
    if (labels[order[p]] === 1) tp++;
    else fp++;
    const next = p + 1 < end ? scores[order[p + 1]] : NaN;
    if (next !== current) {
      fps[m] = fp;
      tps[m] = tp;
      m++;
      current = next;
    }
  }
  return rocAucFromPoints(fps, tps, m, terms);
}

/**
 * AUC from the cumulative (fps, tps) at the last position of each tie group, in descending score
 * order (m points; the last holds the totals): drop_intermediate (points whose second differences
 * are both 0 go, first and last kept), (0, 0) prepended, fpr = fps / N and tpr = tps / P, then
 * np.trapz's terms (dx * (y[i] + y[i-1])) / 2 summed in numpy's order. NaN when one class is
 * missing. Overwrites fps/tps; `terms` holds at least m + 1 values. Shared with the GPU backends,
 * which sort and count on the device and finish here in float64.
 */
export function rocAucFromPoints(fps: Float64Array, tps: Float64Array, m: number, terms: Float64Array): number {
  const tp = m > 0 ? (tps[m - 1] as number) : 0;
  const fp = m > 0 ? (fps[m - 1] as number) : 0;
  if (tp === 0 || fp === 0) return NaN;
  // drop_intermediate, in place: keep ends and every point where the curve bends.
  let kept = m;
  if (m > 2) {
    kept = 1;
    for (let i = 1; i < m - 1; i++) {
      if (fps[i + 1] - 2 * fps[i] + fps[i - 1] !== 0 || tps[i + 1] - 2 * tps[i] + tps[i - 1] !== 0) {
        fps[kept] = fps[i];
        tps[kept] = tps[i];
        kept++;
      }
    }
    fps[kept] = fps[m - 1];
    tps[kept] = tps[m - 1];
    kept++;
  }
  let x0 = 0;
  let y0 = 0;
  for (let i = 0; i < kept; i++) {
    const x = fps[i] / fp;
    const y = tps[i] / tp;
    terms[i] = ((x - x0) * (y + y0)) / 2;
    x0 = x;
    y0 = y;
  }
  return numpySum(terms, 0, kept);
}

/**
 * ROC AUC per segment with scikit-learn's `roc_auc_score` semantics (ties as one step); NaN for an
 * empty or one-class segment. Sorting is a radix argsort, so no comparator runs.
 */
export function rocAucImpl(inputs: RocAucInputs): RocAucOutputs {
  const { scores, labels } = inputs;
  const offsets = segmentsOrWhole(inputs.segmentOffsets, scores.length);
  const S = Math.max(0, offsets.length - 1);
  const longest = longestSegment(offsets);
  const sorter = new RadixArgsort();
  sorter.reserve(longest);
  const w: Scratch = {
    order: new Int32Array(scores.length),
    fps: new Float64Array(longest),
    tps: new Float64Array(longest),
    terms: new Float64Array(longest + 1),
  };
  const auc = new Float64Array(S);
  for (let s = 0; s < S; s++) auc[s] = segmentAuc(scores, labels, offsets[s], offsets[s + 1], sorter, w);
  return { auc };
}

export const rocAucConfig: KernelConfig<'RocAuc'> = {
  kernelName: 'RocAuc',
  backendName: 'cpu',
  kernelFunc: ({ inputs }) => rocAucImpl(inputs),
};
