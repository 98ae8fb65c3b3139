import { invalidInput, invalidOption } from '@tensoreval/core';
import { sentenceBleu } from './bleu';
import { PY_DIGIT, PY_SPACE_CHARS, PY_WORD } from './python-regex';

// nltk RegexpTokenizer(r"\w+|\$[\d]+|[^\s\.]+") with Python's Unicode-aware classes.
const VALOR_TOKEN = new RegExp(`${PY_WORD}+|\\$${PY_DIGIT}+|[^.${PY_SPACE_CHARS}]+`, 'gu');
// The same classes restricted to ASCII text, where Unicode property matching is not needed (faster).
const VALOR_TOKEN_ASCII = /[A-Za-z0-9_]+|\$[0-9]+|[^\t-\r\x1c-\x20.]+/g;
const NON_ASCII = /[^\x00-\x7f]/;

/**
 * Valor's BLEU tokenizer: words, `$` amounts and any other run of non-space characters except
 * periods (which are dropped: `U.S.A.` → `U`, `S`, `A`). Case is kept.
 */
export function valorBleuTokenize(text: string): string[] {
  return text.match(NON_ASCII.test(text) ? VALOR_TOKEN : VALOR_TOKEN_ASCII) ?? [];
}

/**
 * Sentence BLEU as Valor's `calculate_sentence_bleu` (valor-lite text generation): Valor's tokenizer,
 * nltk `sentence_bleu` without smoothing, and scores below 1e-9 reported as 0.
 *
 * @param prediction the generated text
 * @param references one or more reference texts
 * @param weights n-gram weights (default `[0.25, 0.25, 0.25, 0.25]`); must be non-empty
 * @returns BLEU in [0, 1]; an empty prediction → 0
 * @throws InvalidOptionError on empty weights; InvalidInputError on an empty reference list
 * @example valorSentenceBleu('The U.S.A. is big.', ['The USA is big'], [1]) // 0.5
 */
export function valorSentenceBleu(prediction: string, references: readonly string[], weights: readonly number[] = [0.25, 0.25, 0.25, 0.25]): number {
  const fn = 'valorSentenceBleu';
  if (typeof prediction !== 'string') throw invalidInput(fn, 'prediction', 'be a string', typeof prediction, 'TE-204');
  if (!Array.isArray(references) || references.length === 0) throw invalidInput(fn, 'references', 'hold at least one reference text', Array.isArray(references) ? 'an empty list' : typeof references, 'TE-204');
  references.forEach((r, i) => {
    if (typeof r !== 'string') throw invalidInput(fn, { argument: 'references', index: i }, 'be a string', typeof r, 'TE-204');
  });
  if (!Array.isArray(weights) || weights.length === 0) throw invalidOption(fn, 'weights', 'a non-empty array of numbers', weights);
  const score = sentenceBleu(references.map(valorBleuTokenize), valorBleuTokenize(prediction), { weights });
  return score < 1e-9 ? 0 : score;
}
