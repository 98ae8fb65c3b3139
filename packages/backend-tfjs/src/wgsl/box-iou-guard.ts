import { ARITHMETIC_MARGIN, boxErrorScales, COORDINATE_ERROR, type FloatArray } from '@tensoreval/core';
import type * as TfCore from '@tensorflow/tfjs-core';
import { runWgsl } from './program';

/**
 * Boxes whose error scales would leave float32's comfortable range on the device: |c| above this, or a
 * (w + h) / area above MAX_SHAPE. Every pair with such a box is flagged (its block goes to float64 on
 * the host), so the margins the shader forms stay finite: (2e18) × (2e12) < 3.4e38.
 */
const MAX_MAGNITUDE = 1e18;
const MAX_SHAPE = 1e12;

const F32 = new Float32Array(1);
const F32_BITS = new Int32Array(F32.buffer);

/** The float32 bits of `v` (rounded to nearest), as an int32 word. */
function f32Bits(v: number): number {
  F32[0] = v;
  return F32_BITS[0] as number;
}

/** The float32 `ulps` steps from the float32 nearest to a non-negative `f` (their bits order as integers). */
export function stepF32(f: number, ulps: number): number {
  F32[0] = f;
  F32_BITS[0] = (F32_BITS[0] as number) + ulps;
  return F32[0] as number;
}

/** A float32 at or above a non-negative float64 (the rounding of a scale must not shrink a margin). */
function roundUp(v: number): number {
  const f = Math.fround(v);
  return f >= v ? f : stepF32(f, 1);
}

/** A float32 at or below a non-negative float64. */
function roundDown(v: number): number {
  const f = Math.fround(v);
  return f <= v ? f : stepF32(f, -1);
}

/**
 * The device words of a problem set's boxes, as float32 bits: dt boxes (4 per row), GT boxes, then
 * per dt row and per GT row its error magnitude and shape (core's boxErrorScales, rounded up to
 * float32; -1 as the shape of a degenerate box, whose IoU is 0 in both precisions, and -1 as the
 * magnitude of a box outside MAX_MAGNITUDE / MAX_SHAPE).
 */
export function boxWords(dt: FloatArray, gt: FloatArray, xywh: boolean): Int32Array {
  const nDt = dt.length >> 2, nGt = gt.length >> 2;
  const f = new Float32Array(4 * nDt + 4 * nGt + 2 * nDt + 2 * nGt);
  f.set(dt, 0);
  f.set(gt, 4 * nDt);
  let o = 4 * (nDt + nGt);
  for (const boxes of [dt, gt]) {
    const { magnitude, shape } = boxErrorScales(boxes, xywh);
    const n = magnitude.length;
    for (let i = 0; i < n; i++) {
      const m = magnitude[i] as number, s = shape[i] as number;
      const wild = !(m <= MAX_MAGNITUDE) || (Number.isFinite(s) && s > MAX_SHAPE);
      f[o + i] = wild ? -1 : roundUp(m);
      f[o + n + i] = Number.isFinite(s) ? roundUp(s) : -1;
    }
    o += 2 * n;
  }
  return new Int32Array(f.buffer);
}

/**
 * Candidates (pairs with IoU at or above the lowest cap less their margin) one detection row keeps for
 * its near-tie check: a row with more is flagged (safe: a flagged row's block is matched in float64 on
 * the host). Few GT reach the lowest cap's IoU (COCO: 0.5) with one detection, so real rows stay far below this.
 */
export const MAX_CANDIDATES = 16;

