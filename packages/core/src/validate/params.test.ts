import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../errors';
import { checkBoolean, checkInteger, checkKnownOptions, checkNumber, checkNumberArray, checkOneOf } from './params';

// STYLE.md §7.6.5 option template, plus the pointer to the error page.
const OPTION_TEMPLATE = /^The '\w+' option of \w+ must be .* Got .* instead\. See errors\/TE-1\d\d\.md$/;

function message(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidOptionError);
    expect((e as Error).message).toMatch(OPTION_TEMPLATE);
    return (e as Error).message;
  }
  throw new Error('expected a throw');
}

describe('option checks', () => {
  it('checkNumber returns valid values and rejects NaN, infinities, wrong types and out-of-range values', () => {
    expect(checkNumber(0.5, 'maxFpr', 'binaryAuroc', { min: 0, max: 1, minExclusive: true })).toBe(0.5);
    expect(message(() => checkNumber(2, 'maxFpr', 'binaryAuroc', { min: 0, max: 1, minExclusive: true })))
      .toBe("The 'maxFpr' option of binaryAuroc must be a number in (0, 1]. Got 2 instead. See errors/TE-101.md");
    expect(message(() => checkNumber(NaN, 'maxFpr', 'binaryAuroc'))).toContain('Got NaN instead.');
    expect(message(() => checkNumber(Infinity, 'x', 'f'))).toContain('Got Infinity instead.');
    expect(message(() => checkNumber('0.5', 'x', 'f', { min: 0 }))).toBe("The 'x' option of f must be a number >= 0. Got \"0.5\" instead. See errors/TE-101.md");
    expect(message(() => checkNumber(0, 'x', 'f', { min: 0, minExclusive: true }))).toContain('must be a number > 0.');
    expect(message(() => checkNumber(3, 'x', 'f', { max: 2 }))).toContain('must be a number <= 2.');
  });

  it('checkInteger rejects fractions and NaN', () => {
    expect(checkInteger(3, 'k', 'topK', { min: 1 })).toBe(3);
    expect(message(() => checkInteger(1.5, 'k', 'topK', { min: 1 }))).toBe("The 'k' option of topK must be an integer >= 1. Got 1.5 instead. See errors/TE-101.md");
    expect(message(() => checkInteger(NaN, 'k', 'topK'))).toContain('Got NaN instead.');
    expect(message(() => checkInteger(0, 'k', 'topK', { min: 1, max: 9 }))).toContain('an integer in [1, 9]');
  });

  it('checkOneOf, checkBoolean and checkNumberArray', () => {
    expect(checkOneOf('macro', 'average', 'f1', ['micro', 'macro'])).toBe('macro');
    expect(message(() => checkOneOf('mean', 'average', 'f1', ['micro', 'macro'])))
      .toBe("The 'average' option of f1 must be one of 'micro', 'macro'. Got \"mean\" instead. See errors/TE-101.md");
    expect(checkBoolean(false, 'hardmax', 'f')).toBe(false);
    expect(message(() => checkBoolean(1, 'hardmax', 'f'))).toContain('must be a boolean. Got 1 instead.');
    expect(checkNumberArray([0.5, 0.75], 'iouThresholds', 'f', { min: 0, max: 1 })).toEqual([0.5, 0.75]);
    expect(message(() => checkNumberArray([], 'iouThresholds', 'f'))).toContain('Got [] instead.');
    expect(message(() => checkNumberArray([0.5, NaN], 'iouThresholds', 'f'))).toContain('Got [0.5, NaN] instead.');
    expect(message(() => checkNumberArray([2], 'iouThresholds', 'f', { min: 0, max: 1 }))).toContain('in [0, 1]');
  });

  it('checkKnownOptions turns a typo into TE-102', () => {
    expect(() => checkKnownOptions({ maxFpr: 0.5 }, ['maxFpr', 'thresholds'], 'binaryAuroc')).not.toThrow();
    const m = message(() => checkKnownOptions({ maxFPR: 0.5 }, ['maxFpr', 'thresholds'], 'binaryAuroc'));
    expect(m).toBe("The 'maxFPR' option of binaryAuroc must be one of the known options (maxFpr, thresholds). Got \"maxFPR\" instead. See errors/TE-102.md");
  });
});
