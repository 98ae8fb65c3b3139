import type { KernelInputs } from '@tensoreval/core';

/**
 * The straightforward implementations a kernel replaces, timed on the same inputs so the table can
 * say "N× faster than". They compute the same outputs (the kernels' conformance cases check the
 * kernels; these only need to do equivalent work).
 */

/** Index array + comparator sort per segment, then the same cumulative sums. */
export function comparatorSweep(inputs: KernelInputs<'PrecisionRecallSweep'>, rows: number): Float64Array {
  const { scores, tp, fp } = inputs;
  const n = scores.length;
  const offsets = inputs.segmentOffsets ?? Int32Array.of(0, n);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let s = 0; s + 1 < offsets.length; s++) {
    order.subarray(offsets[s], offsets[s + 1]).sort((a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
  }
  const cum = new Float64Array(2 * rows * n);
  for (let r = 0; r < rows; r++) {
    for (let s = 0; s + 1 < offsets.length; s++) {
      let t = 0;
      let f = 0;
      for (let p = offsets[s] as number; p < (offsets[s + 1] as number); p++) {
        t += tp[r * n + (order[p] as number)] as number;
        f += fp[r * n + (order[p] as number)] as number;
        cum[2 * (r * n + p)] = t;
        cum[2 * (r * n + p) + 1] = f;
      }
    }
  }
  return cum;
}

/** Full comparator sort of every row's column indices, keeping the first k. */
export function fullSortTopK(inputs: KernelInputs<'TopK'>, cols: number, k: number): Int32Array {
  const rows = inputs.scores.length / cols;
  const out = new Int32Array(rows * k);
  const idx = new Int32Array(cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) idx[c] = c;
    const base = r * cols;
    idx.sort((a, b) => (inputs.scores[base + b] as number) - (inputs.scores[base + a] as number) || a - b);
    out.set(idx.subarray(0, k), r * k);
  }
  return out;
}

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
