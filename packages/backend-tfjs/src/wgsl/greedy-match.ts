import type * as TfCore from '@tensorflow/tfjs-core';
import type { MatchLayout } from '../match-host';
import { runWgsl } from './program';

/**
 * GT per block the shader holds in its taken-bitmask (a private array of MAX_GT / 32 words); a
 * block with more GT is declined and matched on the host.
 */
export const MAX_GT = 1024;

/** How the shader reads IoU values and thresholds: float64 order keys, or float32 from the IoU pass. */
export type IouKeyMode = 'f64' | 'f32';

// Both modes compare (hi, lo) u32 pairs, so the greedy loop below is one text. f64: the words of
// descendingScoreKeys (rows lo then hi, a smaller value has a larger key); f32: the bits of a
// non-negative float32 (they ascend with the value) and, after the IoU words, the guard's row flags.
const KEYS: Record<IouKeyMode, string> = {
  f64: `
  fn iouKey(p: i32) -> vec2<u32> { return vec2<u32>(bitcast<u32>(iou[uniforms.pairs + p]), bitcast<u32>(iou[p])); }
  fn capKey(t: i32) -> vec2<u32> {
    return vec2<u32>(bitcast<u32>(problem[uniforms.caps + uniforms.T + t]), bitcast<u32>(problem[uniforms.caps + t]));
  }
  fn below(v: vec2<u32>, w: vec2<u32>) -> bool { return v.x > w.x || (v.x == w.x && v.y > w.y); }
  fn flaggedRow(d: i32) -> bool { return false; }
`,
  f32: `
  fn iouKey(p: i32) -> vec2<u32> { return vec2<u32>(bitcast<u32>(iou[p]), 0u); }
  fn capKey(t: i32) -> vec2<u32> { return vec2<u32>(bitcast<u32>(problem[uniforms.caps + t]), 0u); }
  fn below(v: vec2<u32>, w: vec2<u32>) -> bool { return v.x < w.x; }
  fn flaggedRow(d: i32) -> bool { return iou[uniforms.pairs + d] != 0; }
`,
};

// One invocation per (block, area range, threshold): pycocotools evaluateImg's greedy loop over the
// block's detections in row order (see core/kernels/MatchDetections.ts). GT are visited non-ignored
// first, then ignored, each in index order; the ignored ones are reached only while nothing is held
// (a held non-ignored GT stops the search at the first ignored one). `below(v, best)` is the only
// IoU comparison, so the outcome depends on the keys' order alone. `problem` (see layoutWords) holds
// the offsets, the per-GT bits (crowd, id 0, ignored per area) and per-detection out-of-range bits.
const MATCH = `
  fn pairOff(b: i32) -> i32 { return problem[b]; }
  fn dtOff(b: i32) -> i32 { return problem[uniforms.blocks + 1 + b]; }
  fn gtOff(b: i32) -> i32 { return problem[2 * (uniforms.blocks + 1) + b]; }
  fn gtBits(g: i32) -> u32 { return bitcast<u32>(problem[3 * (uniforms.blocks + 1) + g]); }
  fn dtBits(d: i32) -> u32 { return bitcast<u32>(problem[3 * (uniforms.blocks + 1) + uniforms.nGt + d]); }
  fn main(index: i32) {
    let lanes = uniforms.lanes;
    if (index >= uniforms.blocks * lanes) { return; }
    let b = index / lanes;
    let lane = index % lanes;
    let ignoredBit = 4u << u32(lane / uniforms.T);
    let t = lane % uniforms.T;
    let d0 = dtOff(b);
    let d1 = dtOff(b + 1);
    let g0 = gtOff(b);
    let G = gtOff(b + 1) - g0;
    let nDt = uniforms.nDt;
    let states = nDt * lanes;
    var declined = G > ${MAX_GT};
    for (var d = d0; d < d1; d++) { if (flaggedRow(d)) { declined = true; } }
    if (lane == 0) { result[states + 2 * nDt + b] = select(1, 2, declined); }
    if (declined) { return; }
    var taken: array<u32, ${MAX_GT / 32}>;
    let cap = capKey(t);
    let base = pairOff(b);
    for (var d = d0; d < d1; d++) {
      let row = base + (d - d0) * G;
      var best = cap;
      var m = -1;
      for (var round = 0; round < 2; round++) {
        if (round == 1 && m > -1) { break; }
        for (var g = 0; g < G; g++) {
          let bits = gtBits(g0 + g);
          if (((bits & ignoredBit) != 0u) != (round == 1)) { continue; }
          if ((taken[g >> 5u] & (1u << u32(g & 31))) != 0u && (bits & 1u) == 0u) { continue; }
          let v = iouKey(row + g);
          if (below(v, best)) { continue; }
          best = v;
          m = g;
        }
      }
      var state = select(0, 2, (dtBits(d) & (ignoredBit >> 2u)) != 0u);
      var tp = -1;
      if (m > -1) {
        taken[m >> 5u] = taken[m >> 5u] | (1u << u32(m & 31));
        let bits = gtBits(g0 + m);
        if ((bits & ignoredBit) != 0u) { state = 2; }
        else if ((bits & 2u) == 0u) { state = 1; tp = g0 + m; }
      }
      result[d * lanes + lane] = state;
      if (lane == uniforms.recIou) { result[states + d] = tp; }
      if (lane == uniforms.recMatch) { result[states + nDt + d] = tp; }
    }
  }
`;

