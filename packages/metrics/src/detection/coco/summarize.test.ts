import { describe, expect, it } from 'vitest';
import { formatFixed } from './summarize';

describe('formatFixed (Python format rounding)', () => {
  it('rounds exact binary ties to even, as Python does', () => {
    expect(formatFixed(0.0625, 3)).toBe('0.062');
    expect(formatFixed(0.1875, 3)).toBe('0.188');
    expect(formatFixed(0.3125, 3)).toBe('0.312');
    expect(formatFixed(0.125, 2)).toBe('0.12');
  });
  it('rounds non-ties to nearest and prints -1 as pycocotools', () => {
    expect(formatFixed(0.5045806987249628, 3)).toBe('0.505');
    expect(formatFixed(0.0005, 3)).toBe('0.001'); // 0.0005 is slightly above the tie in binary
    expect(formatFixed(-1, 3)).toBe('-1.000');
    expect(formatFixed(0.8999999999999999, 2)).toBe('0.90');
  });
});
