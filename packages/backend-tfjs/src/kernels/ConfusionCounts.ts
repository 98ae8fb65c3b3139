import type { ConfusionCountsOutputs, KernelConfig } from '@tensoreval/core';
import { tfjs } from '../base';

/**
 * Bincount of actual × numClasses + predicted. Unweighted counts stay int32 (exact, unlike
 * float32 past 2^24); weights sum in float32, the only precision tfjs has.
 */
export const confusionCountsConfig: KernelConfig<'ConfusionCounts'> = {
  kernelName: 'ConfusionCounts',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs, attrs }): Promise<ConfusionCountsOutputs> => {
    const k = attrs.numClasses;
    const n = inputs.actual.length;
    if (n === 0 || k === 0) return { counts: new Float64Array(k * k) };
    const tf = tfjs();
    const counts = tf.tidy(() => {
      const cell = tf.add(tf.mul(tf.tensor1d(inputs.actual, 'int32'), tf.scalar(k, 'int32')), tf.tensor1d(inputs.predicted, 'int32'));
      const weights = inputs.weights ? tf.tensor1d(Float32Array.from(inputs.weights), 'float32') : tf.tensor1d([], 'int32');
      return tf.bincount(cell as ReturnType<typeof tf.tensor1d>, weights, k * k);
    });
    const data = await counts.data();
    counts.dispose();
    return { counts: Float64Array.from(data as Int32Array | Float32Array) };
  },
};
