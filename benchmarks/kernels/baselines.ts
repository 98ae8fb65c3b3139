import type { KernelInputs } from '@tensoreval/core';

/**
 * The straightforward implementations a kernel replaces, timed on the same inputs so the table can
 * say "N× faster than". The sweep and top-k baselines are the conformance cases' deliberately simple
 * references (comparator sorts); unblocked cosine loops are here.
 */
export { referenceSweep } from '../../packages/core/src/testing/cases/PrecisionRecallSweep.cases';
export { referenceTopK } from '../../packages/core/src/testing/cases/TopK.cases';

/** Unblocked triple loop: one dot product (and two norms) per output. */
export function naiveCosine(inputs: KernelInputs<'PairwiseCosine'>, dim: number): Float64Array {
  const { a, b } = inputs;
  const m = a.length / dim;
  const n = b.length / dim;
  const out = new Float64Array(m * n);
  for (let i = 0; i < m; i++) {
    for (let j = 0; j < n; j++) {
      let dot = 0;
      let na = 0;
      let nb = 0;
      for (let d = 0; d < dim; d++) {
        const x = a[i * dim + d] as number;
        const y = b[j * dim + d] as number;
        dot += x * y;
        na += x * x;
        nb += y * y;
      }
      out[i * n + j] = dot / Math.sqrt(na * nb);
    }
  }
  return out;
}
