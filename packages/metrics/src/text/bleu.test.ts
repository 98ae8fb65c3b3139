import { describe, expect, it } from 'vitest';
import { setWarningHandler } from '@tensoreval/core';
import { corpusBleu, sentenceBleu } from './bleu';
import { valorBleuTokenize, valorSentenceBleu } from './valor-bleu';
import { fsum } from './fsum';

setWarningHandler(() => {});

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(b)));

describe('sentenceBleu (nltk 3.8 values)', () => {
  it('scores an exact 3-token match as tiny-but-positive without smoothing', () => {
    // nltk: 4-gram precision 0/1 becomes sys.float_info.min
    expect(sentenceBleu([['Mary', 'loves', 'Joe']], ['Mary', 'loves', 'Joe'])).toBe(1.2213386697554703e-77);
  });
  it('returns exactly 0 when no unigram matches, whatever the smoothing', () => {
    for (const smoothing of ['none', 'method1', 'method4', 'method7'] as const) {
      expect(sentenceBleu([['a', 'b']], ['c', 'd'], { smoothing })).toBe(0);
    }
  });
  it('returns 0 for an empty hypothesis', () => {
    expect(sentenceBleu([['a']], [])).toBe(0);
  });
  it('returns one score per weight vector', () => {
    expect(sentenceBleu([['a', 'b', 'c', 'd']], ['a', 'b', 'c', 'd'], { weights: [[0.25, 0.25, 0.25, 0.25], [0.5, 0.5], [1]] })).toEqual([1, 1, 1]);
  });
  it('applies method2 (+1 on orders ≥ 2)', () => {
    // p = [2/2, (1+1)/(1+1), (0+1)/(1+1), (0+1)/(1+1)], BP = exp(1 − 6/2)
    const got = sentenceBleu([['the', 'cat', 'sat', 'on', 'the', 'mat']], ['the', 'cat'], { smoothing: 'method2' });
    const p = [2 / 2, 2 / 2, 1 / 2, 1 / 2];
    close(got, Math.exp(1 - 6 / 2) * Math.exp(fsum(p.map((x) => 0.25 * Math.log(x)))));
  });
  it('rejects an empty reference list, bad weights and an unknown smoothing', () => {
    expect(() => sentenceBleu([], ['a'])).toThrow(/`references` of sentenceBleu to hold at least one reference/);
    expect(() => sentenceBleu([['a']], ['a'], { weights: [] })).toThrow(/'weights' option of sentenceBleu/);
    expect(() => sentenceBleu([['a']], ['a'], { smoothing: 'method9' as never })).toThrow(/'smoothing' option/);
  });
  it('method6 needs a matching trigram', () => {
    expect(() => sentenceBleu([['a', 'b', 'c']], ['a', 'b', 'd'], { smoothing: 'method6' })).toThrow(/trigram/);
  });
});

describe('corpusBleu', () => {
  it('pools counts with a per-segment denominator of at least 1 (nltk)', () => {
    const got = corpusBleu([[['the', 'cat', 'sat', 'on', 'the', 'mat']], [['a', 'b', 'c', 'd']]], [['the', 'cat', 'sat'], ['a', 'b', 'c', 'd']], { smoothing: 'method1' });
    expect(got).toBe(0.5477927682341229);
  });
  it('rejects mismatched lengths', () => {
    expect(() => corpusBleu([[['a']]], [['a'], ['b']])).toThrow(/TE-202/);
  });
  it('scores an empty corpus 0', () => {
    expect(corpusBleu([], [])).toBe(0);
  });
});

