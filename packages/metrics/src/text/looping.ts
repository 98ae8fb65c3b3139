import { invalidInput } from '@tensoreval/core';
import pako from 'pako';
import { codePointLength } from './code-points';
import { defaultSentenceSplitter, type SentenceSplitter } from './sentence-splitter';

/**
 * Looping (repetition) detection as H2O Eval Studio's looping evaluator (h2o-sonar): unique-sentence
 * ratio, longest repeated substring share, and zlib compression ratio. Lower values mean more
 * looping. An empty or non-string output gets the worst values (0, 1 and 0 respectively).
 */

const encoder = new TextEncoder();

/** H2O keeps sentences of at least this many code points for the unique-sentence ratio. */
export const LOOPING_MIN_SENTENCE_CHARS = 10;

function sentencesOf(fn: string, input: string | readonly string[], splitter: SentenceSplitter): string[] {
  if (typeof input === 'string') return splitter.split(input);
  if (!Array.isArray(input)) throw invalidInput(fn, 'text', 'be a string or an array of sentences', typeof input, 'TE-204');
  input.forEach((s, i) => {
    if (typeof s !== 'string') throw invalidInput(fn, { argument: 'text', index: i }, 'be a string', typeof s, 'TE-204');
  });
  return input as string[];
}

/**
 * Distinct sentences / sentences, over sentences of ≥ `minSentenceChars` code points (exact,
 * case-sensitive equality). As in the reference, at most one distinct sentence scores 0 (so a single
 * long sentence, or none, scores 0).
 * @param text raw text (split with `splitter`) or already-split sentences
 */
export function uniqueSentenceRatio(text: string | readonly string[], opts: { splitter?: SentenceSplitter; minSentenceChars?: number } = {}): number {
  if (text === '') return 0;
  const min = opts.minSentenceChars ?? LOOPING_MIN_SENTENCE_CHARS;
  const kept = sentencesOf('uniqueSentenceRatio', text, opts.splitter ?? defaultSentenceSplitter).filter((s) => codePointLength(s) >= min);
  const distinct = new Set(kept).size;
  return distinct <= 1 ? 0 : distinct / kept.length;
}

/** Python `str.count` on code-point arrays: non-overlapping occurrences, left to right. */
function countNonOverlapping(s: Int32Array, sub: Int32Array): number {
  let count = 0;
  const last = s.length - sub.length;
  for (let i = 0; i <= last; ) {
    let k = 0;
    while (k < sub.length && s[i + k] === sub[k]) k++;
    if (k === sub.length) {
      count++;
      i += sub.length;
    } else i++;
  }
  return count;
}

/**
 * The longest substring that occurs twice without overlapping (first found on ties, scanning start
 * positions left to right), and `value = count · length / length(text)` with `count` its
 * non-overlapping occurrences; 0 when nothing repeats. Lengths are in code points.
 * O(n²·L) like the reference; meant for answers, not books.
 */
export function longestRepeatedSubstring(text: string): { value: number; substring: string; count: number } {
  if (typeof text !== 'string') throw invalidInput('longestRepeatedSubstring', 'text', 'be a string', typeof text, 'TE-204');
  if (text === '') return { value: 1, substring: '', count: 0 };
  const cps = Int32Array.from(text, (c) => c.codePointAt(0) as number);
  const n = cps.length;
  let bestStart = 0;
  let bestLen = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + bestLen + 1; j < n; j++) {
      let k = 0;
      while (i + k < j && j + k < n && cps[i + k] === cps[j + k]) k++;
      if (k > bestLen) {
        bestLen = k;
        bestStart = i;
      }
    }
  }
  if (bestLen === 0) return { value: 0, substring: '', count: 0 };
  const best = cps.subarray(bestStart, bestStart + bestLen);
  const count = countNonOverlapping(cps, best);
  return { value: (count * bestLen) / n, substring: String.fromCodePoint(...best), count };
}

/**
 * `min(1, len(zlib.compress(utf8, 9)) / len(utf8))`: the zlib stream (header + deflate + Adler-32)
 * at level 9. pako reproduces CPython's zlib 1.2.13 byte counts; Node's own zlib does not always.
 */
export function compressionRatio(text: string): number {
  if (typeof text !== 'string') throw invalidInput('compressionRatio', 'text', 'be a string', typeof text, 'TE-204');
  if (text === '') return 0;
  const bytes = encoder.encode(text);
  return Math.min(1, pako.deflate(bytes, { level: 9 }).length / bytes.length);
}

/** All three looping scores of one output. */
export function loopingScores(text: string, opts: { splitter?: SentenceSplitter; sentences?: readonly string[] } = {}): { uniqueSentences: number; longestRepeatedSubstring: number; compressionRatio: number } {
  if (typeof text !== 'string' || text === '') return { uniqueSentences: 0, longestRepeatedSubstring: 1, compressionRatio: 0 };
  return {
    uniqueSentences: uniqueSentenceRatio(opts.sentences ?? text, { splitter: opts.splitter }),
    longestRepeatedSubstring: longestRepeatedSubstring(text).value,
    compressionRatio: compressionRatio(text),
  };
}