/** Area ranges the per-GT and per-detection bit words hold (2 bits of a GT word carry crowd and id 0). */
export const MAX_AREAS = 30;

/**
 * The layout words of a problem set: pair, detection and GT offsets (B + 1 each), one word per GT
 * (bit 0 crowd, bit 1 id 0, bit 2 + a ignored in area range a), one per detection (bit a: out of
 * area range a), then the caps' words. One buffer: WebGPU's default allows 8 storage buffers a pass.
 */
export function layoutWords(p: MatchLayout, areas: number, caps: Int32Array): Int32Array {
  const B = p.dtOffsets.length - 1;
  const nDt = p.dtOffsets[B] as number, nGt = p.gtOffsets[B] as number;
  const out = new Int32Array(3 * (B + 1) + nGt + nDt + caps.length);
  for (let b = 0; b <= B; b++) {
    out[b] = p.pairOffsets[b] as number;
    out[B + 1 + b] = p.dtOffsets[b] as number;
    out[2 * (B + 1) + b] = p.gtOffsets[b] as number;
  }
  const gt0 = 3 * (B + 1), dt0 = gt0 + nGt;
  for (let g = 0; g < nGt; g++) {
    let bits = (p.gtCrowd[g] as number) !== 0 ? 1 : 0;
    if (p.gtIdZero && p.gtIdZero[g] !== 0) bits |= 2;
    for (let a = 0; a < areas; a++) if (p.gtIgnore[a * nGt + g] !== 0) bits |= 4 << a;
    out[gt0 + g] = bits;
  }
  for (let d = 0; d < nDt; d++) {
    let bits = 0;
    for (let a = 0; a < areas; a++) if (p.dtOutOfRange[a * nDt + d] !== 0) bits |= 1 << a;
    out[dt0 + d] = bits;
  }
  out.set(caps, dt0 + nDt);
  return out;
}

/** Sizes and recorded lanes (area × T + threshold, -1 for none) of one problem set. */
export interface GreedyMatchShape {
  blocks: number;
  nDt: number;
  nGt: number;
  pairs: number;
  areas: number;
  T: number;
  recIou: number;
  recMatch: number;
}

// One invocation per output word: four states as bytes (little-endian, so the host's Uint8Array view
// of the words is dtState itself), then the recorded GT rows and block words copied as they are.
const PACK = `
  fn main(index: i32) {
    let packed = (uniforms.states + 3) / 4;
    if (index >= packed + uniforms.tail) { return; }
    if (index >= packed) { result[index] = matched[uniforms.states + index - packed]; return; }
    var w = 0;
    for (var k = 0; k < 4; k++) {
      let i = 4 * index + k;
      if (i < uniforms.states) { w = w | ((matched[i] & 255) << u32(8 * k)); }
    }
    result[index] = w;
  }
`;

/** Word offsets in the output of {@link greedyMatch}. */
export function matchWordLayout(s: Pick<GreedyMatchShape, 'nDt' | 'areas' | 'T'>): { states: number; recIou: number; recMatch: number; blocks: number } {
  const packed = Math.ceil((s.nDt * s.areas * s.T) / 4);
  return { states: 0, recIou: packed, recMatch: packed + s.nDt, blocks: packed + 2 * s.nDt };
}

/**
 * Greedy matching on the GPU over `iou` (f64: 2 × pairs key words, rows lo then hi; f32: pairs
 * float32 bits, then nDt guard flags) and `problem` (layoutWords, with the caps min(t, 1 - 1e-10) as
 * f64 key words or float32 bits): one matching pass, one packing pass. The output holds, as int32
 * words (offsets: matchWordLayout): nDt × A × T states as bytes (detection-major, MATCH_STATE
 * values), the GT row of each detection's TP at the `recIou` lane (-1 otherwise), the same at the
 * `recMatch` lane, then one word per block: 1 matched here, 2 declined (more than MAX_GT GT, or a
 * row the guard flagged; its values above are left for the host to fill). A 0 there means the pass
 * never ran (a pipeline the device rejected).
 */
export function greedyMatch(mode: IouKeyMode, iou: TfCore.Tensor, problem: TfCore.Tensor, s: GreedyMatchShape): TfCore.Tensor {
  const lanes = s.areas * s.T;
  const caps = 3 * (s.blocks + 1) + s.nGt + s.nDt;
  const matched = runWgsl({
    key: `greedy_match_${mode}`,
    code: KEYS[mode] + MATCH,
    inputs: { iou, problem },
    uniforms: { blocks: s.blocks, lanes, T: s.T, nDt: s.nDt, nGt: s.nGt, pairs: s.pairs, caps, recIou: s.recIou, recMatch: s.recMatch },
    threads: s.blocks * lanes,
    outputLength: s.nDt * lanes + 2 * s.nDt + s.blocks,
  });
  const tail = 2 * s.nDt + s.blocks;
  const words = matchWordLayout(s).blocks + s.blocks;
  const packed = runWgsl({ key: 'pack_match_states', code: PACK, inputs: { matched }, uniforms: { states: s.nDt * lanes, tail }, threads: words, outputLength: words });
  matched.dispose();
  return packed;
}
