import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { numpyMean, numpySum } from './numpy-sum';

const fixture = fileURLToPath(new URL('../../../../test-data/reference/coco/unit/numpy_mean.json', import.meta.url));
interface MeanCase { n: number; values_hex?: string; scale?: number; mean_hex: string; naive_left_to_right_differs: boolean }
const cases = (JSON.parse(readFileSync(fixture, 'utf8')) as { cases: MeanCase[] }).cases;

/** The case's values: listed as hex, or v[i] = ((i * 2654435761) mod 2^32) / 2^32 * scale. */
function valuesOf(c: MeanCase): Float64Array {
  if (c.values_hex !== undefined) return fromHex(c.values_hex);
  const v = new Float64Array(c.n);
  for (let i = 0; i < c.n; i++) v[i] = (Number((BigInt(i) * 2654435761n) % 4294967296n) / 4294967296) * (c.scale as number);
  return v;
}

function fromHex(hex: string): Float64Array {
  const n = hex.length / 16;
  const view = new DataView(new ArrayBuffer(8 * n));
  for (let i = 0; i < n; i++) view.setBigUint64(8 * i, BigInt(`0x${hex.slice(16 * i, 16 * i + 16)}`));
  return Float64Array.from({ length: n }, (_, i) => view.getFloat64(8 * i));
}

describe('numpyMean', () => {
  // The fixture was produced with numpy 2.x, which sums a contiguous vector in one pairwise pass.
  it.each(cases.map((c) => [c.n, c] as const))('equals numpy 2.x np.mean bit for bit (n = %i)', (_n, c) => {
    const values = valuesOf(c);
    expect(values.length).toBe(c.n);
    expect(numpyMean(values, 0, values.length, 'whole')).toBe(fromHex(c.mean_hex)[0]);
  });
  it('splits into 8192-element buffers in numpy 1.x mode (the COCO oracle; checked by the fixture arrays)', () => {
    const c = cases.find((x) => x.n === 8193) as MeanCase;
    const values = valuesOf(c);
    expect(numpyMean(values, 0, values.length, 'blocked')).not.toBe(numpyMean(values, 0, values.length, 'whole'));
    const small = valuesOf(cases.find((x) => x.n === 1000) as MeanCase);
    expect(numpyMean(small, 0, small.length, 'blocked')).toBe(numpyMean(small, 0, small.length, 'whole'));
  });
  it('differs from naive summation where numpy does', () => {
    const c = cases.find((x) => x.naive_left_to_right_differs && x.values_hex !== undefined);
    expect(c).toBeDefined();
    const v = valuesOf(c!);
    let naive = 0;
    for (const x of v) naive += x;
    expect(naive / v.length).not.toBe(fromHex(c!.mean_hex)[0]);
  });
});

describe('numpySum over a range', () => {
  it('sums a[start, start + n) exactly as the same values in their own array, in both modes', () => {
    const c = cases.find((x) => x.n === 8193) as MeanCase;
    const values = valuesOf(c);
    for (const [start, n] of [[0, 8193], [1, 8192], [5, 7], [100, 8090], [3, 0]] as const) {
      const own = values.slice(start, start + n);
      for (const mode of ['blocked', 'whole'] as const) expect(numpySum(values, start, n, mode)).toBe(numpySum(own, 0, own.length, mode));
    }
  });
});
