import { porterStem } from './porter-stemmer';

/** A ROUGE tokenizer: text → tokens. */
export type RougeTokenizer = (text: string) => string[];

function isAsciiAlphanumeric(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
}

/**
 * rouge-score's `DefaultTokenizer`: lowercase, every run of characters outside `[a-z0-9]` becomes
 * one space (so non-ASCII letters, `_`, `'` and `-` separate words), split on whitespace, then with
 * `useStemmer` Porter-stem (nltk) tokens longer than 3 characters, and keep `^[a-z0-9]+$` tokens.
 * Those steps leave exactly the maximal `[a-z0-9]` runs of the lowercased text, which is how this
 * scans it (one pass, no regex).
 * @example rougeTokenize("it's a test-case") // ['it', 's', 'a', 'test', 'case']
 */
export function rougeTokenize(text: string, opts: { useStemmer?: boolean } = {}): string[] {
  const lower = text.toLowerCase();
  const stem = opts.useStemmer === true;
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const inToken = i < lower.length && isAsciiAlphanumeric(lower.charCodeAt(i));
    if (inToken) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      const token = lower.slice(start, i);
      out.push(stem && token.length > 3 ? porterStem(token) : token);
      start = -1;
    }
  }
  return out;
}
