import { invalidInput, warn } from '@tensoreval/core';
import { pyLog } from './python-libm';
import { accumulateNgramMatches } from './ngram-match';
import { fraction, pyAdd, pyDiv, pyIsZero, pyMul, toFloat, type Fraction, type PyNumber } from './python-fraction';

/**
 * nltk's `SmoothingFunction` methods 0–7 (Chen & Cherry 2014), replayed on unnormalised
 * fractions `num/den` with nltk 3.8's exact arithmetic and quirks (see python-fraction.ts).
 */
export type BleuSmoothing = 'none' | 'method0' | 'method1' | 'method2' | 'method3' | 'method4' | 'method5' | 'method6' | 'method7';

export const BLEU_SMOOTHINGS: readonly BleuSmoothing[] = ['none', 'method0', 'method1', 'method2', 'method3', 'method4', 'method5', 'method6', 'method7'];

/** Python's `sys.float_info.min`: the smallest normal double (not JS `Number.MIN_VALUE`, a subnormal). */
export const PYTHON_FLOAT_MIN = 2.2250738585072014e-308;

export interface SmoothingParams {
  /** method1's additive count (nltk default 0.1) */
  epsilon: number;
  /** method6's interpolation weight (nltk default 5) */
  alpha: number;
  /** method4's K (nltk default 5) */
  k: number;
}

/** What the smoothing methods may look at: in corpus BLEU the references/hypothesis are the LAST segment's (nltk quirk). */
export interface SmoothingContext {
  refs: readonly Int32Array[];
  hyp: Int32Array;
  vocabularySize: number;
  /** pooled hypothesis length (the sum over segments in corpus BLEU) */
  hypLen: number;
}

const warnedOrders = new Set<number>();

function warnZeroCounts(order: number): void {
  // Python shows a repeated warning once per message; so do we.
  if (warnedOrders.has(order)) return;
  warnedOrders.add(order);
  warn('UndefinedMetricWarning', `The hypothesis contains 0 counts of ${order}-gram overlaps, so BLEU is close to 0 whatever the other orders are; consider a smoothing method.`);
}

/** A modified precision as nltk keeps it: the unreduced counts num/den (den ≥ 1). */
export interface RawPrecision {
  num: number;
  den: number;
}

const exact = (p: RawPrecision): Fraction => fraction(p.num, p.den);
/** An untouched precision: a float is enough unless exact Fraction arithmetic follows. */
const keep = (p: RawPrecision, asFraction: boolean): PyNumber => (asFraction ? exact(p) : p.num / p.den);

function method0(p: RawPrecision[]): PyNumber[] {
  return p.map((pi, i) => {
    if (pi.num !== 0) return pi.num / pi.den;
    warnZeroCounts(i + 1);
    return PYTHON_FLOAT_MIN;
  });
}

function method1(p: RawPrecision[], params: SmoothingParams): PyNumber[] {
  return p.map((pi) => (pi.num === 0 ? params.epsilon / pi.den : pi.num / pi.den));
}

function method2(p: RawPrecision[]): PyNumber[] {
  return p.map((pi, i) => (i === 0 ? exact(pi) : fraction(pi.num + 1, pi.den + 1)));
}

function method3(p: RawPrecision[]): PyNumber[] {
  let inc = 1;
  return p.map((pi) => (pi.num !== 0 ? pi.num / pi.den : 1 / (2 ** inc++ * pi.den)));
}

function method4(p: RawPrecision[], ctx: SmoothingContext, params: SmoothingParams, asFraction: boolean): PyNumber[] {
  let inc = 1;
  return p.map((pi) => {
    if (pi.num !== 0 || ctx.hypLen <= 1) return keep(pi, asFraction);
    const numerator = 1 / ((2 ** inc++ * params.k) / pyLog(ctx.hypLen));
    return numerator / pi.den;
  });
}

function modifiedPrecision(ctx: SmoothingContext, order: number): Fraction {
  const matched = new Float64Array(order);
  const total = new Float64Array(order);
  accumulateNgramMatches(ctx.hyp, ctx.refs, order, ctx.vocabularySize, matched, total);
  return fraction(matched[order - 1] as number, Math.max(1, total[order - 1] as number));
}

function method5(p: PyNumber[], ctx: SmoothingContext): PyNumber[] {
  // nltk appends the order-5 precision whatever the weights' length.
  const next = [...p, modifiedPrecision(ctx, 5)];
  const out = p.slice();
  let previous = pyAdd(p[0] as PyNumber, fraction(1, 1));
  for (let i = 0; i < out.length; i++) {
    const smoothed = pyDiv(pyAdd(pyAdd(previous, out[i] as PyNumber), next[i + 1] as PyNumber), fraction(3, 1));
    out[i] = smoothed;
    previous = smoothed;
  }
  return out;
}

function method6(p: RawPrecision[], ctx: SmoothingContext, params: SmoothingParams): PyNumber[] {
  if (p.length < 3 || p[2]!.num === 0) {
    throw invalidInput('sentenceBleu', 'hypothesis', 'have a non-zero trigram precision for smoothing method6', p.length < 3 ? 'fewer than 3 n-gram orders' : 'no matching trigram', 'TE-203');
  }
  const out: PyNumber[] = p.map(exact);
  for (let i = 2; i < p.length; i++) {
    const twoBack = out[i - 2] as PyNumber;
    const oneBack = out[i - 1] as PyNumber;
    const matchedCount = (p[i] as RawPrecision).num;
    const hypNgrams = Math.max(0, ctx.hyp.length - i);
    if (pyIsZero(twoBack)) {
      // Python int / int: a float.
      out[i] = matchedCount / (hypNgrams + params.alpha);
    } else {
      const pi0 = pyDiv(pyMul(oneBack, oneBack), twoBack);
      // An integer alpha keeps Python's arithmetic exact; a float alpha turns it into doubles.
      out[i] = Number.isInteger(params.alpha)
        ? pyDiv(pyAdd(fraction(matchedCount, 1), pyMul(fraction(params.alpha, 1), pi0)), fraction(hypNgrams + params.alpha, 1))
        : (matchedCount + params.alpha * toFloat(pi0)) / (hypNgrams + params.alpha);
    }
  }
  return out;
}

/** Applies one smoothing method to the raw modified precisions. */
export function smoothPrecisions(method: BleuSmoothing, p: RawPrecision[], ctx: SmoothingContext, params: SmoothingParams): PyNumber[] {
  switch (method) {
    case 'none':
    case 'method0':
      return method0(p);
    case 'method1':
      return method1(p, params);
    case 'method2':
      return method2(p);
    case 'method3':
      return method3(p);
    case 'method4':
      return method4(p, ctx, params, false);
    case 'method5':
      return method5(p.map(exact), ctx);
    case 'method6':
      return method6(p, ctx, params);
    case 'method7':
      return method5(method4(p, ctx, params, true), ctx);
  }
}
