import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate';
import { compareOutput } from './valor-compare';
import { caseToRequest, expectedOutputs, listValorCases } from './valor-cases';

const TOLERANCE = 1e-12;

describe('valor-lite reference cases through evaluate()', () => {
  for (const c of listValorCases()) {
    it(c.file, async () => {
      const expected = expectedOutputs(c);
      const errors = Object.values(expected).filter((v) => v !== null && typeof v === 'object' && 'error' in v);
      if (errors.length > 0) {
        await expect(evaluate(caseToRequest(c))).rejects.toThrow();
        return;
      }
      const actual = await evaluate(caseToRequest(c));
      const diffs = Object.keys(expected).flatMap((id) => compareOutput(actual[id], expected[id], TOLERANCE, id));
      expect(diffs.slice(0, 10)).toEqual([]);
    });
  }
});
