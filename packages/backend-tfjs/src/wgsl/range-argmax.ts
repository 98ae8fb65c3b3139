import type * as TfCore from '@tensorflow/tfjs-core';
import { runWgsl } from './program';

/** What a range's argmax compares: pycocotools' precision, valor-lite's precision, or the score. */
export const RangeValue = { cocoPrecision: 0, valorPrecision: 1, score: 2 } as const;
export type RangeValueKind = (typeof RangeValue)[keyof typeof RangeValue];

// Exact comparisons in integers. A precision is the fraction t / (t + f) of u32 counts below
// 2^31, compared by cross products in 64 bits (two u32 words). pycocotools' t / ((f + t) + eps)
// equals fl(t / d) for d = t + f >= 2 (d + eps rounds back to d) and is 0 for d = 0; for d = 1,
// t = 1 it is 1 - 2^-52, above every t / d < 1 with d < 2^31 and below 1: the fraction
// (2^31 - 1) / 2^31 orders the same way. fl() never reverses an order, so the index of the largest
// fraction holds the largest float64 value, which the host then computes. A score is its
// order-preserving key (two words, smaller = larger score).
const CODE = `
  fn mul64(a: u32, b: u32) -> vec2<u32> {
    let a0 = a & 0xffffu; let a1 = a >> 16u; let b0 = b & 0xffffu; let b1 = b >> 16u;
    let p00 = a0 * b0; let p01 = a0 * b1; let p10 = a1 * b0;
    let mid = (p00 >> 16u) + (p01 & 0xffffu) + (p10 & 0xffffu);
    return vec2<u32>(a1 * b1 + (p01 >> 16u) + (p10 >> 16u) + (mid >> 16u), (p00 & 0xffffu) | (mid << 16u));
  }
  fn above(x: vec2<u32>, y: vec2<u32>) -> bool { return x.x > y.x || (x.x == y.x && x.y > y.y); }
  fn fraction(k: i32) -> vec2<u32> {
    let t = bitcast<u32>(tc[k]);
    let d = t + bitcast<u32>(fc[k]);
    if (d == 0u) { return vec2<u32>(0u, 1u); }
    if (uniforms.mode == 0 && d == 1u && t == 1u) { return vec2<u32>(0x7fffffffu, 0x80000000u); }
    return vec2<u32>(t, d);
  }
  // Whether position a holds a strictly larger value than position b.
  fn larger(a: i32, b: i32) -> bool {
    if (uniforms.mode == 2) {
      return above(vec2<u32>(bitcast<u32>(keys[uniforms.n + b]), bitcast<u32>(keys[b])),
                   vec2<u32>(bitcast<u32>(keys[uniforms.n + a]), bitcast<u32>(keys[a])));
    }
    let fa = fraction(a);
    let fb = fraction(b);
    return above(mul64(fa.x, fb.y), mul64(fb.x, fa.y));
  }
  fn main(index: i32) {
    if (index >= uniforms.count) { return; }
    let lo = ranges[2 * index];
    let hi = ranges[2 * index + 1];
    var best = -1;
    if (lo < hi) { best = lo; }
    for (var k = lo + 1; k < hi; k++) { if (larger(k, best)) { best = k; } }
    result[index] = best;
  }
`;

/**
 * For each range [ranges[2i], ranges[2i+1]) of positions, the first position holding the largest
 * value of the given kind, or -1 for an empty range, on the GPU. `tc`/`fc` are the int32 counts,
 * `keys` two rows of n score keys (low words, then high) for kind `score`, else any tensor.
 */
export function rangeArgmax(tc: TfCore.Tensor, fc: TfCore.Tensor, keys: TfCore.Tensor, ranges: TfCore.Tensor, count: number, n: number, mode: RangeValueKind): TfCore.Tensor {
  return runWgsl({ key: 'range_argmax', code: CODE, inputs: { tc, fc, keys, ranges }, uniforms: { n, count, mode }, threads: count, outputLength: count });
}
