import { describe, expect, it } from 'vitest';
import { rouge, rougeMulti } from './rouge';
import { rougeTokenize } from './rouge-tokenizer';
import { porterStem } from './porter-stemmer';
import { valorRouge } from './valor-rouge';

describe('rouge', () => {
  it('matches rouge-score on its docstring example', () => {
    const s = rouge('The quick brown fox jumps over the lazy dog', 'The quick brown dog jumps on the log.');
    expect(s.rouge1).toEqual({ precision: 0.75, recall: 0.6666666666666666, fmeasure: 0.7058823529411765 });
    expect(s.rougeL!.fmeasure).toBe(0.5882352941176471);
  });
  it('stems only with useStemmer and only tokens longer than 3 characters', () => {
    expect(rougeTokenize('running was ran', { useStemmer: true })).toEqual(['run', 'was', 'ran']);
    expect(rouge('flip the roaring white dolphin', 'flipping the roaring white dolphin', { types: ['rouge1'], useStemmer: true }).rouge1!.fmeasure).toBe(1);
  });
  it('scores empty and punctuation-only texts 0', () => {
    for (const [t, p] of [['', 'x'], ['x', ''], ['...', '!!!']] as const) {
      for (const v of Object.values(rouge(t, p))) expect(v).toEqual({ precision: 0, recall: 0, fmeasure: 0 });
    }
  });
  it('uses union LCS per target line for rougeLsum', () => {
    const s = rouge('w1 w2 w3 w4 w5\nw6 w7 w8 w9 w10', 'w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5', { types: ['rougeL', 'rougeLsum'] });
    expect(s.rougeL!.recall).toBe(0.6);
    expect(s.rougeLsum!.recall).toBe(0.8);
  });
  it('gives the same scores whatever the order (or repetition) of types', () => {
    const t = 'a b c\nd e f g';
    const p = 'a c b\ng f e d';
    const one = rouge(t, p, { types: ['rougeL', 'rougeLsum'] });
    const other = rouge(t, p, { types: ['rougeLsum', 'rougeL', 'rougeL', 'rouge2'] });
    expect(other.rougeL).toEqual(one.rougeL);
    expect(other.rougeLsum).toEqual(one.rougeLsum);
  });
  it('accepts a custom tokenizer', () => {
    expect(rouge('A-B c', 'a-b C', { types: ['rouge1'], tokenizer: (t) => t.split(' ') }).rouge1!.fmeasure).toBe(0);
  });
  it('rejects unknown types, non-strings and empty target lists', () => {
    expect(() => rouge('a', 'b', { types: ['rouge0' as never] })).toThrow(/'types' option of rouge/);
    expect(() => rouge('a', 'b', { types: ['rouge10' as never] })).toThrow(/TE-102/);
    expect(() => rouge(null as never, 'b')).toThrow(/`target` of rouge to be a string/);
    expect(() => rougeMulti([], 'b')).toThrow(/`targets` of rougeMulti to hold at least one target/);
  });
});

describe('rougeMulti', () => {
  it('picks the best target per type, first on ties', () => {
    const s = rougeMulti(['one two', 'one two three four five'], 'one two three');
    expect(s.rouge1).toEqual({ precision: 0.6666666666666666, recall: 1, fmeasure: 0.8 });
  });
});

describe('porterStem (nltk NLTK_EXTENSIONS mode)', () => {
  it('applies the nltk extensions', () => {
    expect(['generously', 'dying', 'sky', 'ponies', 'agreed', 'happy', 'dies', 'flies', 'spied', 'died', 'enjoy', 'geology'].map(porterStem)).toEqual([
      'gener', 'die', 'sky', 'poni', 'agre', 'happi', 'die', 'fli', 'spi', 'die', 'enjoy', 'geolog',
    ]);
  });
  it('leaves words of 1–2 characters alone', () => {
    expect(porterStem('As')).toBe('as');
  });
});

describe('valorRouge', () => {
  it('reports the best F per type over references', () => {
    expect(valorRouge('a b c y', ['a b c d', 'a b x y', 'q r s t'])).toEqual({ rouge1: 0.75, rouge2: 0.6666666666666666, rougeL: 0.75, rougeLsum: 0.75 });
    expect(() => valorRouge('a', [])).toThrow(/`references` of valorRouge/);
  });
});
