import {
  compressionRatio,
  corpusBleu,
  longestRepeatedSubstring,
  loopingScores,
  piiLeakage,
  uniqueSentenceRatio,
  porterStem,
  rouge,
  rougeMulti,
  rougeTokenize,
  sacreBleu,
  sacreSentenceBleu,
  sentenceBleu,
  tokenize13a,
  valorBleuTokenize,
  valorSentenceBleu,
  type BleuSmoothing,
  type RougeType,
  type SacreBleuOptions,
  type SacreBleuScore,
} from '@tensoreval/metrics/text';
import type { CaseDispatch, ReferenceCase } from './dispatch-types';

/**
 * Text-comparison reference cases (ROUGE, Porter, nltk/Valor/Sacre BLEU, 13a, looping, PII).
 * Shape and comparison rules: see dispatch-types.ts. Every entry demands the reference's exact
 * double (tolerance 0): these paths replay the reference arithmetic, and log/exp round like glibc.
 */
const EXACT = 0;

type Params = Record<string, unknown>;

function params(c: ReferenceCase): Params {
  return c.params ?? {};
}

function rougeOptions(p: Params): { types?: RougeType[]; useStemmer: boolean } {
  if (p.split_summaries === true) throw new Error('split_summaries=True needs nltk Punkt sentence splitting, which is not reproduced');
  return { types: p.rouge_types as RougeType[] | undefined, useStemmer: p.use_stemmer === true };
}

/** "none(method0)" → 'none'; "method3" → 'method3'. */
function smoothing(p: Params): BleuSmoothing | undefined {
  const s = p.smoothing as string | undefined;
  if (s === undefined || s === null) return undefined;
  return (s.startsWith('none') ? 'none' : s) as BleuSmoothing;
}

function bleuOptions(p: Params) {
  return {
    weights: p.weights as number[] | number[][] | undefined,
    smoothing: smoothing(p),
    autoReweigh: p.auto_reweigh === true,
    epsilon: p.epsilon as number | undefined,
    alpha: p.alpha as number | undefined,
    k: p.k as number | undefined,
  };
}

function sacreOptions(p: Params): SacreBleuOptions {
  return {
    tokenize: p.tokenize as SacreBleuOptions['tokenize'],
    smoothMethod: p.smooth_method as SacreBleuOptions['smoothMethod'],
    smoothValue: (p.smooth_value ?? undefined) as number | undefined,
    lowercase: p.lowercase as boolean | undefined,
    effectiveOrder: p.effective_order as boolean | undefined,
    maxNgramOrder: p.max_ngram_order as number | undefined,
  };
}

const withoutVersion = (signature: string) => signature.replace(/\|version:[^|]*$/, '');

/** SacreBLEU result in the reference's field names; the signature is compared without its version field. */
function sacreComparison(c: ReferenceCase, r: SacreBleuScore) {
  const actual: Record<string, unknown> = { score: r.score, counts: r.counts, totals: r.totals, precisions: r.precisions, bp: r.bp, sys_len: r.sysLen, ref_len: r.refLen };
  const expected: Record<string, unknown> = { ...(c.expected as object) };
  if (typeof c.signature === 'string') {
    actual.signature = withoutVersion(r.signature);
    expected.signature = withoutVersion(c.signature);
  }
  return { actual, expected, tolerance: EXACT };
}

