import { numpySum, type FloatArray, type InterpolatedApAttrs, type InterpolatedApInputs, type InterpolatedApOutputs, type KernelConfig } from '@tensoreval/core';

/** np.spacing(1): pycocotools adds it to fp + tp so an all-zero prefix never divides by zero. */
const COCO_EPS = 2.220446049250313e-16;
/** Valor's recall bins: floor(recall * 100) for recall in [0, 1]. */
export const VALOR_BINS = 101;

/** numpy linspace(0, 1, 101): i * 0.01 in double (not i / 100), with the end point set to 1. */
export function cocoRecallThresholds(): Float64Array {
  const t = new Float64Array(101);
  for (let i = 0; i < 101; i++) t[i] = i * 0.01;
  t[100] = 1;
  return t;
}

/** pycocotools' precision at a position: tp / ((fp + tp) + np.spacing(1)). */
export function cocoPrecision(t: number, f: number): number {
  return t / (f + t + COCO_EPS);
}

/**
 * numpy searchsorted 'left' of a recall threshold on one curve: the first k in [0, nd) with
 * tpCum[start + k] / positives >= thr (recall is non-decreasing along a curve); nd when none.
 */
export function cocoRecallIndex(tpCum: Float64Array, start: number, nd: number, positives: number, thr: number): number {
  let lo = 0;
  let hi = nd;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (tpCum[start + mid] / positives < thr) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** valor-lite's precision at a position: tp / (tp + fp), 0 when nothing was ranked. */
export function valorPrecision(t: number, f: number): number {
  const total = t + f;
  return total > 1e-9 ? t / total : 0;
}

/** valor-lite's recall of a cumulative tp count, 0 when there are no positives. */
export function valorRecall(t: number, positives: number): number {
  return positives > 1e-9 ? t / positives : 0;
}

/** valor-lite's bin of a position, floor(recall * 100) in float64, capped at 100; non-decreasing in t. */
export function valorBin(t: number, positives: number): number {
  return Math.min(100, Math.floor(valorRecall(t, positives) * 100));
}

/**
 * valor-lite's interpolation from per-bin maxima (bin maxima start at 0): a running maximum from
 * bin 100 down fills row `out` of precision (and scoresAtRecall when `withScores`); returns the AP,
 * the sum from bin 100 down divided by 101.
 */
export function valorEnvelope(binP: Float64Array, binS: Float64Array, o: InterpolatedApOutputs, out: number, withScores: boolean): number {
  let runP = 0;
  let runS = 0;
  let sum = 0;
  for (let b = 100; b >= 0; b--) {
    if (binP[b] > runP) runP = binP[b];
    if (binS[b] > runS) runS = binS[b];
    o.precision[out + b] = runP;
    if (withScores) o.scoresAtRecall[out + b] = runS;
    sum += runP;
  }
  return sum / VALOR_BINS;
}

interface Curve {
  start: number;
  length: number;
  positives: number;
  /** offset of this curve's row in the S × R outputs */
  out: number;
}

/** pycocotools accumulate for one curve: eps precision, envelope, searchsorted-left per threshold. */
function cocoCurve(c: Curve, inputs: InterpolatedApInputs, thresholds: Float64Array, pr: Float64Array, o: InterpolatedApOutputs): void {
  const { tpCum, fpCum, scores } = inputs;
  const { start, length: nd, positives, out } = c;
  const R = thresholds.length;
  const withScores = o.scoresAtRecall.length > 0;
  if (positives === 0) {
    o.precision.fill(-1, out, out + R);
    if (withScores) o.scoresAtRecall.fill(-1, out, out + R);
    return;
  }
  for (let k = 0; k < nd; k++) pr[k] = cocoPrecision(tpCum[start + k], fpCum[start + k]);
  for (let k = nd - 1; k > 0; k--) if (pr[k] > pr[k - 1]) pr[k - 1] = pr[k];
  for (let j = 0; j < R; j++) {
    const lo = cocoRecallIndex(tpCum, start, nd, positives, thresholds[j]);
    if (lo === nd) break; // this and every later threshold stay 0, as pycocotools' try/except leaves them
    o.precision[out + j] = pr[lo];
    if (withScores) o.scoresAtRecall[out + j] = (scores as FloatArray)[start + lo];
  }
}

/** Valor's AP: max precision and score per floor(recall*100) bin, running max from bin 100 down. */
function valorCurve(c: Curve, inputs: InterpolatedApInputs, binP: Float64Array, binS: Float64Array, o: InterpolatedApOutputs): number {
  const { tpCum, fpCum, scores } = inputs;
  const { start, length: nd, positives, out } = c;
  binP.fill(0);
  binS.fill(0);
  for (let k = start; k < start + nd; k++) {
    const precision = valorPrecision(tpCum[k], fpCum[k]);
    const bin = valorBin(tpCum[k], positives);
    if (precision > binP[bin]) binP[bin] = precision;
    if (scores && scores[k] > binS[bin]) binS[bin] = scores[k];
  }
  return valorEnvelope(binP, binS, o, out, scores !== undefined);
}

/** Zeroed outputs for S curves of R thresholds (scoresAtRecall empty without scores). */
export function interpolatedApOutputs(S: number, R: number, withScores: boolean): InterpolatedApOutputs {
  return {
    ap: new Float64Array(S),
    precision: new Float64Array(S * R),
    scoresAtRecall: new Float64Array(withScores ? S * R : 0),
    recall: new Float64Array(S),
  };
}

/**
 * pycocotools' recall and AP of curve s once its precision row is filled: the final recall and
 * np.mean of the row (numpy's pairwise sum), both -1 for a curve without positives.
 */
export function cocoSummary(o: InterpolatedApOutputs, s: number, R: number, positives: number, last: number): void {
  const absent = positives === 0;
  o.recall[s] = absent ? -1 : last / positives;
  o.ap[s] = absent ? -1 : R > 0 ? numpySum(o.precision, s * R, R) / R : 0;
}

/**
 * Interpolated AP of many curves: 'coco' reproduces pycocotools' accumulate bit for bit, 'valor'
 * valor-lite's 101-bin AP. The exact rules are on the InterpolatedAp contract in @tensoreval/core.
 */
export function interpolatedApImpl(inputs: InterpolatedApInputs, attrs: InterpolatedApAttrs): InterpolatedApOutputs {
  const { tpCum, segmentOffsets: offsets, positives } = inputs;
  const coco = attrs.method === 'coco';
  const thresholds = coco ? (attrs.recallThresholds ?? cocoRecallThresholds()) : new Float64Array(0);
  const R = coco ? thresholds.length : VALOR_BINS;
  const S = Math.max(0, offsets.length - 1);
  const o = interpolatedApOutputs(S, R, inputs.scores !== undefined);
  let longest = 0;
  for (let s = 0; s < S; s++) longest = Math.max(longest, offsets[s + 1] - offsets[s]);
  const pr = new Float64Array(coco ? longest : 0);
  const binP = new Float64Array(VALOR_BINS);
  const binS = new Float64Array(VALOR_BINS);
  for (let s = 0; s < S; s++) {
    const c: Curve = { start: offsets[s], length: offsets[s + 1] - offsets[s], positives: positives[s], out: s * R };
    const last = c.length > 0 ? tpCum[c.start + c.length - 1] : 0;
    if (coco) {
      cocoCurve(c, inputs, thresholds, pr, o);
      cocoSummary(o, s, R, c.positives, last);
    } else {
      o.ap[s] = valorCurve(c, inputs, binP, binS, o);
      o.recall[s] = valorRecall(last, c.positives);
    }
  }
  return o;
}

export const interpolatedApConfig: KernelConfig<'InterpolatedAp'> = {
  kernelName: 'InterpolatedAp',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => interpolatedApImpl(inputs, attrs),
};
