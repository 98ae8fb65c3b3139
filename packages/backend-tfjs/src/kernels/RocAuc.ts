import type { KernelConfig, RocAucOutputs } from '@tensoreval/core';
import { longestSegment, rocAucFromPoints, segmentsOrWhole } from '@tensoreval/backend-cpu';
import { segmentCounts, sortedSweep } from '../wgsl/sorted-sweep';

/**
 * RocAuc on tfjs-backend-webgpu: the GPU sorts each segment and counts positives along the order
 * (PrecisionRecallSweep's passes with one flag row); the host closes tie groups and finishes with
 * the cpu backend's float64 rocAucFromPoints, so the AUC equals the cpu backend's bit for bit.
 * Registered only while tfjs runs on webgpu.
 */
export const rocAucConfig: KernelConfig<'RocAuc'> = {
  kernelName: 'RocAuc',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs }): Promise<RocAucOutputs> => {
    const { scores, labels } = inputs;
    const n = scores.length;
    const offsets = segmentsOrWhole(inputs.segmentOffsets, n);
    const S = Math.max(0, offsets.length - 1);
    const auc = new Float64Array(S).fill(Number.NaN);
    if (n === 0) return { auc };
    const tps = new Float64Array(n);
    const order = await sortedSweep(scores, Int32Array.from(labels), 1, 1, offsets, (prefix) => segmentCounts(prefix, 0, n, offsets, tps, 0));
    const longest = longestSegment(offsets);
    const fpsAt = new Float64Array(longest);
    const tpsAt = new Float64Array(longest);
    const terms = new Float64Array(longest + 1);
    for (let s = 0; s < S; s++) {
      const start = offsets[s] as number;
      const end = offsets[s + 1] as number;
      // One point per tie group, at its last position; negatives are the positions minus the positives.
      let m = 0;
      for (let p = start; p < end; p++) {
        if (p + 1 < end && scores[order[p + 1] as number] === scores[order[p] as number]) continue;
        tpsAt[m] = tps[p] as number;
        fpsAt[m] = p + 1 - start - (tps[p] as number);
        m++;
      }
      auc[s] = rocAucFromPoints(fpsAt, tpsAt, m, terms);
    }
    return { auc };
  },
};
