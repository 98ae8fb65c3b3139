import { matchDetectionsImpl } from '@tensoreval/backend-cpu';
import { matchThresholdCap, type KernelConfig, type MatchDetectionsAttrs, type MatchDetectionsInputs, type MatchDetectionsOutputs } from '@tensoreval/core';
import { finishGpuMatch, type MatchLayout } from '../match-host';
import { greedyMatch, layoutWords, MAX_AREAS, type GreedyMatchShape } from '../wgsl/greedy-match';
import { downloadWords, uploadWords } from '../wgsl/program';
import { descendingScoreKeys } from '../wgsl/sort-keys';
import { maxBindingBytes } from '../wgsl/sorted-sweep';

/**
 * Whether every buffer of a problem set (sizes in int32 words) fits one storage binding of the
 * device; a problem set that does not goes to the cpu reference whole (the same numbers).
 */
export function fitsDevice(...words: number[]): boolean {
  const limit = maxBindingBytes() / 4;
  return words.every((w) => w <= limit);
}

/** int32 words of the matching pass' output (states, two recorded lanes, block words). */
export function matchOutputWords(s: GreedyMatchShape): number {
  return s.nDt * s.areas * s.T + 2 * s.nDt + s.blocks;
}

/** The caps pycocotools starts each search at (core's matchThresholdCap). */
export function thresholdCaps(thresholds: Float64Array): Float64Array {
  return Float64Array.from(thresholds, matchThresholdCap);
}

/** The device shape of a problem set. */
export function matchShape(p: MatchLayout, attrs: MatchDetectionsAttrs): GreedyMatchShape {
  const T = p.iouThresholds.length;
  const B = p.dtOffsets.length - 1;
  const lane = (r: { area: number; threshold: number } | undefined) => (r ? r.area * T + r.threshold : -1);
  return {
    blocks: B, nDt: p.dtOffsets[B] as number, nGt: p.gtOffsets[B] as number, pairs: p.pairOffsets[B] as number,
    areas: attrs.areas, T, recIou: lane(attrs.recordIou), recMatch: lane(attrs.recordMatch),
  };
}

/**
 * MatchDetections on tfjs-backend-webgpu, exact: every IoU comparison of the greedy loop is made on
 * order-preserving integer keys of the float64 values (the words of `descendingScoreKeys`), so each
 * decision is the cpu backend's. One invocation per (block, area range, threshold); `matchedIou`
 * is read on the host from the float64 input at the matched pair the GPU reports. Blocks with more
 * than MAX_GT GT are matched on the host; an input with NaN IoUs, over MAX_AREAS area ranges or
 * buffers larger than the device binds goes to the cpu reference whole. Registered only while tfjs runs on webgpu.
 */
export async function matchDetectionsWebgpu(inputs: MatchDetectionsInputs, attrs: MatchDetectionsAttrs): Promise<MatchDetectionsOutputs> {
  const s = matchShape(inputs, attrs);
  const layoutLength = 3 * (s.blocks + 1) + s.nGt + s.nDt + 2 * s.T;
  if (s.nDt === 0 || s.areas > MAX_AREAS || !fitsDevice(2 * s.pairs, matchOutputWords(s), layoutLength) || inputs.iou.some(Number.isNaN)) return matchDetectionsImpl(inputs, attrs);
  const iou = uploadWords(descendingScoreKeys(inputs.iou, Int32Array.of(0, s.pairs)).words);
  const caps = descendingScoreKeys(thresholdCaps(inputs.iouThresholds), Int32Array.of(0, s.T)).words;
  const layout = uploadWords(layoutWords(inputs, s.areas, caps));
  const out = greedyMatch('f64', iou, layout, s);
  iou.dispose();
  layout.dispose();
  const words = await downloadWords(out);
  return finishGpuMatch(words, inputs, attrs, {
    blocks: (blocks) => concatBlocks(inputs.iou, inputs.pairOffsets, blocks),
    pairs: (_dtRows, _gtRows, pairIndex) => Float64Array.from(pairIndex, (q) => inputs.iou[q] as number),
  });
}

/** The IoU blocks `blocks` of `iou`, concatenated. */
function concatBlocks(iou: Float64Array, pairOffsets: Float64Array, blocks: Int32Array): Float64Array {
  let total = 0;
  for (const b of blocks) total += (pairOffsets[b + 1] as number) - (pairOffsets[b] as number);
  const out = new Float64Array(total);
  let o = 0;
  for (const b of blocks) {
    out.set(iou.subarray(pairOffsets[b] as number, pairOffsets[b + 1] as number), o);
    o += (pairOffsets[b + 1] as number) - (pairOffsets[b] as number);
  }
  return out;
}

export const matchDetectionsConfig: KernelConfig<'MatchDetections'> = {
  kernelName: 'MatchDetections',
  backendName: 'tfjs',
  kernelFunc: ({ inputs, attrs }) => matchDetectionsWebgpu(inputs, attrs),
};
