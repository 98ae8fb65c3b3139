/**
 * Sentence splitting. The references (H2O's evaluators) use nltk's Punkt model, which needs trained
 * data this project does not ship; metrics therefore take a {@link SentenceSplitter} (or
 * pre-split sentences) and default to {@link ruleBasedSplitter}.
 */
export interface SentenceSplitter {
  split(text: string): string[];
}

/** Abbreviations after which a period does not end a sentence (lowercase, without the period). */
export const SENTENCE_ABBREVIATIONS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'dr', 'prof', 'sr', 'jr', 'st', 'mt', 'vs', 'etc', 'e.g', 'i.e', 'cf', 'al',
  'inc', 'ltd', 'co', 'corp', 'no', 'vol', 'fig', 'approx', 'dept', 'est', 'jan', 'feb', 'mar',
  'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec', 'u.s', 'u.k', 'a.m', 'p.m',
]);

// A terminator run (. ! ? … ; repeated), optional closing quotes/brackets, then whitespace.
const BOUNDARY = /([.!?\u2026]+)(["'\u2019\u201d)\]]*)(\s+)/g;

/**
 * A documented rule-based splitter, close to Punkt on ordinary prose: a sentence ends at `.`, `!`,
 * `?` or `…` (optionally followed by closing quotes or brackets) followed by whitespace, except
 * after a known abbreviation or a single-letter initial (`J. Smith`), and except before a
 * lowercase letter when the terminator is a period (`e.g. this`). Newlines alone do not split.
 * Sentences are trimmed; empty ones are dropped.
 */
export function ruleBasedSplitter(abbreviations: ReadonlySet<string> = SENTENCE_ABBREVIATIONS): SentenceSplitter {
  return {
    split(text: string): string[] {
      const out: string[] = [];
      let start = 0;
      for (const m of text.matchAll(BOUNDARY)) {
        const terminator = m[1] as string;
        const end = (m.index as number) + terminator.length + (m[2] as string).length;
        const next = text.slice(end + (m[3] as string).length, end + (m[3] as string).length + 1);
        if (terminator === '.') {
          const word = /(\S+)$/.exec(text.slice(start, m.index))?.[1] ?? '';
          const bare = word.replace(/^["'(\[\u2018\u201c]+/, '').toLowerCase();
          if (abbreviations.has(bare) || /^\p{L}$/u.test(bare) || /^\p{Ll}/u.test(next)) continue;
        }
        const sentence = text.slice(start, end).trim();
        if (sentence.length > 0) out.push(sentence);
        start = end;
      }
      const rest = text.slice(start).trim();
      if (rest.length > 0) out.push(rest);
      return out;
    },
  };
}

/** The splitter used when a metric is given raw text and no splitter. */
export const defaultSentenceSplitter: SentenceSplitter = ruleBasedSplitter();
