import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idfWeight, referenceIdf } from './bertscore-idf';

describe('bert_score idf', () => {
  it('weighs ids by the references containing them; an id in no reference gets ln(N + 1), never a silent 0 or 1', () => {
    const table = referenceIdf([[101, 7, 7, 102], [101, 7, 8, 102]]);
    expect(table.numDocs).toBe(2);
    expect(idfWeight(table, 101)).toBe(0); // in every reference
    expect(idfWeight(table, 7)).toBe(0); // counted once per reference
    expect(idfWeight(table, 8)).toBe(Math.log(3 / 2));
    expect(table.byId.has(999)).toBe(false);
    expect(idfWeight(table, 999)).toBe(Math.log(3)); // bert_score's defaultdict: df = 0
  });

  it('the weight of an id in no reference exceeds every table entry (df >= 1 there)', () => {
    fc.assert(fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 8 }), { minLength: 1, maxLength: 6 }), (refs) => {
      const table = referenceIdf(refs);
      for (const w of table.byId.values()) expect(w).toBeLessThan(idfWeight(table, -1));
    }), { seed: 11, numRuns: 300 });
  });
});