describe('valorSentenceBleu (valor-lite e25cd0f values)', () => {
  it('tokenizes like nltk RegexpTokenizer(\\w+|\\$[\\d]+|[^\\s\\.]+)', () => {
    expect(valorBleuTokenize("It costs $100. Really, it's cheap!")).toEqual(['It', 'costs', '$100', 'Really', ',', 'it', "'s", 'cheap', '!']);
    expect(valorBleuTokenize('The U.S.A. is big.')).toEqual(['The', 'U', 'S', 'A', 'is', 'big']);
    expect(valorBleuTokenize('café crème')).toEqual(['café', 'crème']);
    // nltk 3.10 compiles the pattern with the `regex` engine: \s is Unicode White_Space (U+001C is not a space,
    // U+0085 and U+2028 are), \w Unicode's word class (combining marks and joiners stay in the word, '²' is not
    // a digit). Tokens from nltk 3.10.3's RegexpTokenizer, on the ASCII and the Unicode path.
    expect(valorBleuTokenize('a\x1cb c.d')).toEqual(['a', '\x1cb', 'c', 'd']);
    expect(valorBleuTokenize('a\x1cb c.dé')).toEqual(['a', '\x1cb', 'c', 'dé']);
    expect(valorBleuTokenize('नमस्ते दुनिया.')).toEqual(['नमस्ते', 'दुनिया']);
    expect(valorBleuTokenize('cafe\u0301 x² a\u200db')).toEqual(['cafe\u0301', 'x', '²', 'a\u200db']);
    expect(valorBleuTokenize('مَرْحَبًا ١٢٣ $١٢')).toEqual(['مَرْحَبًا', '١٢٣', '$١٢']);
    expect(valorBleuTokenize('a\u2028b\x85c\u00a0d\ufeffe')).toEqual(['a', 'b', 'c', 'd', '\ufeffe']);
    expect(valorBleuTokenize('\u3000日本語\u3000テキスト。')).toEqual(['日本語', 'テキスト', '。']);
    expect(valorBleuTokenize('x_y\u203fz')).toEqual(['x_y\u203fz']);
  });
  it("tokenizes like nltk 3.8's RegexpTokenizer (Python re's classes) with regexEngine 're'", () => {
    // tokens from Debian's python3-nltk 3.8: \s holds U+001C, \w is str.isalnum() and '_' (marks split words, '²' is a word character)
    expect(valorBleuTokenize('a\x1cb c.d', 're')).toEqual(['a', 'b', 'c', 'd']);
    expect(valorBleuTokenize('नमस्ते दुनिया.', 're')).toEqual(['नमस', '्ते', 'द', 'ुनिया']);
    expect(valorBleuTokenize('cafe\u0301 x² a\u200db', 're')).toEqual(['cafe', '\u0301', 'x²', 'a', '\u200db']);
    expect(valorBleuTokenize('a\u2028b\x85c\u00a0d\ufeffe', 're')).toEqual(['a', 'b', 'c', 'd', '\ufeffe']);
    expect(valorSentenceBleu('x² y', ['x y'], [1], { regexEngine: 're' })).toBe(0.5);
    expect(() => valorSentenceBleu('a', ['a'], [1], { regexEngine: 'pcre' as never })).toThrow(/'regexEngine' option of valorSentenceBleu/);
  });
  it('clamps scores below 1e-9 to 0 and matches Valor on partial overlaps', () => {
    expect(valorSentenceBleu('Mary loves Joe', ['Mary loves Joe'])).toBe(0);
    expect(valorSentenceBleu('The U.S.A. is big.', ['The USA is big'], [1])).toBe(0.5);
    expect(valorSentenceBleu('the cat is on the mat', ['there is a cat on the mat', 'a cat is on the mat'])).toBe(0.7598356856515925);
    expect(valorSentenceBleu('the the the cat is on the mat today and tomorrow', ['the cat is on the mat'])).toBe(0.4617366309441026);
    // Math.log would give 0.3062049088236488 here (fdlibm vs glibc rounding of log(8/15))
    expect(valorSentenceBleu('The quick brown fox jumps over the lazy dog while the cat watches from the window', ['A quick brown fox jumped over the lazy dog as the cat watched from the window'])).toBe(0.30620490882364876);
    expect(valorSentenceBleu('', ['some reference'], [1])).toBe(0);
    // nltk 3.10.3 on Unicode tokens
    expect(valorSentenceBleu('x² y', ['x y'], [1])).toBe(0.6666666666666666);
    expect(valorSentenceBleu('नमस्ते दुनिया मेरे दोस्त', ['नमस्ते दुनिया मेरे प्यारे दोस्त'], [0.5, 0.5])).toBe(0.6358881766016378);
  });
  it('rejects empty weights and empty references', () => {
    expect(() => valorSentenceBleu('a', ['a'], [])).toThrow(/'weights' option of valorSentenceBleu/);
    expect(() => valorSentenceBleu('a', [])).toThrow(/`references` of valorSentenceBleu/);
  });
});

describe('fsum', () => {
  it('is correctly rounded where a naive sum is not', () => {
    expect(fsum([1e100, 1, -1e100, 1e-100])).toBe(1);
    expect(fsum([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1])).toBe(1);
    expect(fsum([])).toBe(0);
  });
});
