import { describe, expect, it } from 'vitest';
import { describeValue, TensorEvalError } from './errors';
import { errorFirstLine, escapeText } from './escape-text';

describe('escapeText', () => {
  it('escapes every control character and the line separators, keeps the rest', () => {
    expect(escapeText('a\nb\r\tc\u001b[31m\u007f\u009b\u2028é✓')).toBe(String.raw`a\nb\r\tc\u001b[31m\u007f\u009b\u2028é✓`);
  });
  it('cuts long text', () => {
    expect(escapeText('x'.repeat(300))).toHaveLength(200);
  });
  it('every TensorEvalError message is one line without terminal escapes', () => {
    expect(new TensorEvalError('TE-102', "metric 'a\nb\u001b[31m'").message).toBe(String.raw`metric 'a\nb\u001b[31m' See errors/TE-102.md`);
  });
  it('describeValue of user text is one safe line', () => {
    expect(describeValue('a\n\u009b')).toBe(String.raw`"a\n\u009b"`);
    expect(describeValue({ k: '\u0085' })).toBe(String.raw`{"k":"\u0085"}`);
  });
});

describe('errorFirstLine', () => {
  it('quotes the first line of an Error, and String() of anything else', () => {
    expect(errorFirstLine(new Error('no adapter\n    at probe (x.js:1:1)'))).toBe('no adapter');
    expect(errorFirstLine('plain')).toBe('plain');
    expect(errorFirstLine(42)).toBe('42');
  });
});
