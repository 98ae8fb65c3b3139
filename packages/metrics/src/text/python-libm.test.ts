import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pyExp, pyLog } from './python-libm';

// CPython math.log / math.exp on glibc 2.36 (test-data/generate/python_libm_samples.py).
const samples = JSON.parse(readFileSync(new URL('../../../../test-data/text/python-libm-samples.json', import.meta.url), 'utf8')) as {
  log: [number, number][];
  exp: [number, number][];
  exp_glibc_misrounded: [number, number, number][];
};

describe('pyLog / pyExp', () => {
  it('reproduces glibc log bit for bit', () => {
    expect(samples.log.length).toBeGreaterThan(0);
    const wrong = samples.log.filter(([x, y]) => pyLog(x) !== y);
    expect(wrong).toEqual([]);
  });
  it('reproduces glibc exp bit for bit where glibc is correctly rounded', () => {
    expect(samples.exp.length).toBeGreaterThan(0);
    const wrong = samples.exp.filter(([x, y]) => pyExp(x) !== y);
    expect(wrong).toEqual([]);
  });
  it('is correctly rounded where glibc exp is not', () => {
    expect(samples.exp_glibc_misrounded.length).toBeGreaterThan(0);
    for (const [x, , correct] of samples.exp_glibc_misrounded) expect(pyExp(x)).toBe(correct);
  });
  it('handles the edges like libm', () => {
    expect(pyLog(0)).toBe(-Infinity);
    expect(pyLog(-1)).toBeNaN();
    expect(pyLog(1)).toBe(0);
    expect(pyLog(5e-324)).toBe(-744.4400719213812);
    expect(pyExp(0)).toBe(1);
    expect(pyExp(710)).toBe(Infinity);
    expect(pyExp(-746)).toBe(0);
    expect(pyExp(-745)).toBe(5e-324);
    expect(pyExp(Number.NaN)).toBeNaN();
  });
});
