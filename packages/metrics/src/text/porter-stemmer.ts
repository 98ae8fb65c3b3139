import { codePointLength } from './code-points';

/**
 * The Porter stemmer as nltk 3.8 `PorterStemmer()` runs it by default (mode NLTK_EXTENSIONS:
 * irregular forms, `ies`/`ied` on 4-letter words, `y → i` only after a consonant, `alli` first,
 * `fulli` and `logi` rules, 2-letter CVC). Algorithm: M. F. Porter, "An algorithm for suffix
 * stripping", Program 14(3), 1980; the NLTK extensions follow nltk/stem/porter.py.
 * This is neither the original-mode stemmer nor Snowball's "porter2".
 */

const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['sky', 'sky'], ['skies', 'sky'],
  ['dying', 'die'], ['lying', 'lie'], ['tying', 'tie'],
  ['news', 'news'],
  ['innings', 'inning'], ['inning', 'inning'],
  ['outings', 'outing'], ['outing', 'outing'],
  ['cannings', 'canning'], ['canning', 'canning'],
  ['howe', 'howe'],
  ['proceed', 'proceed'], ['exceed', 'exceed'], ['succeed', 'succeed'],
]);

function isVowelLetter(c: string): boolean {
  return c === 'a' || c === 'e' || c === 'i' || c === 'o' || c === 'u';
}

function isConsonant(word: string, i: number): boolean {
  const c = word[i] as string;
  if (isVowelLetter(c)) return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** m in [C](VC)^m[V]: the number of vowel→consonant transitions. */
function measure(stem: string): number {
  let m = 0;
  let previousVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const consonant = isConsonant(stem, i);
    if (consonant && previousVowel) m++;
    previousVowel = !consonant;
  }
  return m;
}

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

function endsCvc(word: string): boolean {
  const n = word.length;
  if (n >= 3 && isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1)) {
    const last = word[n - 1];
    if (last !== 'w' && last !== 'x' && last !== 'y') return true;
  }
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

/** A rule condition sees the stem left after removing the suffix, and the whole word. */
type Condition = ((stem: string, word: string) => boolean) | null;
type Rule = readonly [suffix: string, replacement: string, condition: Condition];

/** First rule whose suffix matches decides: replaced when its condition holds, else the word is kept. */
function applyRules(word: string, rules: readonly Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === '*d') {
      if (!endsDoubleConsonant(word)) continue;
      const stem = word.slice(0, -2);
      return condition === null || condition(stem, word) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = word.slice(0, word.length - suffix.length);
      return condition === null || condition(stem, word) ? stem + replacement : word;
    }
  }
  return word;
}

const positiveMeasure = (stem: string): boolean => measure(stem) > 0;
const measureAbove1 = (stem: string): boolean => measure(stem) > 1;

const STEP1A: readonly Rule[] = [['sses', 'ss', null], ['ies', 'i', null], ['ss', 'ss', null], ['s', '', null]];

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return `${word.slice(0, -3)}ie`;
  return applyRules(word, STEP1A);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.length === 4 ? `${word.slice(0, -3)}ie` : `${word.slice(0, -3)}i`;
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  let stem: string | undefined;
  for (const suffix of ['ed', 'ing']) {
    if (word.endsWith(suffix)) {
      const candidate = word.slice(0, word.length - suffix.length);
      if (containsVowel(candidate)) {
        stem = candidate;
        break;
      }
    }
  }
  if (stem === undefined) return word;
  const last = stem[stem.length - 1] as string;
  return applyRules(stem, [
    ['at', 'ate', null],
    ['bl', 'ble', null],
    ['iz', 'ize', null],
    ['*d', last, () => last !== 'l' && last !== 's' && last !== 'z'],
    ['', 'e', (s) => measure(s) === 1 && endsCvc(s)],
  ]);
}

