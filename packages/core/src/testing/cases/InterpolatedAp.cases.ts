import type { InterpolatedApInputs, InterpolatedApOutputs } from '../../kernel-names';
import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';

const EPS = 2.220446049250313e-16;
const COCO_THRESHOLDS = Float64Array.from({ length: 101 }, (_, i) => (i === 100 ? 1 : i * 0.01));

/** Deliberately simple reference: pycocotools' accumulate loops, one curve at a time, on plain arrays. */
function referenceCoco(inputs: InterpolatedApInputs, thresholds: Float64Array = COCO_THRESHOLDS): InterpolatedApOutputs {
  const { tpCum, fpCum, segmentOffsets, positives, scores } = inputs;
  const S = segmentOffsets.length - 1;
  const R = thresholds.length;
  const out = { ap: new Float64Array(S), precision: new Float64Array(S * R), scoresAtRecall: new Float64Array(scores ? S * R : 0), recall: new Float64Array(S) };
  for (let s = 0; s < S; s++) {
    const npig = positives[s] as number;
    const tp = Array.from(tpCum.subarray(segmentOffsets[s], segmentOffsets[s + 1]));
    const fp = Array.from(fpCum.subarray(segmentOffsets[s], segmentOffsets[s + 1]));
    const ss = scores ? Array.from(scores.subarray(segmentOffsets[s], segmentOffsets[s + 1])) : [];
    if (npig === 0) {
      out.precision.fill(-1, s * R, (s + 1) * R);
      if (scores) out.scoresAtRecall.fill(-1, s * R, (s + 1) * R);
      out.ap[s] = -1;
      out.recall[s] = -1;
      continue;
    }
    const rc = tp.map((t) => t / npig);
    const pr = tp.map((t, i) => t / ((fp[i] as number) + t + EPS));
    out.recall[s] = rc.length ? (rc[rc.length - 1] as number) : 0;
    for (let i = pr.length - 1; i > 0; i--) if ((pr[i] as number) > (pr[i - 1] as number)) pr[i - 1] = pr[i] as number;
    let sum = 0;
    for (let j = 0; j < R; j++) {
      const idx = rc.findIndex((r) => r >= (thresholds[j] as number));
      if (idx < 0) break;
      out.precision[s * R + j] = pr[idx] as number;
      if (scores) out.scoresAtRecall[s * R + j] = ss[idx] as number;
    }
    for (let j = 0; j < R; j++) sum += out.precision[s * R + j] as number;
    out.ap[s] = sum / R;
  }
  return out;
}

/** Deliberately simple reference: valor-lite's 101 bins with a running max from bin 100 down. */
function referenceValor(inputs: InterpolatedApInputs): InterpolatedApOutputs {
  const { tpCum, fpCum, segmentOffsets, positives, scores } = inputs;
  const S = segmentOffsets.length - 1;
  const out = { ap: new Float64Array(S), precision: new Float64Array(S * 101), scoresAtRecall: new Float64Array(scores ? S * 101 : 0), recall: new Float64Array(S) };
  for (let s = 0; s < S; s++) {
    const gt = positives[s] as number;
    const bins = new Array<number>(101).fill(0);
    const binScores = new Array<number>(101).fill(0);
    let recall = 0;
    for (let k = segmentOffsets[s] as number; k < (segmentOffsets[s + 1] as number); k++) {
      const t = tpCum[k] as number;
      const total = t + (fpCum[k] as number);
      const p = total > 1e-9 ? t / total : 0;
      recall = gt > 1e-9 ? t / gt : 0;
      const b = Math.floor(recall * 100);
      bins[b] = Math.max(bins[b] as number, p);
      if (scores) binScores[b] = Math.max(binScores[b] as number, scores[k] as number);
    }
    out.recall[s] = recall;
    let runP = 0;
    let runS = 0;
    for (let b = 100; b >= 0; b--) {
      runP = Math.max(runP, bins[b] as number);
      runS = Math.max(runS, binScores[b] as number);
      out.precision[s * 101 + b] = runP;
      if (scores) out.scoresAtRecall[s * 101 + b] = runS;
      out.ap[s] = (out.ap[s] as number) + runP;
    }
    out.ap[s] = (out.ap[s] as number) / 101;
  }
  return out;
}

