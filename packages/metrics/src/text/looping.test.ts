import { describe, expect, it } from 'vitest';
import { compressionRatio, longestRepeatedSubstring, loopingScores, uniqueSentenceRatio } from './looping';
import { ruleBasedSplitter } from './sentence-splitter';
import { codePointLength } from './code-points';

describe('looping scores (H2O semantics)', () => {
  it('gives the worst values to an empty output', () => {
    expect(loopingScores('')).toEqual({ uniqueSentences: 0, longestRepeatedSubstring: 1, compressionRatio: 0 });
  });
  it('compresses like CPython zlib level 9', () => {
    // CPython 3.11 / zlib 1.2.13: 23 bytes for these 71 bytes; Node's zlib differs on other inputs
    expect(compressionRatio('I am sorry. I am sorry. I am sorry. I am sorry. I am sorry. I am sorry.')).toBe(23 / 71);
    expect(compressionRatio('banana')).toBe(1);
  });
  it('finds the longest non-overlapping repeat in code points', () => {
    expect(longestRepeatedSubstring('mississippi')).toEqual({ value: 6 / 11, substring: 'iss', count: 2 });
    expect(longestRepeatedSubstring('a 😀😀 b 😀😀').substring).toBe(' 😀😀');
    expect(longestRepeatedSubstring('abc').value).toBe(0);
  });
  it('counts distinct long sentences; one distinct sentence scores 0', () => {
    expect(uniqueSentenceRatio(['ABCDEFGHIJ', 'ABCDEFGHI', 'ABCDEFGHIJ', 'KLMNOPQRST'])).toBe(2 / 3);
    expect(uniqueSentenceRatio('I am sorry now. I am sorry now. I am sorry now.')).toBe(0);
    expect(uniqueSentenceRatio('This is sentence one. This is sentence two.')).toBe(1);
  });
  it('rejects non-string sentences', () => {
    expect(() => uniqueSentenceRatio([1 as never])).toThrow(/`text` \(record 0\) of uniqueSentenceRatio/);
  });
});

describe('ruleBasedSplitter', () => {
  it('splits on terminators but not after abbreviations, initials or before lowercase', () => {
    const split = ruleBasedSplitter().split;
    expect(split('Dr. Smith met J. Doe at 3.30 p.m. today. He left! Did she? "Yes." Then e.g. this ends.')).toEqual([
      'Dr. Smith met J. Doe at 3.30 p.m. today.', 'He left!', 'Did she?', '"Yes."', 'Then e.g. this ends.',
    ]);
    expect(split('')).toEqual([]);
  });
});

describe('codePointLength', () => {
  it('counts a surrogate pair once', () => {
    expect(codePointLength('a😀b')).toBe(3);
  });
});
