import { inverseNorms, type KernelConfig, type PairwiseCosineOutputs } from '@tensoreval/core';
import { gpujsKernel, runGpujs } from '../base';
import { forEachPairTile } from '../tiles';

// One thread per (i, j): the dot product scaled by both inverse norms.
const SOURCE = `function (a, b, invA, invB, dim, m) {
  const t = this.thread.x;
  const i = Math.floor(t / m);
  const j = t - i * m;
  let s = 0;
  for (let d = 0; d < dim; d++) {
    s += a[i * dim + d] * b[j * dim + d];
  }
  return s * invA[i] * invB[j];
}`;

export const pairwiseCosineConfig: KernelConfig<'PairwiseCosine'> = {
  kernelName: 'PairwiseCosine',
  backendName: 'gpujs',
  setupFunc: () => void gpujsKernel('PairwiseCosine', SOURCE),
  kernelFunc: async ({ inputs, attrs }): Promise<PairwiseCosineOutputs> => {
    const dim = attrs.dim;
    const n = dim > 0 ? inputs.a.length / dim : 0;
    const m = dim > 0 ? inputs.b.length / dim : 0;
    // The output follows the inputs' type, like the cpu backend; the values carry float32 precision.
    const wide = inputs.a instanceof Float64Array && inputs.b instanceof Float64Array;
    const scores = wide ? new Float64Array(n * m) : new Float32Array(n * m);
    if (n === 0 || m === 0) return { scores };
    const a = inputs.a instanceof Float32Array ? inputs.a : Float32Array.from(inputs.a);
    const b = inputs.b instanceof Float32Array ? inputs.b : Float32Array.from(inputs.b);
    // core's float64 inverse norms (0 for an all-zero row, as on cpu), rounded once to float32 for the engine
    const invA = Float32Array.from(inverseNorms(inputs.a, n, dim));
    const invB = Float32Array.from(inverseNorms(inputs.b, m, dim));
    const kernel = gpujsKernel('PairwiseCosine', SOURCE);
    await forEachPairTile(n, m, dim, scores, (i0, i1, j0, j1) =>
      runGpujs(kernel, (i1 - i0) * (j1 - j0), [
        a.subarray(i0 * dim, i1 * dim), b.subarray(j0 * dim, j1 * dim), invA.subarray(i0, i1), invB.subarray(j0, j1), dim, j1 - j0,
      ]),
    );
    return { scores };
  },
};
