import { describe, expect, it } from 'vitest';
import { accumulateNgramMatches, closestRefLength, TokenIds } from './ngram-match';

describe('TokenIds', () => {
  it('gives dense ids per segment, equal tokens equal ids', () => {
    const ids = new TokenIds();
    expect(Array.from(ids.reset().encode(['b', 'a', 'b']))).toEqual([0, 1, 0]);
    expect(Array.from(ids.encode(['a', 'c']))).toEqual([1, 2]);
    expect(ids.size).toBe(3);
    expect(Array.from(ids.reset().encode(['c', 'b']))).toEqual([0, 1]);
  });
  it('stays consistent when the process-wide table is emptied', () => {
    const a = new TokenIds();
    const b = new TokenIds();
    b.reset().encode(['x', 'y']);
    a.reset().encode(Array.from({ length: 270_000 }, (_, i) => `t${i}`)); // beyond the bound
    a.reset(); // empties the shared table
    expect(Array.from(a.encode(['y', 'x', 'y']))).toEqual([0, 1, 0]);
    expect(Array.from(b.reset().encode(['x', 'z', 'x']))).toEqual([0, 1, 0]);
  });
});

describe('accumulateNgramMatches', () => {
  it('clips by the max count over references, per order', () => {
    const ids = new TokenIds().reset();
    const hyp = ids.encode('the the the cat sat'.split(' '));
    const refs = ['the cat sat on the mat', 'the the cat'].map((r) => ids.encode(r.split(' ')));
    const matched = new Float64Array(3);
    const total = new Float64Array(3);
    accumulateNgramMatches(hyp, refs, 3, ids.size, matched, total);
    // unigrams: the ×3 clipped to 2, cat, sat → 4 of 5; bigrams: the the, the cat, cat sat → 3 of 4;
    // trigrams: the the cat (second ref), the cat sat (first ref) → 2 of 3
    expect(Array.from(matched)).toEqual([4, 3, 2]);
    expect(Array.from(total)).toEqual([5, 4, 3]);
  });
  it('picks the closest reference length, shorter on ties', () => {
    expect(closestRefLength([7, 3], 5)).toBe(3);
    expect(closestRefLength([3, 10], 5)).toBe(3);
    expect(closestRefLength([6, 4], 5)).toBe(4);
  });
});
