import { describe, expect, it } from 'vitest';
import { radixSortDesc } from './score-order';

/** Stable descending order by key (ties keep `order`'s order; -0 equals +0), with a comparator. */
function reference(order: Int32Array, key: Float64Array): number[] {
  return Array.from(order).map((row, pos) => ({ row, pos })).sort((a, b) => ((key[b.row] as number) - (key[a.row] as number)) || a.pos - b.pos).map((e) => e.row);
}

describe('radixSortDesc', () => {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const cases: Array<[string, Float64Array]> = [
    ['scores in [0, 1) with ties', Float64Array.from({ length: 5000 }, () => Math.floor(rnd() * 300) / 297)],
    ['mixed signs, -0 and +0', Float64Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? (i % 2 ? -0 : 0) : (rnd() - 0.5) * 1e6))],
    ['all keys equal (every pass skipped)', new Float64Array(1000).fill(0.25)],
    ['keys differing only in the low word', Float64Array.from({ length: 2000 }, (_, i) => 1 + (i % 13) * 2 ** -52)],
    ['empty', new Float64Array(0)],
  ];
  it.each(cases)('%s: stable descending, as a comparator sort', (_what, key) => {
    const order = Int32Array.from({ length: key.length }, (_, i) => (i * 7919) % key.length);
    expect(Array.from(radixSortDesc(order, key))).toEqual(reference(order, key));
  });
});