const STEP1C: readonly Rule[] = [['y', 'i', (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]];

function step1c(word: string): string {
  return applyRules(word, STEP1C);
}

function step2(word: string): string {
  if (word.endsWith('alli') && positiveMeasure(word.slice(0, -4))) return step2(`${word.slice(0, -4)}al`);
  return applyRules(word, STEP2);
}

const STEP2: readonly Rule[] = [
  ['ational', 'ate', positiveMeasure],
  ['tional', 'tion', positiveMeasure],
  ['enci', 'ence', positiveMeasure],
  ['anci', 'ance', positiveMeasure],
  ['izer', 'ize', positiveMeasure],
  ['bli', 'ble', positiveMeasure],
  ['alli', 'al', positiveMeasure],
  ['entli', 'ent', positiveMeasure],
  ['eli', 'e', positiveMeasure],
  ['ousli', 'ous', positiveMeasure],
  ['ization', 'ize', positiveMeasure],
  ['ation', 'ate', positiveMeasure],
  ['ator', 'ate', positiveMeasure],
  ['alism', 'al', positiveMeasure],
  ['iveness', 'ive', positiveMeasure],
  ['fulness', 'ful', positiveMeasure],
  ['ousness', 'ous', positiveMeasure],
  ['aliti', 'al', positiveMeasure],
  ['iviti', 'ive', positiveMeasure],
  ['biliti', 'ble', positiveMeasure],
  ['fulli', 'ful', positiveMeasure],
  // The 'l' stays with the stem so that short stems (geo-, theo-) behave like long ones.
  ['logi', 'log', (_stem, word) => positiveMeasure(word.slice(0, -3))],
];

function step3(word: string): string {
  return applyRules(word, STEP3);
}

const STEP3: readonly Rule[] = [
  ['icate', 'ic', positiveMeasure],
  ['ative', '', positiveMeasure],
  ['alize', 'al', positiveMeasure],
  ['iciti', 'ic', positiveMeasure],
  ['ical', 'ic', positiveMeasure],
  ['ful', '', positiveMeasure],
  ['ness', '', positiveMeasure],
];

function step4(word: string): string {
  return applyRules(word, STEP4);
}

const STEP4: readonly Rule[] = [
  ['al', '', measureAbove1],
  ['ance', '', measureAbove1],
  ['ence', '', measureAbove1],
  ['er', '', measureAbove1],
  ['ic', '', measureAbove1],
  ['able', '', measureAbove1],
  ['ible', '', measureAbove1],
  ['ant', '', measureAbove1],
  ['ement', '', measureAbove1],
  ['ment', '', measureAbove1],
  ['ent', '', measureAbove1],
  ['ion', '', (stem) => measure(stem) > 1 && (stem.endsWith('s') || stem.endsWith('t'))],
  ['ou', '', measureAbove1],
  ['ism', '', measureAbove1],
  ['ate', '', measureAbove1],
  ['iti', '', measureAbove1],
  ['ous', '', measureAbove1],
  ['ive', '', measureAbove1],
  ['ize', '', measureAbove1],
];

function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  if (m > 1 || (m === 1 && !endsCvc(stem))) return stem;
  return word;
}

const STEP5B: readonly Rule[] = [['ll', 'l', (_stem, word) => measure(word.slice(0, -1)) > 1]];

function step5b(word: string): string {
  return applyRules(word, STEP5B);
}

/**
 * Stems one word like nltk's `PorterStemmer().stem(word)` (lowercases first; words of 1–2
 * characters are returned lowercased, unstemmed).
 * @example porterStem('generously') // 'gener'
 */
export function porterStem(word: string): string {
  let stem = memo.get(word);
  if (stem === undefined) {
    stem = stemUncached(word);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(word, stem);
  }
  return stem;
}

// Stems repeat heavily in real text (Zipf), so a bounded memo pays for itself.
const MEMO_LIMIT = 100_000;
const memo = new Map<string, string>();

function stemUncached(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return IRREGULAR.get(lower) ?? irregular;
  if (codePointLength(word) <= 2) return lower;
  let stem = step1a(lower);
  stem = step1b(stem);
  stem = step1c(stem);
  stem = step2(stem);
  stem = step3(stem);
  stem = step4(stem);
  stem = step5a(stem);
  return step5b(stem);
}