// One invocation per detection row: its IoU with every GT of its block (float32, bbIou's formula),
// written as float32 bits, then the guard of metrics' guarded-iou.ts on the row: a pair within the
// error margin of a threshold cap, or two candidates (IoU above the lowest cap less the margin)
// within the sum of their margins of each other, flag the row. The margin is core's iouErrorMargin,
// widened by 2^-16 of itself and 2^-21 for the float32 evaluation of the margin and of |v - t| (a cap
// rounded to float32 moves by 3e-8 at most), so the device flags every pair the float64 guard would.
// Each pair's margin is formed once: the first loop keeps the row's candidates (IoU, margin) in a
// private array, and only those are compared pairwise (a superset of the host guard's candidates:
// wider margins, a lower bound).
const IOU_GUARD = `
  fn pairOff(b: i32) -> i32 { return problem[b]; }
  fn dtOff(b: i32) -> i32 { return problem[uniforms.blocks + 1 + b]; }
  fn gtOff(b: i32) -> i32 { return problem[2 * (uniforms.blocks + 1) + b]; }
  fn crowd(g: i32) -> bool { return (problem[3 * (uniforms.blocks + 1) + g] & 1) != 0; }
  fn cap(t: i32) -> f32 { return bitcast<f32>(problem[uniforms.caps + t]); }
  fn word(i: i32) -> f32 { return bitcast<f32>(boxes[i]); }
  // corners and area of box i (dt rows first, then GT rows)
  fn box(i: i32) -> vec4<f32> {
    let x = word(4 * i);
    let y = word(4 * i + 1);
    let p = word(4 * i + 2);
    let q = word(4 * i + 3);
    if (uniforms.xywh == 1) { return vec4<f32>(x, y, x + p, y + q); }
    return vec4<f32>(x, y, p, q);
  }
  fn area(i: i32) -> f32 {
    if (uniforms.xywh == 1) { return word(4 * i + 2) * word(4 * i + 3); }
    let c = box(i);
    return (c.z - c.x) * (c.w - c.y);
  }
  // (magnitude, shape) of box i
  fn scales(i: i32) -> vec2<f32> {
    let n = uniforms.nDt + uniforms.nGt;
    let first = 4 * n;
    if (i < uniforms.nDt) { return vec2<f32>(word(first + i), word(first + uniforms.nDt + i)); }
    let g = i - uniforms.nDt;
    return vec2<f32>(word(first + 2 * uniforms.nDt + g), word(first + 2 * uniforms.nDt + uniforms.nGt + g));
  }
  fn margin(d: vec2<f32>, g: vec2<f32>) -> f32 {
    var e = ${ARITHMETIC_MARGIN};
    if (d.y >= 0.0 && g.y >= 0.0) { e = e + ${COORDINATE_ERROR} * ((d.x + g.x) * (d.y + g.y)); }
    return e * (1.0 + ${2 ** -16}) + ${2 ** -21};
  }
  fn main(index: i32) {
    if (index >= uniforms.nDt) { return; }
    let d = index;
    var lo = 0;
    var hi = uniforms.blocks - 1;
    while (lo < hi) {
      let mid = (lo + hi + 1) / 2;
      if (dtOff(mid) <= d) { lo = mid; } else { hi = mid - 1; }
    }
    let g0 = gtOff(lo);
    let G = gtOff(lo + 1) - g0;
    let row = pairOff(lo) + (d - dtOff(lo)) * G;
    let a = box(d);
    let aArea = area(d);
    let ds = scales(d);
    let lowest = bitcast<f32>(uniforms.lowest);
    var flagged = ds.x < 0.0;
    var cand: array<vec2<f32>, ${MAX_CANDIDATES}>;
    var n = 0;
    for (var j = 0; j < G; j++) {
      let g = uniforms.nDt + g0 + j;
      let c = box(g);
      let w = min(a.z, c.z) - max(a.x, c.x);
      let h = min(a.w, c.w) - max(a.y, c.y);
      var v = 0.0;
      if (w > 0.0 && h > 0.0) {
        let inter = w * h;
        var u = (aArea + area(g)) - inter;
        if (crowd(g0 + j)) { u = aArea; }
        if (u > 0.0) { v = inter / u; }
      }
      result[row + j] = bitcast<i32>(v);
      if (flagged) { continue; }
      let gs = scales(g);
      let e = margin(ds, gs);
      if (gs.x < 0.0) { flagged = true; }
      for (var t = 0; t < uniforms.T; t++) { if (abs(v - cap(t)) <= e) { flagged = true; } }
      if (v >= lowest - e) {
        if (n == ${MAX_CANDIDATES}) { flagged = true; } else { cand[n] = vec2<f32>(v, e); n++; }
      }
    }
    // near-ties between candidates of this detection decide which GT it matches
    for (var p = 0; p < n && !flagged; p++) {
      for (var q = p + 1; q < n; q++) {
        if (abs(cand[p].x - cand[q].x) <= cand[p].y + cand[q].y) { flagged = true; }
      }
    }
    result[uniforms.pairs + d] = select(0, 1, flagged);
  }
`;

/** Sizes of {@link boxIouGuard}. */
export interface BoxIouGuardShape {
  blocks: number;
  nDt: number;
  nGt: number;
  pairs: number;
  T: number;
  /** word offset of the caps (float32 bits) in `problem` */
  caps: number;
  /** the smallest cap, float64 (the candidates' bound of the near-tie check) */
  lowest: number;
  xywh: boolean;
}

/**
 * IoU blocks and the exactness guard in one pass over `boxes` (boxWords) and `problem` (the
 * matching pass' layoutWords, with the caps as float32 bits). The output, left on the device for
 * `greedyMatch('f32', ...)`: `pairs` float32 IoU bits, then one flag per detection row (1 where a
 * decision of its row could differ from float64). On the same IoUs the flags cover every row holding a
 * pair metrics' float64 host guard recomputes (guardedPairs in guarded-iou.ts); a few more come from
 * the widened margins, zero IoUs it cannot prove apart, candidate overflow and out-of-range boxes
 * (test/box-iou-guard.webgpu.test.ts checks both directly).
 */
export function boxIouGuard(boxes: TfCore.Tensor, problem: TfCore.Tensor, s: BoxIouGuardShape): TfCore.Tensor {
  return runWgsl({
    key: 'box_iou_guard',
    code: IOU_GUARD,
    inputs: { boxes, problem },
    uniforms: {
      blocks: s.blocks, nDt: s.nDt, nGt: s.nGt, pairs: s.pairs, T: s.T, caps: s.caps, xywh: s.xywh ? 1 : 0,
      // Rounded down, not to nearest: a lower bound only admits more candidates (more flags), while
      // one above the float64 value could drop a candidate the host guard compares.
      lowest: f32Bits(roundDown(s.lowest)),
    },
    threads: s.nDt,
    outputLength: s.pairs + s.nDt,
  });
}
