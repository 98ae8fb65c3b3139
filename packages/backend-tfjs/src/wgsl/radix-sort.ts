import type * as TfCore from '@tensorflow/tfjs-core';
import { tfjs } from '../base';
import { exclusiveScan } from './scan';
import type { SortKeys } from './sort-keys';
import { runWgsl, uploadWords } from './program';

/** Elements per invocation in a pass: each invocation walks its block in order, which keeps the sort stable. */
const BLOCK = 128;
const DIGIT_BITS = 4;
const BUCKETS = 1 << DIGIT_BITS;

// State: row 0 the payload (input index), rows 1..K the key words; n words per row.
const COUNT = `
  fn main(index: i32) {
    if (index >= uniforms.blocks) { return; }
    var counts: array<u32, ${BUCKETS}>;
    let row = uniforms.row * uniforms.n;
    let end = min(uniforms.n, (index + 1) * ${BLOCK});
    for (var i = index * ${BLOCK}; i < end; i++) {
      counts[(bitcast<u32>(state[row + i]) >> u32(uniforms.shift)) & ${BUCKETS - 1}u] += 1u;
    }
    for (var d = 0; d < ${BUCKETS}; d++) { result[d * uniforms.blocks + index] = bitcast<i32>(counts[d]); }
  }
`;

const SCATTER = `
  fn main(index: i32) {
    if (index >= uniforms.blocks) { return; }
    var next: array<i32, ${BUCKETS}>;
    for (var d = 0; d < ${BUCKETS}; d++) { next[d] = starts[d * uniforms.blocks + index]; }
    let n = uniforms.n;
    let row = uniforms.row * n;
    let end = min(n, (index + 1) * ${BLOCK});
    for (var i = index * ${BLOCK}; i < end; i++) {
      let d = (bitcast<u32>(state[row + i]) >> u32(uniforms.shift)) & ${BUCKETS - 1}u;
      let to = next[d];
      next[d] = to + 1;
      for (var r = 0; r < uniforms.rows; r++) { result[r * n + to] = state[r * n + i]; }
    }
  }
`;

/** (key row, bit shift) of every digit pass, least significant first, skipping digits that never vary. */
function digitPasses(keys: SortKeys): Array<[number, number]> {
  const passes: Array<[number, number]> = [];
  for (let r = 0; r < keys.rows; r++) {
    for (let shift = 0; shift < 32; shift += DIGIT_BITS) {
      if (((keys.varying[r] as number) >>> shift) & (BUCKETS - 1)) passes.push([r + 1, shift]);
    }
  }
  return passes;
}

/**
 * Stable ascending argsort of the keys on the GPU: an LSD radix sort, 4 bits a pass, each pass
 * a count per block, one exclusive scan of the bucket-major counts and an in-order scatter. Ties
 * keep input order. Returns the n sorted input indices as an int32 tensor (the caller disposes it).
 */
export function radixArgsort(keys: SortKeys, n: number): TfCore.Tensor {
  const tf = tfjs();
  const state0 = new Int32Array((keys.rows + 1) * n);
  for (let i = 0; i < n; i++) state0[i] = i;
  state0.set(keys.words, n);
  let state = uploadWords(state0);
  const blocks = Math.ceil(n / BLOCK);
  const rows = keys.rows + 1;
  for (const [row, shift] of digitPasses(keys)) {
    const uniforms = { n, blocks, row, shift, rows };
    const counts = runWgsl({ key: 'radix_count', code: COUNT, inputs: { state }, uniforms, threads: blocks, outputLength: BUCKETS * blocks });
    const starts = exclusiveScan(counts, BUCKETS * blocks);
    counts.dispose();
    const next = runWgsl({ key: 'radix_scatter', code: SCATTER, inputs: { state, starts }, uniforms, threads: blocks, outputLength: rows * n });
    starts.dispose();
    state.dispose();
    state = next;
  }
  const order = tf.slice(state, [0], [n]);
  state.dispose();
  return order;
}
