import type { ConfusionCountsOutputs, KernelConfig } from '@tensoreval/core';
import { tfjs, tfjsTraffic } from '../base';
import { readBack, uploaded } from '../tensors';

// A float32 count is exact up to 2^24, so each chunk stays at or below it and the host sums in float64.
const EXACT_F32_COUNT = 1 << 24;

/**
 * Bincount of actual × numClasses + predicted. Unweighted counts are bincounts of float32 ones in
 * chunks of at most 2^24 pairs (exact), summed in float64 on the host: tfjs-backend-webgpu 4.22
 * adds the bits of 1.0 into int32 bins for the int32 forms of bincount (1 came back as 1065353216),
 * so the int32 form is not portable. Weights sum in float32, the only precision tfjs has.
 */
export const confusionCountsConfig: KernelConfig<'ConfusionCounts'> = {
  kernelName: 'ConfusionCounts',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs, attrs }): Promise<ConfusionCountsOutputs> => {
    const k = attrs.numClasses;
    const n = inputs.actual.length;
    const total = new Float64Array(k * k);
    if (n === 0 || k === 0) return { counts: total };
    const tf = tfjs();
    for (let start = 0; start < n; start += EXACT_F32_COUNT) {
      const end = Math.min(n, start + EXACT_F32_COUNT);
      const counts = tf.tidy(() => {
        const actual = uploaded(tf.tensor1d(inputs.actual.subarray(start, end), 'int32'));
        const cell = tf.add(tf.mul(actual, uploaded(tf.scalar(k, 'int32'))), uploaded(tf.tensor1d(inputs.predicted.subarray(start, end), 'int32')));
        const weights = inputs.weights
          ? uploaded(tf.tensor1d(Float32Array.from(inputs.weights.subarray(start, end)), 'float32'))
          : tf.ones([end - start], 'float32');
        return tf.bincount(cell as ReturnType<typeof tf.tensor1d>, weights as ReturnType<typeof tf.tensor1d>, k * k);
      });
      tfjsTraffic.dispatches++;
      const data = await readBack(counts);
      counts.dispose();
      for (let i = 0; i < total.length; i++) total[i] += data[i] as number;
    }
    return { counts: total };
  },
};
