import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors';
import {
  assertFinite, assertInRange, assertLabelsIn, assertLengthMultiple, assertNonNegative, assertSameLength, assertValidBoxes,
} from './inputs';

// STYLE.md §7.5 data template: Expected `arg` of fn to <rule>, but got <what>. See errors/TE-2xx.md
const DATA_TEMPLATE = /^Expected `[^`]+`( \(record \d+\))? of \w+ to .+, but got .+\. See errors\/TE-2\d\d\.md$/;

function caught(fn: () => void): InvalidInputError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInputError);
    expect((e as Error).message).toMatch(DATA_TEMPLATE);
    return e as InvalidInputError;
  }
  throw new Error('expected a throw');
}

describe('boundary input checks', () => {
  it('assertFinite rejects NaN and infinities with the index (TE-201)', () => {
    expect(() => assertFinite(Float64Array.of(0, -1.5, 1e300), 'scores', 'binaryAuroc')).not.toThrow();
    const e = caught(() => assertFinite(Float64Array.of(0.1, NaN, 0.3), 'scores', 'binaryAuroc'));
    expect(e.message).toBe('Expected `scores` (record 1) of binaryAuroc to contain only finite numbers, but got NaN at index 1. See errors/TE-201.md');
    expect([e.code, e.argument, e.index]).toEqual(['TE-201', 'scores', 1]);
    expect(caught(() => assertFinite([1, -Infinity], 'preds', 'f')).index).toBe(1);
    expect(caught(() => assertFinite(Float32Array.of(Infinity), 'preds', 'f')).message).toContain('Infinity at index 0');
  });

  it('assertFinite names the first non-finite value of float arrays of any length and extreme finite values pass', () => {
    const extremes = [0, -0, 1e-45, -3.4028234663852886e38, 3.4028234663852886e38];
    for (const Ctor of [Float32Array, Float64Array]) {
      for (const n of [1, 2, 7, 8, 1001]) {
        const finite = new Ctor(n);
        for (let i = 0; i < n; i++) finite[i] = extremes[i % extremes.length] as number;
        expect(() => assertFinite(finite, 'a', 'f')).not.toThrow();
        for (const bad of [NaN, Infinity, -Infinity]) {
          for (const at of new Set([0, n >> 1, n - 1])) {
            const x = finite.slice();
            x[at] = bad;
            if (at + 1 < n) x[n - 1] = NaN; // a later offender: the first one is named
            expect(caught(() => assertFinite(x, 'a', 'f')).index).toBe(at);
          }
        }
      }
    }
    expect(() => assertFinite(Float64Array.of(Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE), 'a', 'f')).not.toThrow();
    expect(() => assertFinite(new Float32Array(0), 'a', 'f')).not.toThrow();
  });

  it('assertSameLength names both arguments (TE-202)', () => {
    expect(() => assertSameLength([1, 2], new Uint8Array(2), 'preds', 'target', 'f')).not.toThrow();
    const e = caught(() => assertSameLength([1, 2, 3], new Uint8Array(2), 'preds', 'target', 'binaryAuroc'));
    expect(e.message).toBe('Expected `target` of binaryAuroc to have the same length as `preds` (3), but got length 2. See errors/TE-202.md');
    expect(e.code).toBe('TE-202');
  });

  it('assertLengthMultiple checks strides (TE-207)', () => {
    expect(() => assertLengthMultiple(new Float64Array(8), 4, 'boxes', 'f')).not.toThrow();
    expect(caught(() => assertLengthMultiple(new Float64Array(6), 4, 'boxes', 'boxIou')).code).toBe('TE-207');
  });

  it('assertNonNegative and assertInRange reject NaN too (TE-203)', () => {
    expect(caught(() => assertNonNegative([0, NaN], 'weights', 'f')).index).toBe(1);
    expect(caught(() => assertNonNegative([0, -0.5], 'weights', 'f')).message).toContain('-0.5 at index 1');
    expect(() => assertInRange([0, 0.5, 1], 0, 1, 'preds', 'f')).not.toThrow();
    expect(caught(() => assertInRange([0, NaN], 0, 1, 'preds', 'f')).code).toBe('TE-203');
    expect(caught(() => assertInRange([1.5], 0, 1, 'preds', 'f')).message).toContain('contain only values in [0, 1]');
  });

  it('assertLabelsIn accepts integer labels in range or the ignore index', () => {
    expect(() => assertLabelsIn(Int32Array.of(0, 2, -1), 3, 'target', 'f', -1)).not.toThrow();
    expect(caught(() => assertLabelsIn([0, 1.5], 3, 'target', 'f')).index).toBe(1);
    expect(caught(() => assertLabelsIn([3], 3, 'target', 'f')).message).toContain('integer labels in [0, 3)');
    expect(caught(() => assertLabelsIn([NaN], 3, 'target', 'f')).index).toBe(0);
  });

  it('assertValidBoxes rejects non-finite coordinates and negative sizes with the box index', () => {
    expect(() => assertValidBoxes(Float64Array.of(0, 0, 2, 2, 1, 1, 0, 0), 'xywh', 'boxes', 'f')).not.toThrow();
    expect(caught(() => assertValidBoxes(Float64Array.of(0, 0, NaN, 1), 'xyxy', 'boxes', 'f')).code).toBe('TE-201');
    const e = caught(() => assertValidBoxes(Float64Array.of(0, 0, 1, 1, 5, 5, 4, 6), 'xyxy', 'boxes', 'boxIou'));
    expect([e.code, e.index]).toEqual(['TE-208', 1]);
    expect(e.message).toContain('box 1 = [5, 5, 4, 6] (xyxy)');
    expect(caught(() => assertValidBoxes(Float64Array.of(0, 0, -1, 1), 'xywh', 'boxes', 'f')).index).toBe(0);
  });
});
