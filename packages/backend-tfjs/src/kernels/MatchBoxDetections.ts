import type * as TfCore from '@tensorflow/tfjs-core';
import { boxIouImpl, matchBoxDetectionsImpl, pairBlockOffsets } from '@tensoreval/backend-cpu';
import { validateBoxIouInputs, type FloatArray, type KernelConfig, type MatchBoxDetectionsAttrs, type MatchBoxDetectionsInputs, type MatchBoxDetectionsOutputs } from '@tensoreval/core';
import { finishGpuMatch, type ExactIou, type MatchLayout } from '../match-host';
import { boxIouGuard, boxWords } from '../wgsl/box-iou-guard';
import { greedyMatch, layoutWords, MAX_AREAS, type GreedyMatchShape } from '../wgsl/greedy-match';
import { downloadWords, uploadWords } from '../wgsl/program';
import { fitsDevice, matchOutputWords, matchShape, thresholdCaps } from './MatchDetections';

/**
 * The chained COCO bbox stage on tfjs-backend-webgpu: boxes and the problem words go up once (two
 * uploads), the IoU blocks and the guard are one WGSL pass, the greedy matching a second one that
 * reads the IoU where the first left it, a third packs the states as bytes, and one read brings them
 * back. No IoU leaves the device.
 *
 * Exactness: a float32 IoU decides only where the guard (core's iouErrorMargin, as metrics'
 * guarded-iou.ts) proves that no threshold comparison and no ranking between the candidates of a
 * detection can differ from float64; a block with any flagged row, or over MAX_GT GT, is declined by
 * the device and matched on the host from cpu's float64 BoxIou. `matchedIou` is the float64 IoU of
 * the matched pair, computed on the host. Negative thresholds, over MAX_AREAS area ranges or buffers
 * larger than the device binds go to the cpu reference whole. Registered only while tfjs runs on webgpu.
 */
export async function matchBoxDetectionsWebgpu(inputs: MatchBoxDetectionsInputs, attrs: MatchBoxDetectionsAttrs): Promise<MatchBoxDetectionsOutputs> {
  validateBoxIouInputs(inputs, 'MatchBoxDetections');
  const { dt, gt, ...rest } = inputs;
  const layout: MatchLayout = { ...rest, pairOffsets: pairBlockOffsets(inputs.dtOffsets, inputs.gtOffsets) };
  const s = matchShape(layout, attrs);
  // f32 caps are compared as bits, which order only non-negative values
  const capsOk = s.T > 0 && inputs.iouThresholds.every((t) => t >= 0);
  const fits = fitsDevice(6 * (s.nDt + s.nGt), s.pairs + s.nDt, matchOutputWords(s), 3 * (s.blocks + 1) + s.nGt + s.nDt + s.T);
  if (s.nDt === 0 || !capsOk || !fits || s.areas > MAX_AREAS) return matchBoxDetectionsImpl(inputs, attrs);
  const { iou, problem } = iouGuardPass(inputs, layout, s, attrs.format === 'xywh');
  const out = greedyMatch('f32', iou, problem, s);
  iou.dispose();
  problem.dispose();
  const words = await downloadWords(out);
  return finishGpuMatch(words, layout, attrs, exactBoxIou(inputs, attrs));
}

/**
 * The first pass of the stage: the boxes and the problem words go up, and the IoU blocks and the
 * guard run on the device. Returns that pass' output (`s.pairs` float32 IoU bits, then one flag per
 * detection row, 1 where the row must be matched in float64) and the problem words, both left on the
 * device for the matching pass; the caller disposes them. Exported so tests can read the flags.
 */
export function iouGuardPass(inputs: MatchBoxDetectionsInputs, layout: MatchLayout, s: GreedyMatchShape, xywh: boolean): { iou: TfCore.Tensor; problem: TfCore.Tensor } {
  const capValues = thresholdCaps(inputs.iouThresholds);
  const caps = new Int32Array(Float32Array.from(capValues).buffer);
  const problemWords = layoutWords(layout, s.areas, caps);
  const boxes = uploadWords(boxWords(inputs.dt, inputs.gt, xywh));
  const problem = uploadWords(problemWords);
  const lowest = capValues.reduce((m, c) => Math.min(m, c));
  const iou = boxIouGuard(boxes, problem, { ...s, caps: problemWords.length - caps.length, lowest, xywh });
  boxes.dispose();
  return { iou, problem };
}

/** Rows `rows` of an n × 4 box array. */
function gatherBoxes(boxes: FloatArray, rows: Int32Array): Float64Array {
  const out = new Float64Array(4 * rows.length);
  for (let k = 0; k < rows.length; k++) for (let c = 0; c < 4; c++) out[4 * k + c] = boxes[4 * (rows[k] as number) + c] as number;
  return out;
}

/** Row indices lo..hi-1 of each listed block, concatenated, with the offsets of the blocks in them. */
function blockRows(offsets: Int32Array, blocks: Int32Array): { rows: Int32Array; sub: Int32Array } {
  const sub = new Int32Array(blocks.length + 1);
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k] as number;
    sub[k + 1] = (sub[k] as number) + (offsets[b + 1] as number) - (offsets[b] as number);
  }
  const rows = new Int32Array(sub[blocks.length] as number);
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k] as number;
    for (let r = offsets[b] as number, o = sub[k] as number; r < (offsets[b + 1] as number); r++, o++) rows[o] = r;
  }
  return { rows, sub };
}

/** cpu's float64 BoxIou for the blocks the device declined and for the matched pairs. */
function exactBoxIou(inputs: MatchBoxDetectionsInputs, attrs: MatchBoxDetectionsAttrs): ExactIou {
  const format = { format: attrs.format };
  const crowdOf = (rows: Int32Array) => Uint8Array.from(rows, (g) => inputs.gtCrowd[g] as number);
  return {
    blocks(blocks) {
      const d = blockRows(inputs.dtOffsets, blocks), g = blockRows(inputs.gtOffsets, blocks);
      const pairs = { dt: gatherBoxes(inputs.dt, d.rows), gt: gatherBoxes(inputs.gt, g.rows), dtOffsets: d.sub, gtOffsets: g.sub, gtCrowd: crowdOf(g.rows) };
      return boxIouImpl(pairs, format).iou as Float64Array;
    },
    pairs(dtRows, gtRows) {
      // every pair its own 1 × 1 problem
      const offsets = Int32Array.from({ length: dtRows.length + 1 }, (_, k) => k);
      const pairs = { dt: gatherBoxes(inputs.dt, dtRows), gt: gatherBoxes(inputs.gt, gtRows), dtOffsets: offsets, gtOffsets: offsets, gtCrowd: crowdOf(gtRows) };
      return boxIouImpl(pairs, format).iou as Float64Array;
    },
  };
}

export const matchBoxDetectionsConfig: KernelConfig<'MatchBoxDetections'> = {
  kernelName: 'MatchBoxDetections',
  backendName: 'tfjs',
  kernelFunc: ({ inputs, attrs }) => matchBoxDetectionsWebgpu(inputs, attrs),
};
