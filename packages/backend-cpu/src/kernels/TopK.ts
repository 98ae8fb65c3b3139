import type { FloatArray, KernelConfig, TopKAttrs, TopKInputs, TopKOutputs } from '@tensoreval/core';

/*
 * Per-row partial selection with a k-entry binary heap whose root is the worst kept entry, so a
 * row costs O(cols) comparisons against the root plus O(log k) per entry that gets in, and never a
 * full sort. Keys are sign-flipped for `largest: false`, so one code path serves both directions.
 * Order: key descending, ties by lower column index; as columns are scanned in increasing order,
 * an entry equal to the root never displaces it.
 */

/** true when (ka, ia) ranks below (kb, ib): smaller key, or the same key at a higher column. */
function worse(ka: number, ia: number, kb: number, ib: number): boolean {
  return ka < kb || (ka === kb && ia > ib);
}

/** Restores the heap (worst entry on top) below position `p` of a heap of `size` entries. */
function siftDown(keys: Float64Array, idx: Int32Array, p: number, size: number): void {
  const k = keys[p];
  const c = idx[p];
  for (;;) {
    let child = 2 * p + 1;
    if (child >= size) break;
    if (child + 1 < size && worse(keys[child + 1], idx[child + 1], keys[child], idx[child])) child++;
    if (!worse(keys[child], idx[child], k, c)) break;
    keys[p] = keys[child];
    idx[p] = idx[child];
    p = child;
  }
  keys[p] = k;
  idx[p] = c;
}

/**
 * The `k` largest (or smallest) entries of each row of a rows × cols matrix, best first; ties go to
 * the lower column index. Output is rows × min(k, cols); `values` has the input's array type.
 */
export function topKImpl(inputs: TopKInputs, attrs: TopKAttrs): TopKOutputs {
  const { scores } = inputs;
  const cols = attrs.cols;
  const rows = cols > 0 ? scores.length / cols : 0;
  const kk = Math.max(0, Math.min(attrs.k, cols));
  const sign = attrs.largest === false ? -1 : 1;
  const indices = new Int32Array(rows * kk);
  const values: FloatArray = scores instanceof Float64Array ? new Float64Array(rows * kk) : new Float32Array(rows * kk);
  if (kk === 0) return { indices, values };
  const keys = new Float64Array(kk);
  const idx = new Int32Array(kk);
  for (let r = 0; r < rows; r++) {
    const base = r * cols;
    // Fill with the first kk columns, then heapify.
    for (let c = 0; c < kk; c++) {
      keys[c] = sign * scores[base + c];
      idx[c] = c;
    }
    for (let p = (kk >> 1) - 1; p >= 0; p--) siftDown(keys, idx, p, kk);
    for (let c = kk; c < cols; c++) {
      const key = sign * scores[base + c];
      if (key > keys[0]) {
        keys[0] = key;
        idx[0] = c;
        siftDown(keys, idx, 0, kk);
      }
    }
    // Pop the worst entry to the back until the heap is empty: the row comes out best first.
    const out = r * kk;
    for (let size = kk; size > 0; size--) {
      indices[out + size - 1] = idx[0];
      values[out + size - 1] = scores[base + idx[0]];
      keys[0] = keys[size - 1];
      idx[0] = idx[size - 1];
      siftDown(keys, idx, 0, size - 1);
    }
  }
  return { indices, values };
}

export const topKConfig: KernelConfig<'TopK'> = {
  kernelName: 'TopK',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => topKImpl(inputs, attrs),
};
