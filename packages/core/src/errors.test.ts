import { describe, expect, it } from 'vitest';
import {
  describeValue, ERROR_CODES, InvalidInputError, InvalidOptionError, invalidInput, invalidOption, TensorEvalError,
} from './errors';

describe('error templates and codes', () => {
  it('the option template (STYLE.md §7.6.5) with a stable code', () => {
    const e = invalidOption('binaryAuroc', 'maxFpr', 'a number in (0, 1]', 2);
    expect(e).toBeInstanceOf(InvalidOptionError);
    expect(e).toBeInstanceOf(TensorEvalError);
    expect(e.name).toBe('InvalidOptionError');
    expect(e.code).toBe('TE-101');
    expect(e.message).toMatch(/^The '\w+' option of \w+ must be .* Got .* instead\./);
    expect(invalidOption('f', 'x', 'known', 'y', 'TE-102').code).toBe('TE-102');
  });

  it('the data template, with and without a record index', () => {
    const plain = invalidInput('binaryAuroc', 'target', 'contain only {0, 1}', 'values [2, 5]');
    expect(plain.message).toBe('Expected `target` of binaryAuroc to contain only {0, 1}, but got values [2, 5]. See errors/TE-203.md');
    const located = invalidInput('loadResults', { argument: 'dt.json', index: 12 }, 'have a finite score', 'NaN', 'TE-201');
    expect(located).toBeInstanceOf(InvalidInputError);
    expect(located.message).toMatch(/^Expected `dt\.json` \(record 12\) of loadResults to .*, but got .*\./);
    expect([located.argument, located.index, located.code]).toEqual(['dt.json', 12, 'TE-201']);
  });

  it('every code belongs to its family', () => {
    for (const code of Object.keys(ERROR_CODES)) expect(code).toMatch(/^TE-[12347]\d\d$/);
  });

  it('describes values briefly', () => {
    expect(describeValue('x'.repeat(100))).toBe(`"${'x'.repeat(77)}..."`);
    expect(describeValue(Float64Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9))).toBe('[1, 2, 3, 4, 5, 6, 7, 8, ...]');
    expect(describeValue(NaN)).toBe('NaN');
    expect(describeValue(null)).toBe('null');
    expect(describeValue({ a: 1 })).toBe('{"a":1}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe('[object Object]');
  });
});
