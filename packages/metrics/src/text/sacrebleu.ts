import { invalidInput, invalidOption } from '@tensoreval/core';
import { pyExp, pyLog } from './python-libm';
import { accumulateNgramMatches, closestRefLength, TokenIds } from './ngram-match';
import { pyRstrip, pySplit, tokenize13a } from './tokenizer-13a';

export type SacreBleuTokenizer = '13a' | 'none';
export type SacreBleuSmoothing = 'exp' | 'floor' | 'add-k' | 'none';

/** Options with SacreBLEU 2.x's names and defaults (`BLEU(...)`). */
export interface SacreBleuOptions {
  /** default '13a' */
  tokenize?: SacreBleuTokenizer;
  /** lowercase before tokenizing (default false) */
  lowercase?: boolean;
  /** default 'exp' */
  smoothMethod?: SacreBleuSmoothing;
  /** floor: 0.1, add-k: 1 by default */
  smoothValue?: number;
  /** average over the highest order with hypothesis n-grams only (corpus default false, sentence default true) */
  effectiveOrder?: boolean;
  /** default 4 */
  maxNgramOrder?: number;
  /** the version field of the signature (default 'tensoreval-sacrebleu2.6') */
  version?: string;
}

/** A SacreBLEU `BLEUScore`: score and precisions in percent, counts after add-k, lengths summed. */
export interface SacreBleuScore {
  score: number;
  counts: number[];
  totals: number[];
  precisions: number[];
  bp: number;
  sysLen: number;
  refLen: number;
  /** e.g. `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:…` */
  signature: string;
}

const SMOOTH_DEFAULTS: Record<SacreBleuSmoothing, number | undefined> = { exp: undefined, floor: 0.1, 'add-k': 1, none: undefined };
const TOKENIZERS: readonly SacreBleuTokenizer[] = ['13a', 'none'];

/** Token ids of the segment being scored; reused because scoring is synchronous. */
const segmentIds = new TokenIds();

/** SacreBLEU's `my_log`: log with log(0) = -9999999999. */
function myLog(x: number): number {
  return x === 0 ? -9999999999 : pyLog(x);
}

function resolve(fn: string, opts: SacreBleuOptions, effectiveOrderDefault: boolean) {
  const tokenize = opts.tokenize ?? '13a';
  if (!TOKENIZERS.includes(tokenize)) throw invalidOption(fn, 'tokenize', `one of ${TOKENIZERS.join(', ')}`, tokenize);
  const smoothMethod = opts.smoothMethod ?? 'exp';
  if (!(smoothMethod in SMOOTH_DEFAULTS)) throw invalidOption(fn, 'smoothMethod', "one of 'exp', 'floor', 'add-k', 'none'", smoothMethod);
  const smoothValue = opts.smoothValue ?? SMOOTH_DEFAULTS[smoothMethod];
  if (smoothValue !== undefined && !Number.isFinite(smoothValue)) throw invalidOption(fn, 'smoothValue', 'a finite number', smoothValue);
  const maxNgramOrder = opts.maxNgramOrder ?? 4;
  if (!Number.isInteger(maxNgramOrder) || maxNgramOrder < 1) throw invalidOption(fn, 'maxNgramOrder', 'a positive integer', maxNgramOrder);
  return {
    tokenize,
    lowercase: opts.lowercase ?? false,
    smoothMethod,
    smoothValue,
    effectiveOrder: opts.effectiveOrder ?? effectiveOrderDefault,
    maxNgramOrder,
    version: opts.version ?? 'tensoreval-sacrebleu2.6',
  };
}

type Resolved = ReturnType<typeof resolve>;

function preprocess(text: string, o: Resolved): string[] {
  const s = pyRstrip(o.lowercase ? text.toLowerCase() : text);
  return pySplit(o.tokenize === '13a' ? tokenize13a(s) : s);
}

/** SacreBLEU `BLEU.compute_bleu` on summed statistics. */
function computeBleu(correct: number[], total: number[], sysLen: number, refLen: number, o: Resolved) {
  const bp = sysLen < refLen ? (sysLen > 0 ? pyExp(1 - refLen / sysLen) : 0) : 1;
  const precisions = new Array<number>(o.maxNgramOrder).fill(0);
  if (!correct.some((c) => c !== 0)) return { score: 0, precisions, bp };
  let smooth = 1;
  let effOrder = o.maxNgramOrder;
  for (let n = 1; n <= o.maxNgramOrder; n++) {
    if (o.smoothMethod === 'add-k' && n > 1) {
      correct[n - 1] = (correct[n - 1] as number) + (o.smoothValue as number);
      total[n - 1] = (total[n - 1] as number) + (o.smoothValue as number);
    }
    const c = correct[n - 1] as number;
    const t = total[n - 1] as number;
    if (t === 0) break;
    if (o.effectiveOrder) effOrder = n;
    if (c === 0) {
      if (o.smoothMethod === 'exp') {
        smooth *= 2;
        precisions[n - 1] = 100 / (smooth * t);
      } else if (o.smoothMethod === 'floor') precisions[n - 1] = (100 * (o.smoothValue as number)) / t;
    } else precisions[n - 1] = (100 * c) / t;
  }
  let logSum = 0;
  for (let n = 0; n < effOrder; n++) logSum += myLog(precisions[n] as number);
  return { score: bp * pyExp(logSum / effOrder), precisions, bp };
}

