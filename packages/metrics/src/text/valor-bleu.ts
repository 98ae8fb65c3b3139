import { invalidInput, invalidOption } from '@tensoreval/core';
import { sentenceBleu } from './bleu';
import { PY_DIGIT, PY_SPACE_CHARS, PY_WORD } from './python-regex';

/**
 * The Python regex engine nltk's RegexpTokenizer compiles Valor's pattern with: `'regex'` in nltk
 * 3.10.3 (the version Valor's cases were made with), `'re'` in nltk 3.8. Their classes differ
 * beyond ASCII: `regex`'s \w is Unicode's word class (letters, marks, decimal digits, connector
 * punctuation, joiners), so 'नमस्ते' is one word and 'x²' two tokens; `re`'s \w is str.isalnum()
 * and `_`, which splits at combining marks and keeps '²' in the word. `regex`'s \s is Unicode's
 * White_Space; `re`'s also holds U+001C-U+001F.
 */
export type NltkRegexEngine = 'regex' | 're';

/** Valor's pattern r"\w+|\$[\d]+|[^\s\.]+" under each engine, and its ASCII-only form (no property matching: faster). */
const VALOR_TOKEN: Record<NltkRegexEngine, { unicode: RegExp; ascii: RegExp }> = {
  regex: {
    unicode: /[\p{Alphabetic}\p{M}\p{Nd}\p{Pc}\p{Join_Control}]+|\$\p{Nd}+|[^\p{White_Space}.]+/gu,
    ascii: /[A-Za-z0-9_]+|\$[0-9]+|[^\t-\r .]+/g,
  },
  re: {
    unicode: new RegExp(`${PY_WORD}+|\\$${PY_DIGIT}+|[^.${PY_SPACE_CHARS}]+`, 'gu'),
    ascii: /[A-Za-z0-9_]+|\$[0-9]+|[^\t-\r\x1c-\x20.]+/g,
  },
};
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Valor's BLEU tokenizer: words, `$` amounts and any other run of non-space characters except
 * periods (which are dropped: `U.S.A.` → `U`, `S`, `A`). Case is kept. `engine` picks the nltk
 * version's regex classes (default `'regex'`, nltk 3.10.3).
 */
export function valorBleuTokenize(text: string, engine: NltkRegexEngine = 'regex'): string[] {
  const pattern = VALOR_TOKEN[engine];
  return text.match(NON_ASCII.test(text) ? pattern.unicode : pattern.ascii) ?? [];
}

/**
 * Sentence BLEU as Valor's `calculate_sentence_bleu` (valor-lite text generation): Valor's tokenizer,
 * nltk `sentence_bleu` without smoothing, and scores below 1e-9 reported as 0.
 *
 * @param prediction the generated text
 * @param references one or more reference texts
 * @param weights n-gram weights (default `[0.25, 0.25, 0.25, 0.25]`); must be non-empty
 * @param options `regexEngine`: the tokenizer's regex classes as nltk 3.10.3 (`'regex'`, default) or nltk 3.8 (`'re'`) runs them; they differ beyond ASCII
 * @returns BLEU in [0, 1]; an empty prediction → 0
 * @throws InvalidOptionError on empty weights or an unknown engine; InvalidInputError on an empty reference list
 * @example valorSentenceBleu('The U.S.A. is big.', ['The USA is big'], [1]) // 0.5
 */
export function valorSentenceBleu(prediction: string, references: readonly string[], weights: readonly number[] = [0.25, 0.25, 0.25, 0.25], options: { regexEngine?: NltkRegexEngine } = {}): number {
  const fn = 'valorSentenceBleu';
  if (typeof prediction !== 'string') throw invalidInput(fn, 'prediction', 'be a string', typeof prediction, 'TE-204');
  if (!Array.isArray(references) || references.length === 0) throw invalidInput(fn, 'references', 'hold at least one reference text', Array.isArray(references) ? 'an empty list' : typeof references, 'TE-204');
  references.forEach((r, i) => {
    if (typeof r !== 'string') throw invalidInput(fn, { argument: 'references', index: i }, 'be a string', typeof r, 'TE-204');
  });
  if (!Array.isArray(weights) || weights.length === 0) throw invalidOption(fn, 'weights', 'a non-empty array of numbers', weights);
  const engine = options.regexEngine ?? 'regex';
  if (engine !== 'regex' && engine !== 're') throw invalidOption(fn, 'regexEngine', "'regex' (nltk 3.10.3) or 're' (nltk 3.8)", engine);
  const tokens = (text: string) => valorBleuTokenize(text, engine);
  const score = sentenceBleu(references.map(tokens), tokens(prediction), { weights });
  return score < 1e-9 ? 0 : score;
}
