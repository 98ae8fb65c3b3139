import type * as TfCore from '@tensorflow/tfjs-core';
import { runWgsl } from './program';

const WORKGROUP = 256;

// One workgroup: each invocation sums a contiguous chunk, invocation 0 scans the 256 chunk sums in
// workgroup memory, then each chunk is written out. u32 arithmetic wraps, so a later difference of
// two prefixes is exact whenever the true difference fits in 32 bits.
const CODE = `
  var<workgroup> chunkSums: array<u32, ${WORKGROUP}>;
  fn main(index: i32) {
    let lid = i32(localIndex);
    let m = uniforms.m;
    let chunk = (m + ${WORKGROUP - 1}) / ${WORKGROUP};
    let lo = min(m, lid * chunk);
    let hi = min(m, lo + chunk);
    var s = 0u;
    for (var i = lo; i < hi; i++) { s += bitcast<u32>(x[i]); }
    chunkSums[lid] = s;
    workgroupBarrier();
    if (lid == 0) {
      var run = 0u;
      for (var k = 0; k < ${WORKGROUP}; k++) { let v = chunkSums[k]; chunkSums[k] = run; run += v; }
    }
    workgroupBarrier();
    var run = chunkSums[lid];
    for (var i = lo; i < hi; i++) { let v = bitcast<u32>(x[i]); result[i] = bitcast<i32>(run); run += v; }
  }
`;

/** Exclusive prefix sum (u32, wrapping) of an int32 tensor of `m` words, on the GPU. */
export function exclusiveScan(x: TfCore.Tensor, m: number): TfCore.Tensor {
  return runWgsl({ key: 'exclusive_scan', code: CODE, inputs: { x }, uniforms: { m }, threads: WORKGROUP, workgroupSize: WORKGROUP, outputLength: m });
}
