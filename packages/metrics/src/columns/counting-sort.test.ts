import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { binOffsets, countingSortBy, identityOrder } from './counting-sort';

const keyed = fc.integer({ min: 1, max: 12 }).chain((bins) => fc.record({
  bins: fc.constant(bins),
  key: fc.array(fc.integer({ min: 0, max: bins - 1 }), { maxLength: 200 }).map((k) => Int32Array.from(k)),
}));

describe('countingSortBy', () => {
  it('orders rows by key and keeps the given order within a key (a stable comparator sort)', () => {
    fc.assert(fc.property(keyed, fc.integer(), ({ bins, key }, seed) => {
      // a scrambled starting order, so stability is checked against something other than 0..n-1
      const order = identityOrder(key.length).map((_, i) => (i * 7 + (seed >>> 0)) % key.length);
      const unique = new Set(order).size === order.length ? order : identityOrder(key.length);
      const expected = Array.from(unique).map((row, pos) => ({ row, pos })).sort((a, b) => (key[a.row] as number) - (key[b.row] as number) || a.pos - b.pos).map((e) => e.row);
      expect(Array.from(countingSortBy(unique, key, bins))).toEqual(expected);
    }));
  });
});

describe('binOffsets', () => {
  it('gives each bin its start among the sorted rows, over all keys or the listed rows', () => {
    fc.assert(fc.property(keyed, ({ bins, key }) => {
      const start = binOffsets(key, bins);
      expect(start.length).toBe(bins + 1);
      expect(start[bins]).toBe(key.length);
      const sorted = countingSortBy(identityOrder(key.length), key, bins);
      for (let b = 0; b < bins; b++) {
        for (let i = start[b] as number; i < (start[b + 1] as number); i++) expect(key[sorted[i] as number]).toBe(b);
      }
      const some = sorted.filter((_, i) => i % 2 === 0);
      const counted = binOffsets(key, bins, some);
      for (let b = 0; b < bins; b++) expect((counted[b + 1] as number) - (counted[b] as number)).toBe(some.filter((r) => key[r] === b).length);
    }));
  });
});
