import type { KernelConfig, PairwiseCosineOutputs } from '@tensoreval/core';
import type * as TfCore from '@tensorflow/tfjs-core';
import { tfjs, tfjsTraffic } from '../base';
import { matMulTransposeB, matrix, readBack, sizeOf, type ArrayOrTensor } from '../tensors';

/**
 * Cosine similarity of every row of `a` [n, d] with every row of `b` [m, d] as a tensor that stays
 * on the active tfjs backend: rows scaled by 1/‖row‖ (divNoNan: an all-zero row stays zero, so its
 * similarities are 0, as on cpu), then one matMul. The caller owns (and disposes) the result.
 */
export function pairwiseCosineTensor(a: TfCore.Tensor2D, b: TfCore.Tensor2D): TfCore.Tensor2D {
  const tf = tfjs();
  return tf.tidy(() => {
    const unit = (x: TfCore.Tensor2D) => tf.divNoNan(x, tf.sqrt(tf.sum(tf.square(x), 1, true))) as TfCore.Tensor2D;
    return matMulTransposeB(unit(a), unit(b));
  });
}

export const pairwiseCosineConfig: KernelConfig<'PairwiseCosine'> = {
  kernelName: 'PairwiseCosine',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs, attrs }): Promise<PairwiseCosineOutputs> => {
    const dim = attrs.dim;
    // tf.Tensor inputs are accepted as they are (see ArrayOrTensor); the contract types name host arrays.
    const a = inputs.a as ArrayOrTensor;
    const b = inputs.b as ArrayOrTensor;
    const n = dim > 0 ? sizeOf(a) / dim : 0;
    const m = dim > 0 ? sizeOf(b) / dim : 0;
    const wide = inputs.a instanceof Float64Array && inputs.b instanceof Float64Array;
    if (n === 0 || m === 0) return { scores: wide ? new Float64Array(0) : new Float32Array(0) };
    const tf = tfjs();
    const scores = tf.tidy(() => pairwiseCosineTensor(matrix(a, n, dim), matrix(b, m, dim)));
    tfjsTraffic.dispatches++;
    const data = (await readBack(scores)) as Float32Array;
    scores.dispose();
    // The output follows the inputs' type, like the cpu backend; the values carry float32 precision.
    return { scores: wide ? Float64Array.from(data) : data };
  },
};
