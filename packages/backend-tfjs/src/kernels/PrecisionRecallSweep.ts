import type { KernelConfig, PrecisionRecallSweepOutputs } from '@tensoreval/core';
import { segmentsOrWhole } from '@tensoreval/backend-cpu';
import { segmentCounts, sortedSweep } from '../wgsl/sorted-sweep';

/**
 * PrecisionRecallSweep on tfjs-backend-webgpu: a stable GPU radix sort of exact float64 keys and
 * u32 prefix sums of the tp/fp flags (packed as bit 0 and bit 1 of one word), so order and counts
 * equal the cpu backend's exactly; flag rows go in chunks that fit the device's buffers.
 * Registered only while tfjs runs on webgpu.
 */
export const precisionRecallSweepConfig: KernelConfig<'PrecisionRecallSweep'> = {
  kernelName: 'PrecisionRecallSweep',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs, attrs }): Promise<PrecisionRecallSweepOutputs> => {
    const { scores, tp, fp } = inputs;
    const n = scores.length;
    const rows = attrs.rows;
    const tpCum = new Float64Array(rows * n);
    const fpCum = new Float64Array(rows * n);
    if (n === 0) return { order: new Int32Array(0), sortedScores: new Float64Array(0), tpCum, fpCum };
    const offsets = segmentsOrWhole(inputs.segmentOffsets, n);
    const flags = new Int32Array(rows * n);
    for (let i = 0; i < rows * n; i++) flags[i] = (tp[i] as number) | ((fp[i] as number) << 1);
    const order = await sortedSweep(scores, flags, rows, 2, offsets, (prefix, first, count) => {
      for (let r = 0; r < count; r++) {
        segmentCounts(prefix, r, n, offsets, tpCum, (first + r) * n);
        segmentCounts(prefix, count + r, n, offsets, fpCum, (first + r) * n);
      }
    });
    const sortedScores = new Float64Array(n);
    for (let p = 0; p < n; p++) sortedScores[p] = scores[order[p] as number] as number;
    return { order, sortedScores, tpCum, fpCum };
  },
};
