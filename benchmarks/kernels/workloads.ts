import type { KernelAttrs, KernelInputs, KernelName } from '@tensoreval/core';
import {
  binaryLabels, boxesXywh, embeddings, evenOffsets, flagRows, labels, lcg, polygons, rectangleMasks, rectangleRles, scores,
} from '../data';

/** One benchmark input: what the kernel gets, and how much work it is in the workload's unit. */
export interface Workload<K extends KernelName = KernelName> {
  inputs: KernelInputs<K>;
  attrs: KernelAttrs<K>;
  /** work items, in `unit`, for throughput */
  elements: number;
  /** human-readable shape, e.g. "316×316, dim 128" */
  shape: string;
}

export interface WorkloadSpec<K extends KernelName = KernelName> {
  kernel: K;
  /** variant label when a kernel has several workloads (e.g. 'coco' / 'valor') */
  variant?: string;
  unit: string;
  /** nominal sizes in `unit`; the full run uses all, --quick only the first */
  sizes: number[];
  make: (size: number) => Workload<K>;
}

/** Sweeps: tie density 0.999 ≈ 1000 distinct scores per 1e6, the regime where ties matter. */
const TIE_DENSITY = 0.999;
const COCO_IOU_THRESHOLDS = 10;
const MASK_SIDE = 100;

function spec<K extends KernelName>(s: WorkloadSpec<K>): WorkloadSpec {
  return s as unknown as WorkloadSpec;
}

/** Cumulative tp/fp curves of about 1000 positions each, as PrecisionRecallSweep produces them. */
function curves(size: number, seed: number): KernelInputs<'InterpolatedAp'> {
  const s = Math.max(1, Math.round(size / 1000));
  const segmentOffsets = evenOffsets(size, s);
  const { tp, fp } = flagRows(1, size, seed);
  const tpCum = new Float64Array(size);
  const fpCum = new Float64Array(size);
  const positives = new Float64Array(s);
  const sortedScores = new Float64Array(size);
  for (let c = 0; c < s; c++) {
    let t = 0;
    let f = 0;
    for (let k = segmentOffsets[c] as number; k < (segmentOffsets[c + 1] as number); k++) {
      t += tp[k] as number;
      f += fp[k] as number;
      tpCum[k] = t;
      fpCum[k] = f;
      sortedScores[k] = 1 - (k - (segmentOffsets[c] as number)) / size;
    }
    positives[c] = t + 10;
  }
  return { tpCum, fpCum, segmentOffsets, positives, scores: sortedScores };
}

/** Ragged (image) problems of `dtPer` detections × `gtPer` GT boxes, about `size` pairs in all. */
function boxProblems(size: number, dtPer: number, gtPer: number, seed: number): KernelInputs<'BoxIou'> {
  const problems = Math.max(1, Math.round(size / (dtPer * gtPer)));
  return {
    dt: boxesXywh(problems * dtPer, 640, 480, seed),
    gt: boxesXywh(problems * gtPer, 640, 480, seed + 1),
    dtOffsets: evenOffsets(problems * dtPer, problems),
    gtOffsets: evenOffsets(problems * gtPer, problems),
  };
}

/**
 * COCO-shaped matching: images of 20 detections × 10 GT, IoU blocks where about 70% of pairs do not
 * overlap, 10 IoU thresholds and 4 area ranges, a few crowd / ignored GT and out-of-range detections.
 */
function matchingProblems(size: number, seed: number): KernelInputs<'MatchDetections'> {
  const dtPer = 20;
  const gtPer = 10;
  const problems = Math.max(1, Math.round(size / (dtPer * gtPer)));
  const nDt = problems * dtPer;
  const nGt = problems * gtPer;
  const r = lcg(seed);
  const iou = new Float64Array(problems * dtPer * gtPer);
  for (let i = 0; i < iou.length; i++) iou[i] = r() < 0.7 ? 0 : r();
  const areas = 4;
  const gtIgnore = new Uint8Array(areas * nGt);
  const dtOutOfRange = new Uint8Array(areas * nDt);
  const gtCrowd = new Uint8Array(nGt);
  for (let g = 0; g < nGt; g++) gtCrowd[g] = r() < 0.02 ? 1 : 0;
  for (let a = 1; a < areas; a++) {
    for (let g = 0; g < nGt; g++) gtIgnore[a * nGt + g] = gtCrowd[g] || r() < 0.6 ? 1 : 0;
    for (let d = 0; d < nDt; d++) dtOutOfRange[a * nDt + d] = r() < 0.6 ? 1 : 0;
  }
  for (let g = 0; g < nGt; g++) gtIgnore[g] = gtCrowd[g] as number;
  return {
    iou,
    pairOffsets: Float64Array.from({ length: problems + 1 }, (_, b) => b * dtPer * gtPer),
    dtOffsets: evenOffsets(nDt, problems),
    gtOffsets: evenOffsets(nGt, problems),
    iouThresholds: Float64Array.from({ length: 10 }, (_, t) => 0.5 + t * 0.05),
    gtIgnore,
    gtCrowd,
    dtOutOfRange,
  };
}

