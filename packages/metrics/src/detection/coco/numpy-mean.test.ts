import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { numpyMean } from './numpy-mean';

const fixture = fileURLToPath(new URL('../../../../../test-data/reference/coco/unit/numpy_mean.json', import.meta.url));
const cases = (JSON.parse(readFileSync(fixture, 'utf8')) as { cases: Array<{ n: number; values_hex: string; mean_hex: string; naive_left_to_right_differs: boolean }> }).cases;

function fromHex(hex: string): Float64Array {
  const n = hex.length / 16;
  const view = new DataView(new ArrayBuffer(8 * n));
  for (let i = 0; i < n; i++) view.setBigUint64(8 * i, BigInt(`0x${hex.slice(16 * i, 16 * i + 16)}`));
  return Float64Array.from({ length: n }, (_, i) => view.getFloat64(8 * i));
}

describe('numpyMean', () => {
  it.each(cases.map((c) => [c.n, c] as const))('equals np.mean bit for bit (n = %i)', (_n, c) => {
    const values = fromHex(c.values_hex);
    expect(values.length).toBe(c.n);
    expect(numpyMean(values)).toBe(fromHex(c.mean_hex)[0]);
  });
  it('differs from naive summation where numpy does', () => {
    const c = cases.find((x) => x.naive_left_to_right_differs);
    expect(c).toBeDefined();
    const v = fromHex(c!.values_hex);
    let naive = 0;
    for (const x of v) naive += x;
    expect(naive / v.length).not.toBe(fromHex(c!.mean_hex)[0]);
  });
});
