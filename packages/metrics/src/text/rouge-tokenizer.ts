import { porterStem } from './porter-stemmer';

const NON_ALPHANUMERIC = /[^a-z0-9]+/g;
const WHITESPACE = /\s+/;
const VALID_TOKEN = /^[a-z0-9]+$/;

/** A ROUGE tokenizer: text → tokens. */
export type RougeTokenizer = (text: string) => string[];

/**
 * rouge-score's `DefaultTokenizer`: lowercase, every run of characters outside `[a-z0-9]` becomes
 * one space (so non-ASCII letters, `_`, `'` and `-` separate words), split on whitespace, then with
 * `useStemmer` Porter-stem (nltk) tokens longer than 3 characters, and keep `^[a-z0-9]+$` tokens.
 * @example rougeTokenize("it's a test-case") // ['it', 's', 'a', 'test', 'case']
 */
export function rougeTokenize(text: string, opts: { useStemmer?: boolean } = {}): string[] {
  const words = text.toLowerCase().replace(NON_ALPHANUMERIC, ' ').split(WHITESPACE);
  const out: string[] = [];
  for (const w of words) {
    const token = opts.useStemmer && w.length > 3 ? porterStem(w) : w;
    if (VALID_TOKEN.test(token)) out.push(token);
  }
  return out;
}