export const textDispatch: CaseDispatch = {
  rouge: (c) => {
    const input = c.input as { target: string; prediction: string };
    const o = rougeOptions(params(c));
    const actual: Record<string, unknown> = { scores: rouge(input.target, input.prediction, o) };
    const expected: Record<string, unknown> = { scores: c.expected };
    if (c.expected_tokens) {
      actual.tokens = { target: rougeTokenize(input.target, o), prediction: rougeTokenize(input.prediction, o) };
      expected.tokens = c.expected_tokens;
    }
    return { actual, expected, tolerance: EXACT };
  },
  rouge_multi: (c) => {
    const input = c.input as { targets: string[]; prediction: string };
    return { actual: rougeMulti(input.targets, input.prediction, rougeOptions(params(c))), expected: c.expected, tolerance: EXACT };
  },
  porter_stem: (c) => ({ actual: porterStem(c.input as string), expected: c.expected, tolerance: EXACT }),
  bleu_sentence_nltk: (c) => {
    const input = c.input as { references: string[][]; hypothesis: string[] };
    return { actual: sentenceBleu(input.references, input.hypothesis, bleuOptions(params(c))), expected: c.expected, tolerance: EXACT };
  },
  bleu_corpus_nltk: (c) => {
    const input = c.input as { list_of_references: string[][][]; hypotheses: string[][] };
    return { actual: corpusBleu(input.list_of_references, input.hypotheses, bleuOptions(params(c))), expected: c.expected, tolerance: EXACT };
  },
  bleu_valor: (c) => {
    const input = c.input as { prediction: string; references: string[] };
    // these cases ran on Debian's nltk 3.8 (specs/text-metrics.md), whose RegexpTokenizer compiles with Python's re
    const tokens = (text: string) => valorBleuTokenize(text, 're');
    const actual: Record<string, unknown> = { score: valorSentenceBleu(input.prediction, input.references, params(c).weights as number[] | undefined, { regexEngine: 're' }) };
    const expected: Record<string, unknown> = { score: c.expected };
    if (c.expected_tokens) {
      actual.tokens = { prediction: tokens(input.prediction), references: input.references.map(tokens) };
      expected.tokens = c.expected_tokens;
    }
    return { actual, expected, tolerance: EXACT };
  },
  sacrebleu_corpus: (c) => {
    const input = c.input as { hypotheses: string[]; references: string[][] };
    return sacreComparison(c, sacreBleu(input.hypotheses, input.references, sacreOptions(params(c))));
  },
  sacrebleu_sentence: (c) => {
    const input = c.input as { hypothesis: string; references: string[] };
    return sacreComparison(c, sacreSentenceBleu(input.hypothesis, input.references, sacreOptions(params(c))));
  },
  tokenize_13a: (c) => ({ actual: tokenize13a(c.input as string), expected: c.expected, tolerance: EXACT }),
  looping_compression_ratio: (c) => {
    if (params(c).zlib_level !== undefined && params(c).zlib_level !== 9) throw new Error(`zlib level ${String(params(c).zlib_level)} is not the H2O setting (9)`);
    return { actual: compressionRatio(c.input as string), expected: c.expected, tolerance: EXACT };
  },
  looping_longest_repeated_substring: (c) => {
    const r = longestRepeatedSubstring(c.input as string);
    const detail = c.expected_detail as { longest: string; count_nonoverlapping: number } | undefined;
    if (!detail) return { actual: r.value, expected: c.expected, tolerance: EXACT };
    return { actual: { value: r.value, longest: r.substring, count: r.count }, expected: { value: c.expected, longest: detail.longest, count: detail.count_nonoverlapping }, tolerance: EXACT };
  },
  looping_unique_sentences: (c) => {
    const input = c.input as { sentences: string[] };
    return { actual: uniqueSentenceRatio(input.sentences, { minSentenceChars: params(c).min_sentence_chars as number | undefined }), expected: c.expected, tolerance: EXACT };
  },
  looping_all: (c) => {
    // The output as a string, a non-string (worst values), or `{text, sentences?}` with pre-split sentences.
    const raw = c.input as unknown;
    const obj = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
    const text = obj ? (obj.text ?? obj.actual_output ?? obj.output) : raw;
    const sentences = obj?.sentences as string[] | undefined;
    const r = loopingScores(text as string, sentences ? { sentences } : {});
    // H2O's metric keys (LoopingDetectionEvaluator.METRIC_*), or the library's camelCase names if the case uses them.
    const camel = c.expected !== null && typeof c.expected === 'object' && 'uniqueSentences' in (c.expected as object);
    const actual = camel ? r : { unique_sentences: r.uniqueSentences, longest_repeated_substring: r.longestRepeatedSubstring, compression_ratio: r.compressionRatio };
    return { actual, expected: c.expected, tolerance: EXACT };
  },
  h2o_pii_leakage: (c) => {
    const input = c.input as { text: string; contexts?: string[] };
    const r = piiLeakage(input.text, { contexts: input.contexts });
    return { actual: { email: r.emails, credit_card: r.creditCards, ssn: r.ssns, pass: r.pass ? 1 : 0 }, expected: c.expected, tolerance: EXACT };
  },
};
