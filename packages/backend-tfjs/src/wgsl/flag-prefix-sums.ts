import type * as TfCore from '@tensorflow/tfjs-core';
import { exclusiveScan } from './scan';
import { runWgsl } from './program';

const BLOCK = 128;

// Invocation (q, block), q = bit * rows + r: flag bit `bit` of row r at sorted positions of the block.
const FLAG = `
  fn flagAt(q: i32, p: i32) -> u32 {
    let n = uniforms.n;
    let bit = u32(q / uniforms.rows);
    let r = q % uniforms.rows;
    return (bitcast<u32>(flags[r * n + order[p]]) >> bit) & 1u;
  }
  // (q, first position, end position) of invocation index's block.
  fn blockOf(index: i32) -> vec3<i32> {
    let b = index % uniforms.blocks;
    return vec3<i32>(index / uniforms.blocks, b * ${BLOCK}, min(uniforms.n, (b + 1) * ${BLOCK}));
  }
`;

const BLOCK_SUMS = `${FLAG}
  fn main(index: i32) {
    if (index >= uniforms.lanes * uniforms.blocks) { return; }
    let k = blockOf(index);
    var s = 0u;
    for (var p = k.y; p < k.z; p++) { s += flagAt(k.x, p); }
    result[index] = bitcast<i32>(s);
  }
`;

const BLOCK_SCAN = `${FLAG}
  fn main(index: i32) {
    if (index >= uniforms.lanes * uniforms.blocks) { return; }
    let k = blockOf(index);
    var s = bitcast<u32>(carry[index]);
    for (var p = k.y; p < k.z; p++) {
      s += flagAt(k.x, p);
      result[k.x * uniforms.n + p] = bitcast<i32>(s);
    }
  }
`;

/**
 * Inclusive prefix sums of packed 0/1 flags gathered along a permutation, on the GPU, in u32.
 * `flags[r * n + i]` holds `bits` flags of row r for input i (bit k = flag k); the output word
 * `(k * rows + r) * n + p` is the sum of flag k of row r over `order[0..p]` taken across all
 * earlier (k, r) lanes too: one flat prefix, so the sum over any run of positions of one lane is
 * the difference of two words (mod 2^32, exact for runs shorter than 2^32).
 */
export function flagPrefixSums(order: TfCore.Tensor, flags: TfCore.Tensor, n: number, rows: number, bits: number): TfCore.Tensor {
  const blocks = Math.ceil(n / BLOCK);
  const lanes = bits * rows;
  const uniforms = { n, rows, blocks, lanes };
  const sums = runWgsl({ key: 'flag_block_sums', code: BLOCK_SUMS, inputs: { order, flags }, uniforms, threads: lanes * blocks, outputLength: lanes * blocks });
  const carry = exclusiveScan(sums, lanes * blocks);
  sums.dispose();
  const out = runWgsl({ key: 'flag_block_scan', code: BLOCK_SCAN, inputs: { order, flags, carry }, uniforms, threads: lanes * blocks, outputLength: lanes * n });
  carry.dispose();
  return out;
}