function signature(nrefs: string, o: Resolved): string {
  const smooth = o.smoothValue !== undefined && o.smoothMethod !== 'exp' && o.smoothMethod !== 'none' ? `${o.smoothMethod}[${o.smoothValue.toFixed(2)}]` : o.smoothMethod;
  return `nrefs:${nrefs}|case:${o.lowercase ? 'lc' : 'mixed'}|eff:${o.effectiveOrder ? 'yes' : 'no'}|tok:${o.tokenize}|smooth:${smooth}|version:${o.version}`;
}

function scoreCorpus(fn: string, hypotheses: readonly string[], referenceStreams: readonly (readonly (string | null | undefined)[])[], o: Resolved): SacreBleuScore {
  if (!Array.isArray(hypotheses)) throw invalidInput(fn, 'hypotheses', 'be an array of strings', typeof hypotheses, 'TE-204');
  if (!Array.isArray(referenceStreams) || referenceStreams.length === 0) throw invalidInput(fn, 'referenceStreams', 'hold at least one reference stream', Array.isArray(referenceStreams) ? 'an empty list' : typeof referenceStreams, 'TE-204');
  referenceStreams.forEach((stream, r) => {
    if (!Array.isArray(stream) || stream.length !== hypotheses.length) {
      throw invalidInput(fn, { argument: 'referenceStreams', index: r }, `hold one reference per hypothesis (${hypotheses.length})`, Array.isArray(stream) ? `${stream.length}` : typeof stream, 'TE-202');
    }
  });
  const order = o.maxNgramOrder;
  const matched = new Float64Array(order);
  const totals = new Float64Array(order);
  let sysLen = 0;
  let refLen = 0;
  let variableRefs = false;
  for (let s = 0; s < hypotheses.length; s++) {
    const hyp = hypotheses[s];
    if (typeof hyp !== 'string') throw invalidInput(fn, { argument: 'hypotheses', index: s }, 'be a string', typeof hyp, 'TE-204');
    // SacreBLEU skips missing/empty references of a segment and fails when none is left.
    const refs: string[] = [];
    for (const stream of referenceStreams) {
      const ref = stream[s];
      if (ref !== null && ref !== undefined && ref !== '') {
        if (typeof ref !== 'string') throw invalidInput(fn, { argument: 'referenceStreams', index: s }, 'hold strings', typeof ref, 'TE-204');
        refs.push(ref);
      }
    }
    if (refs.length === 0) throw invalidInput(fn, { argument: 'referenceStreams', index: s }, 'hold at least one non-empty reference for every segment', 'none', 'TE-204');
    if (refs.length !== referenceStreams.length) variableRefs = true;
    const ids = segmentIds.reset();
    const hypIds = ids.encode(preprocess(hyp, o));
    const refIds = refs.map((r) => ids.encode(preprocess(r, o)));
    accumulateNgramMatches(hypIds, refIds, order, ids.size, matched, totals);
    sysLen += hypIds.length;
    refLen += closestRefLength(refIds.map((r) => r.length), hypIds.length);
  }
  const counts = Array.from(matched);
  const totalList = Array.from(totals);
  const { score, precisions, bp } = computeBleu(counts, totalList, sysLen, refLen, o);
  return { score, counts, totals: totalList, precisions, bp, sysLen, refLen, signature: signature(variableRefs ? 'var' : String(referenceStreams.length), o) };
}

/**
 * Corpus BLEU as SacreBLEU 2.x `corpus_bleu` / `BLEU().corpus_score` (0–100).
 *
 * @param hypotheses one system output per segment
 * @param referenceStreams reference streams, each parallel to `hypotheses` (`[[ref1 of seg1, ref1 of seg2, …], …]`);
 *   `null`/empty entries mean "fewer references for this segment"
 * @returns score, clipped `counts` (add-k included) and `totals` per order, precisions in percent,
 *   brevity penalty, summed lengths and the signature. No match at all → score 0.
 * @example sacreBleu(['The cat is on the mat.'], [['The cat sat on the mat.']]).score // 48.89…
 */
export function sacreBleu(hypotheses: readonly string[], referenceStreams: readonly (readonly (string | null | undefined)[])[], opts: SacreBleuOptions = {}): SacreBleuScore {
  return scoreCorpus('sacreBleu', hypotheses, referenceStreams, resolve('sacreBleu', opts, false));
}

/**
 * Sentence BLEU as SacreBLEU 2.x `sentence_bleu` (effective order on by default).
 * @param references the references of this one hypothesis
 */
export function sacreSentenceBleu(hypothesis: string, references: readonly string[], opts: SacreBleuOptions = {}): SacreBleuScore {
  const fn = 'sacreSentenceBleu';
  if (!Array.isArray(references) || references.length === 0) throw invalidInput(fn, 'references', 'hold at least one reference', Array.isArray(references) ? 'an empty list' : typeof references, 'TE-204');
  return scoreCorpus(fn, [hypothesis], references.map((r) => [r]), resolve(fn, opts, true));
}