/** Cumulative tp/fp of random curves (tp, fp or ignored per entry) with descending scores. */
function randomCurves(curves: number, maxLength: number, seed: number, withScores = true): InterpolatedApInputs {
  const r = seededRandom(seed);
  const lengths = Array.from({ length: curves }, () => Math.floor(r() * (maxLength + 1)));
  const offsets = Int32Array.from([0, ...lengths.map((_, i) => lengths.slice(0, i + 1).reduce((a, b) => a + b, 0))]);
  const n = offsets[curves] as number;
  const tpCum = new Float64Array(n);
  const fpCum = new Float64Array(n);
  const scores = new Float64Array(n);
  const positives = new Float64Array(curves);
  for (let s = 0; s < curves; s++) {
    let t = 0;
    let f = 0;
    let score = 1;
    for (let k = offsets[s] as number; k < (offsets[s + 1] as number); k++) {
      const u = r();
      if (u < 0.5) t++;
      else if (u < 0.9) f++;
      tpCum[k] = t;
      fpCum[k] = f;
      score -= r() * 0.01;
      scores[k] = score;
    }
    positives[s] = t + Math.floor(r() * 5);
  }
  return { tpCum, fpCum, segmentOffsets: offsets, positives, ...(withScores ? { scores } : {}) };
}

const valorFixtureCurve = (): InterpolatedApInputs => ({
  // valor od_basic_two_images, label v1: TP 0.9, FP 0.4, TP 0.3 against 2 groundtruths
  tpCum: Float64Array.of(1, 1, 2),
  fpCum: Float64Array.of(0, 1, 1),
  segmentOffsets: Int32Array.of(0, 3),
  positives: Float64Array.of(2),
  scores: Float64Array.of(0.9, 0.4, 0.3),
});

