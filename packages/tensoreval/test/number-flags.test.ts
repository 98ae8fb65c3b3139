import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParsedArgs } from '../src/cli/args';
import { integerFlag, numberFlag, numberListFlag } from '../src/cli/number-flags';

const CMD = 'tensoreval coco';
const args = (name: string, value: string): ParsedArgs => ({ positional: [], flags: new Map([[name, value]]) });
const none: ParsedArgs = { positional: [], flags: new Map() };
const finite = fc.double({ noNaN: true, noDefaultInfinity: true });

describe('numeric flags: one parser per shape for every command', () => {
  it('a list of finite numbers round-trips through its comma-separated text', () => {
    fc.assert(fc.property(fc.array(finite, { minLength: 1, maxLength: 20 }), (values) => {
      expect(numberListFlag(args('iou-thrs', values.join(',')), 'iou-thrs', CMD)).toEqual(values.map((v) => Number(String(v))));
    }));
    fc.assert(fc.property(finite, (v) => {
      expect(numberFlag(args('f1-iou', ` ${v} `), 'f1-iou', CMD)).toBe(Number(String(v)));
    }));
  });

  it('an empty item, a non-number or an infinity is one TE-101 line stating the rule (never skipped)', () => {
    for (const bad of ['', ',', '1,,10', '1,10,', '0.5,x', 'Infinity', '1e400']) {
      expect(() => numberListFlag(args('max-dets', bad), 'max-dets', CMD)).toThrow(/'--max-dets' option of tensoreval coco must be a comma-separated list of numbers.*TE-101/);
    }
    for (const bad of ['', ' ', 'abc', '0.5,0.75', 'NaN', '-Infinity']) {
      expect(() => numberFlag(args('f1-iou', bad), 'f1-iou', CMD)).toThrow(/'--f1-iou' option of tensoreval coco must be a number\..*TE-101/);
    }
  });

  it('positive rules refuse zero and negatives, with the caller wording', () => {
    fc.assert(fc.property(fc.double({ max: 0, noNaN: true, noDefaultInfinity: true }), (v) => {
      expect(() => numberListFlag(args('kpt-sigmas', `0.1,${v}`), 'kpt-sigmas', CMD, { positive: true, rule: 'one sigma per keypoint' })).toThrow(/must be one sigma per keypoint/);
      expect(() => numberFlag(args('dilation-ratio', String(v)), 'dilation-ratio', CMD, { positive: true })).toThrow(/must be a positive number/);
    }));
    expect(numberListFlag(args('kpt-sigmas', '0.1,0.25'), 'kpt-sigmas', CMD, { positive: true })).toEqual([0.1, 0.25]);
  });

  it('an absent flag is undefined; integers keep their range', () => {
    expect([numberFlag(none, 'x', CMD), numberListFlag(none, 'x', CMD), integerFlag(none, 'x', CMD, 1, 2)]).toEqual([undefined, undefined, undefined]);
    expect(integerFlag(args('workers', '8'), 'workers', CMD, 1, 256)).toBe(8);
    for (const bad of ['0', '257', '1.5', '-1', 'x']) expect(() => integerFlag(args('workers', bad), 'workers', CMD, 1, 256)).toThrow(/'--workers' option of tensoreval coco must be an integer in \[1, 256\]/);
  });
});
