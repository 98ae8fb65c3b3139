import { describe, expect, it } from 'vitest';
import { orderByScoreDesc } from '../src/detection/valor/score-order';
import { lcg } from './valor-harness';

describe('orderByScoreDesc (radix on float64 bits)', () => {
  it('matches a comparator sort by score desc then the tie-break, with negatives, -0 and ties', () => {
    const rand = lcg(7);
    const n = 5000;
    const score = Float64Array.from({ length: n }, () => (rand() < 0.3 ? Math.round(rand() * 20) / 10 - 1 : rand() < 0.05 ? -0 : rand() * 4 - 2));
    const rows = Int32Array.from({ length: n }, (_, i) => i).filter((i) => i % 3 !== 0);
    const tieBreak = (a: number, b: number) => b - a;
    const want = Array.from(rows).sort((a, b) => score[b]! - score[a]! || tieBreak(a, b));
    expect(Array.from(orderByScoreDesc(rows, score, tieBreak))).toEqual(want);
  });
});
