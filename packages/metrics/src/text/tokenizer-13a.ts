import { PY_SPACE } from './python-regex';

// sacrebleu's TokenizerRegexp (mteval-v13a.pl), applied in this order.
const PUNCTUATION = /([{-~[-` -&(-+:-@/])/g;
const PERIOD_COMMA_AFTER_NON_DIGIT = /([^0-9])([.,])/g;
const PERIOD_COMMA_BEFORE_NON_DIGIT = /([.,])([^0-9])/g;
const DASH_AFTER_DIGIT = /([0-9])(-)/g;
const PY_WHITESPACE_RUN = new RegExp(`${PY_SPACE}+`, 'u');
const PY_TRAILING_WHITESPACE = new RegExp(`${PY_SPACE}+$`, 'u');

/** Python `str.split()` without arguments: split on whitespace runs, no empty strings. */
export function pySplit(text: string): string[] {
  return text.split(PY_WHITESPACE_RUN).filter((t) => t.length > 0);
}

/** Python `str.rstrip()` without arguments. */
export function pyRstrip(text: string): string {
  return text.replace(PY_TRAILING_WHITESPACE, '');
}

/**
 * SacreBLEU's default `13a` tokenizer (the WMT mteval-v13a.pl rules): drops `<skipped>` and `-\n`,
 * turns newlines into spaces, unescapes `&quot; &amp; &lt; &gt;`, splits ASCII punctuation except
 * `'`, splits `.`/`,` unless between digits, splits `-` after a digit, and collapses whitespace.
 * Non-ASCII text is left alone.
 * @example tokenize13a('3.14 is pi, 1,000 people') // '3.14 is pi , 1,000 people'
 */
export function tokenize13a(line: string): string {
  let s = line.replaceAll('<skipped>', '').replaceAll('-\n', '').replaceAll('\n', ' ');
  if (s.includes('&')) s = s.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');
  s = ` ${s} `;
  s = s.replace(PUNCTUATION, ' $1 ');
  s = s.replace(PERIOD_COMMA_AFTER_NON_DIGIT, '$1 $2 ');
  s = s.replace(PERIOD_COMMA_BEFORE_NON_DIGIT, ' $1 $2');
  s = s.replace(DASH_AFTER_DIGIT, '$1 $2 ');
  return pySplit(s).join(' ');
}

// sacrebleu's TokenizerV14International (mteval-v14 --international-tokenization), in this order.
const PUNCT_AFTER_NON_NUMBER = /(\P{N})(\p{P})/gu;
const PUNCT_BEFORE_NON_NUMBER = /(\p{P})(\P{N})/gu;
const SYMBOL = /(\p{S})/gu;

/**
 * SacreBLEU's `intl` tokenizer: splits Unicode punctuation from neighbouring non-numbers and every
 * Unicode symbol, then collapses whitespace. Character classes come from the JS engine's Unicode
 * tables, which can differ from Python `regex`'s for characters added in recent Unicode versions.
 */
export function tokenizeIntl(line: string): string {
  let s = line.replace(PUNCT_AFTER_NON_NUMBER, '$1 $2 ');
  s = s.replace(PUNCT_BEFORE_NON_NUMBER, ' $1 $2');
  s = s.replace(SYMBOL, ' $1 ');
  return pySplit(s).join(' ');
}

/** SacreBLEU's `char` tokenizer: every non-space character is a token. */
export function tokenizeChar(line: string): string {
  return Array.from(line).join(' ');
}