export const workloads: WorkloadSpec[] = [
  spec({
    kernel: 'PrecisionRecallSweep', unit: 'scores', sizes: [1e3, 1e5, 1e6],
    make: (n) => {
      const segments = Math.max(1, Math.round(n / 5000));
      return {
        inputs: { scores: scores(n, { seed: 1, tieDensity: TIE_DENSITY }), ...flagRows(COCO_IOU_THRESHOLDS, n, 2), segmentOffsets: evenOffsets(n, segments) },
        attrs: { rows: COCO_IOU_THRESHOLDS, stable: true },
        elements: n,
        shape: `${COCO_IOU_THRESHOLDS} rows, ${segments} segments`,
      };
    },
  }),
  spec({
    kernel: 'InterpolatedAp', variant: 'coco', unit: 'positions', sizes: [1e3, 1e5, 1e6],
    make: (n) => ({ inputs: curves(n, 3), attrs: { method: 'coco' }, elements: n, shape: `${Math.max(1, Math.round(n / 1000))} curves, R=101` }),
  }),
  spec({
    kernel: 'InterpolatedAp', variant: 'valor', unit: 'positions', sizes: [1e3, 1e5, 1e6],
    make: (n) => ({ inputs: curves(n, 4), attrs: { method: 'valor' }, elements: n, shape: `${Math.max(1, Math.round(n / 1000))} curves, 101 bins` }),
  }),
  spec({
    kernel: 'RocAuc', unit: 'scores', sizes: [1e3, 1e5, 1e6],
    make: (n) => ({
      inputs: { scores: scores(n, { seed: 5, tieDensity: TIE_DENSITY }), labels: binaryLabels(n, 6) },
      attrs: {},
      elements: n,
      shape: 'one segment',
    }),
  }),
  spec({
    kernel: 'ConfusionCounts', unit: 'pairs', sizes: [1e3, 1e5, 1e6],
    make: (n) => ({ inputs: { actual: labels(n, 10, 7), predicted: labels(n, 10, 8) }, attrs: { numClasses: 10 }, elements: n, shape: '10 classes' }),
  }),
  spec({
    kernel: 'PairwiseCosine', unit: 'pairs', sizes: [1e3, 1e5, 1e6],
    make: (n) => {
      const side = Math.round(Math.sqrt(n));
      return {
        inputs: { a: embeddings(side, 128, 9), b: embeddings(side, 128, 10) },
        attrs: { dim: 128 },
        elements: side * side,
        shape: `${side}×${side}, dim 128, float32`,
      };
    },
  }),
  spec({
    // BERTScore's matching: pairs of 30-token sentences (the encoder's token vectors, dim 64 like the tiny test model).
    kernel: 'GreedyCosineMatch', unit: 'similarities', sizes: [1e3, 1e5, 1e6],
    make: (n) => {
      const pairs = Math.max(1, Math.round(n / 900));
      return {
        inputs: { cand: embeddings(pairs * 30, 64, 13), ref: embeddings(pairs * 30, 64, 14), candOffsets: evenOffsets(pairs * 30, pairs), refOffsets: evenOffsets(pairs * 30, pairs) },
        attrs: { dim: 64 },
        elements: pairs * 900,
        shape: `${pairs} pairs of 30 × 30 tokens, dim 64, float32`,
      };
    },
  }),
  spec({
    kernel: 'TopK', unit: 'scores', sizes: [1e3, 1e5, 1e6],
    make: (n) => {
      const cols = Math.min(n, 1000);
      return {
        inputs: { scores: scores(n, { seed: 11, tieDensity: 0, float32: true }) },
        attrs: { cols, k: 10 },
        elements: n,
        shape: `${n / cols} rows × ${cols}, k=10`,
      };
    },
  }),
  spec({
    kernel: 'CosineTopK', unit: 'pairs', sizes: [1e3, 1e5, 1e6],
    make: (n) => {
      const side = Math.round(Math.sqrt(n));
      return {
        inputs: { queries: embeddings(side, 128, 13), corpus: embeddings(side, 128, 14) },
        attrs: { dim: 128, k: 10 },
        elements: side * side,
        shape: `${side}×${side}, dim 128, k=10, float32`,
      };
    },
  }),
  spec({
    kernel: 'BoxIou', unit: 'pairs', sizes: [1e3, 1e5, 1e6],
    make: (n) => {
      const inputs = boxProblems(n, 50, 20, 12);
      return { inputs, attrs: { format: 'xywh' }, elements: (inputs.dt.length / 4) * 20, shape: `${inputs.dtOffsets!.length - 1} images of 50 dt × 20 gt` };
    },
  }),
  spec({
    kernel: 'BitmaskIntersections', unit: 'pixel pairs', sizes: [1e5, 1e7, 1e8],
    make: (n) => {
      const pixels = MASK_SIDE * MASK_SIDE;
      const pairs = Math.max(1, Math.round(n / pixels));
      const rows = Math.max(1, Math.round(Math.sqrt(pairs)));
      const cols = Math.max(1, Math.round(pairs / rows));
      return {
        inputs: { a: rectangleMasks(rows, MASK_SIDE, MASK_SIDE, 13), b: rectangleMasks(cols, MASK_SIDE, MASK_SIDE, 14) },
        attrs: { pixels },
        elements: rows * cols * pixels,
        shape: `${rows}×${cols} masks of ${MASK_SIDE}×${MASK_SIDE}`,
      };
    },
  }),
  spec({
    kernel: 'RleEncode', unit: 'pixels', sizes: [1e4, 1e6, 1e7],
    make: (n) => {
      const masks = Math.max(1, Math.round(n / (MASK_SIDE * MASK_SIDE)));
      return {
        inputs: { masks: rectangleMasks(masks, MASK_SIDE, MASK_SIDE, 15), heights: new Int32Array(masks).fill(MASK_SIDE), widths: new Int32Array(masks).fill(MASK_SIDE) },
        attrs: {},
        elements: masks * MASK_SIDE * MASK_SIDE,
        shape: `${masks} masks of ${MASK_SIDE}×${MASK_SIDE}`,
      };
    },
  }),
  spec({
    kernel: 'RleDecode', unit: 'pixels', sizes: [1e4, 1e6, 1e7],
    make: (n) => {
      const masks = Math.max(1, Math.round(n / (MASK_SIDE * MASK_SIDE)));
      return { inputs: { rles: rectangleRles(masks, MASK_SIDE, MASK_SIDE, 16) }, attrs: {}, elements: masks * MASK_SIDE * MASK_SIDE, shape: `${masks} rectangles` };
    },
  }),
  spec({
    kernel: 'RleArea', unit: 'masks', sizes: [1e2, 1e3, 1e4],
    make: (n) => ({ inputs: { rles: rectangleRles(n, MASK_SIDE, MASK_SIDE, 17) }, attrs: {}, elements: n, shape: `${MASK_SIDE}×${MASK_SIDE} rectangles` }),
  }),
  spec({
    kernel: 'RleToBbox', unit: 'masks', sizes: [1e2, 1e3, 1e4],
    make: (n) => ({ inputs: { rles: rectangleRles(n, MASK_SIDE, MASK_SIDE, 18) }, attrs: {}, elements: n, shape: `${MASK_SIDE}×${MASK_SIDE} rectangles` }),
  }),
  spec({
    kernel: 'RleMerge', unit: 'masks', sizes: [1e2, 1e3, 1e4],
    make: (n) => {
      const groups = Math.max(1, Math.round(n / 3));
      return {
        inputs: { rles: rectangleRles(groups * 3, MASK_SIDE, MASK_SIDE, 19), groupOffsets: evenOffsets(groups * 3, groups) },
        attrs: { intersect: false },
        elements: groups * 3,
        shape: `${groups} unions of 3`,
      };
    },
  }),
  spec({
    kernel: 'RleIou', unit: 'pairs', sizes: [1e3, 1e4, 1e5],
    make: (n) => {
      const problems = Math.max(1, Math.round(n / 200));
      return {
        inputs: {
          dt: rectangleRles(problems * 20, MASK_SIDE, MASK_SIDE, 20),
          gt: rectangleRles(problems * 10, MASK_SIDE, MASK_SIDE, 21),
          dtOffsets: evenOffsets(problems * 20, problems),
          gtOffsets: evenOffsets(problems * 10, problems),
        },
        attrs: {},
        elements: problems * 200,
        shape: `${problems} images of 20 dt × 10 gt`,
      };
    },
  }),
  spec({
    kernel: 'MatchDetections', unit: 'pairs', sizes: [1e3, 1e5, 3e5],
    make: (n) => {
      const inputs = matchingProblems(n, 23);
      return { inputs, attrs: { areas: 4 }, elements: inputs.iou.length, shape: `${inputs.dtOffsets.length - 1} images of 20 dt × 10 gt, T=10, A=4` };
    },
  }),
  spec({
    kernel: 'MatchBoxDetections', unit: 'pairs', sizes: [1e3, 1e5, 3e5],
    make: (n) => {
      // the matching problems above, with boxes on 640 × 480 images in place of the IoU blocks
      const { iou, pairOffsets: _pairs, ...layout } = matchingProblems(n, 23);
      const nDt = layout.dtOffsets[layout.dtOffsets.length - 1] as number, nGt = layout.gtOffsets[layout.gtOffsets.length - 1] as number;
      const inputs = { ...layout, dt: boxesXywh(nDt, 640, 480, 27), gt: boxesXywh(nGt, 640, 480, 28) };
      return { inputs, attrs: { areas: 4, format: 'xywh' as const }, elements: iou.length, shape: `${layout.dtOffsets.length - 1} images of 20 dt × 10 gt boxes, T=10, A=4` };
    },
  }),
  spec({
    kernel: 'KeypointOks', unit: 'pairs', sizes: [1e3, 1e5, 3e5],
    make: (n) => {
      // images of 20 detections × 10 people with 17 points, a tenth of the people without labelled points
      const problems = Math.max(1, Math.round(n / 200)), K = 17, rand = lcg(25);
      const people = (count: number, flags: boolean) => Float64Array.from({ length: count * 3 * K }, (_, i) => (i % 3 === 2 ? (flags && Math.floor(i / (3 * K)) % 10 !== 0 ? 2 : 0) : rand() * 600));
      const gt = problems * 10;
      return {
        inputs: {
          dt: people(problems * 20, false), gt: people(gt, true), gtBoxes: boxesXywh(gt, 640, 480, 26), gtArea: Float64Array.from({ length: gt }, () => 500 + rand() * 20000),
          sigmas: Float64Array.from({ length: K }, (_, k) => 0.025 + 0.005 * (k % 8)), dtOffsets: evenOffsets(problems * 20, problems), gtOffsets: evenOffsets(gt, problems),
        },
        attrs: {},
        elements: problems * 200,
        shape: `${problems} images of 20 dt × 10 gt, K=17`,
      };
    },
  }),
  spec({
    kernel: 'RleBoundary', unit: 'masks', sizes: [1e2, 1e3, 1e4],
    make: (n) => {
      const rles = rectangleRles(n, MASK_SIDE, MASK_SIDE, 27);
      return { inputs: { rles, dilation: new Int32Array(n).fill(4) }, attrs: {}, elements: n, shape: `${MASK_SIDE}×${MASK_SIDE} rectangles, dilation 4` };
    },
  }),
  spec({
    kernel: 'PolygonToRle', unit: 'polygons', sizes: [1e2, 1e3, 1e4],
    make: (n) => ({
      inputs: { ...polygons(n, 24, 480, 640, 22), heights: new Int32Array(n).fill(480), widths: new Int32Array(n).fill(640) },
      attrs: {},
      elements: n,
      shape: '24 points in 640×480',
    }),
  }),
];
