import { describe, expect, it } from 'vitest';
import { sacreBleu, sacreSentenceBleu } from './sacrebleu';
import { tokenize13a, tokenizeChar, tokenizeIntl } from './tokenizer-13a';

describe('sacreBleu', () => {
  it('matches sacrebleu 2.6 on a basic corpus', () => {
    const r = sacreBleu(['The cat is on the mat.'], [['The cat sat on the mat.']]);
    expect(r.score).toBeCloseTo(48.892302243490086, 12);
    expect(r.counts).toEqual([6, 4, 2, 1]);
    expect(r.signature).toMatch(/^nrefs:1\|case:mixed\|eff:no\|tok:13a\|smooth:exp\|version:/);
  });
  it('scores 0 without any 4-gram unless effective order is on', () => {
    expect(sacreBleu(['a b c'], [['a b c d e f']]).score).toBe(0);
    expect(sacreSentenceBleu('a b', ['a b c d']).score).toBeCloseTo(36.78794411714425, 12);
  });
  it('adds k to orders ≥ 2 with add-k and records it in the counts and signature', () => {
    const r = sacreBleu(['a b c'], [['a b c d e f']], { smoothMethod: 'add-k' });
    expect(r.counts).toEqual([3, 3, 2, 1]);
    expect(r.signature).toContain('smooth:add-k[1.00]');
  });
  it('skips missing references of a segment and reports nrefs:var', () => {
    const r = sacreBleu(['a b c d', 'e f g h'], [['a b c d', 'e f g h'], ['a b c d', '']]);
    expect(r.score).toBeCloseTo(100, 12);
    expect(r.signature).toContain('nrefs:var');
  });
  it('rejects mismatched streams, segments without references and unknown tokenizers', () => {
    expect(() => sacreBleu(['a', 'b'], [['a']])).toThrow(/TE-202/);
    expect(() => sacreBleu(['a'], [['']])).toThrow(/at least one non-empty reference/);
    expect(() => sacreBleu(['a'], [])).toThrow(/`referenceStreams` of sacreBleu/);
    expect(() => sacreBleu(['a'], [['a']], { tokenize: 'zh' as never })).toThrow(/'tokenize' option/);
    expect(() => sacreSentenceBleu('a', [])).toThrow(/`references` of sacreSentenceBleu/);
  });
});

describe('tokenize13a', () => {
  it('splits punctuation but keeps numbers and apostrophes', () => {
    expect(tokenize13a('Hello, world!')).toBe('Hello , world !');
    expect(tokenize13a('3.14 is pi, 1,000 people')).toBe('3.14 is pi , 1,000 people');
    expect(tokenize13a("l'homme &amp; 5-6")).toBe("l'homme & 5 - 6");
    expect(tokenize13a('end-\nof line<skipped>')).toBe('endof line');
  });
});

describe('tokenizeIntl / tokenizeChar', () => {
  it('splits Unicode punctuation and symbols but keeps numbers together', () => {
    expect(tokenizeIntl('Größe: 3.5€, «ja»!')).toBe('Größe : 3.5 € , « ja » !');
    expect(tokenizeIntl('1,000.5')).toBe('1,000.5');
  });
  it('makes every non-space character a token', () => {
    expect(tokenizeChar('ab c😀')).toBe('a b   c 😀');
    expect(sacreBleu(['ab c'], [['ab c']], { tokenize: 'char', effectiveOrder: true }).totals).toEqual([3, 2, 1, 0]);
  });
});