export const interpolatedApCases: KernelCases<'InterpolatedAp'> = [
  {
    name: 'coco: no curves give empty outputs',
    inputs: () => ({ tpCum: new Float64Array(0), fpCum: new Float64Array(0), segmentOffsets: Int32Array.of(0), positives: new Float64Array(0) }),
    attrs: { method: 'coco' },
    expected: () => ({ ap: new Float64Array(0), precision: new Float64Array(0), scoresAtRecall: new Float64Array(0), recall: new Float64Array(0) }),
    exact: true,
  },
  {
    name: 'coco: single element, a perfect detection has precision 1 - eps (np.spacing(1) after fp + tp)',
    inputs: () => ({ tpCum: Float64Array.of(1), fpCum: Float64Array.of(0), segmentOffsets: Int32Array.of(0, 1), positives: Float64Array.of(1), scores: Float64Array.of(0.8) }),
    attrs: { method: 'coco' },
    expected: () => ({
      precision: new Float64Array(101).fill(0.9999999999999998),
      scoresAtRecall: new Float64Array(101).fill(0.8),
      recall: Float64Array.of(1),
      // np.mean(np.full(101, 0.9999999999999998)), pairwise-summed as numpy does
      ap: Float64Array.of(0.9999999999999999),
    }),
    exact: true,
  },
  {
    name: 'coco: a category without positives is absent (-1), one without detections is 0',
    inputs: () => ({ tpCum: Float64Array.of(0, 0), fpCum: Float64Array.of(1, 2), segmentOffsets: Int32Array.of(0, 2, 2), positives: Float64Array.of(0, 3), scores: Float64Array.of(0.5, 0.4) }),
    attrs: { method: 'coco' },
    expected: () => ({
      precision: Float64Array.from({ length: 202 }, (_, i) => (i < 101 ? -1 : 0)),
      scoresAtRecall: Float64Array.from({ length: 202 }, (_, i) => (i < 101 ? -1 : 0)),
      recall: Float64Array.of(-1, 0),
      ap: Float64Array.of(-1, 0),
    }),
    exact: true,
  },
  {
    name: 'coco: all ties (every position ignored or false) give zero precision',
    inputs: () => ({ tpCum: new Float64Array(6), fpCum: Float64Array.of(0, 0, 1, 2, 2, 3), segmentOffsets: Int32Array.of(0, 6), positives: Float64Array.of(4) }),
    attrs: { method: 'coco' },
    expected: (i) => referenceCoco(i),
  },
  {
    name: 'coco: the envelope and searchsorted-left on a hand-checked curve',
    inputs: valorFixtureCurve,
    attrs: { method: 'coco' },
    // rc = [.5, .5, 1]; envelope pr = [1-eps, 2/3, 2/3]; thresholds <= .5 take position 0, the rest position 2
    expected: () => ({
      precision: Float64Array.from({ length: 101 }, (_, j) => (j <= 50 ? 1 / (1 + EPS) : 2 / (3 + EPS))),
      scoresAtRecall: Float64Array.from({ length: 101 }, (_, j) => (j <= 50 ? 0.9 : 0.3)),
      recall: Float64Array.of(1),
    }),
    exact: true,
  },
  {
    name: 'coco: unsorted custom thresholds stop at the first unreached one',
    inputs: () => ({ tpCum: Float64Array.of(1, 1), fpCum: Float64Array.of(0, 1), segmentOffsets: Int32Array.of(0, 2), positives: Float64Array.of(2) }),
    attrs: { method: 'coco', recallThresholds: Float64Array.of(0.2, 0.9, 0.1) },
    expected: () => ({ precision: Float64Array.of(1 / (1 + EPS), 0, 0), recall: Float64Array.of(0.5) }),
    exact: true,
  },
  {
    name: 'coco: random curves match the reference',
    inputs: () => randomCurves(40, 60, 41),
    attrs: { method: 'coco' },
    expected: (i) => referenceCoco(i),
  },
  {
    name: 'valor: the od_basic_two_images label v1 curve gives AP 0.8349834983498351',
    inputs: valorFixtureCurve,
    attrs: { method: 'valor' },
    expected: () => ({
      ap: Float64Array.of(0.8349834983498351),
      precision: Float64Array.from({ length: 101 }, (_, b) => (b <= 50 ? 1 : 2 / 3)),
      scoresAtRecall: Float64Array.from({ length: 101 }, (_, b) => (b <= 50 ? 0.9 : 0.3)),
      recall: Float64Array.of(1),
    }),
    exact: true,
  },
  {
    name: 'valor: floor(recall*100) puts 29/100 in bin 28; no positives give zeros',
    inputs: () => ({ tpCum: Float64Array.of(29, 0), fpCum: Float64Array.of(0, 1), segmentOffsets: Int32Array.of(0, 1, 2), positives: Float64Array.of(100, 0) }),
    attrs: { method: 'valor' },
    expected: () => ({
      precision: Float64Array.from({ length: 202 }, (_, i) => (i <= 28 ? 1 : 0)),
      ap: Float64Array.of(29 / 101, 0),
      recall: Float64Array.of(0.29, 0),
      scoresAtRecall: new Float64Array(0),
    }),
  },
  {
    name: 'valor: random curves match the reference',
    inputs: () => randomCurves(40, 60, 42),
    attrs: { method: 'valor' },
    expected: (i) => referenceValor(i),
  },
  {
    name: 'coco: about 1e5 positions over 200 curves match the reference',
    inputs: () => randomCurves(200, 1000, 43),
    attrs: { method: 'coco' },
    expected: (i) => referenceCoco(i),
  },
];
