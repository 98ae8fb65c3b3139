import type { KernelCases } from '../kernel-case';
import { concatBits, randomMasks, referenceBatch, type DenseMask } from './mask-reference';

function encodeInputs(masks: DenseMask[]) {
  return { masks: concatBits(masks), heights: Int32Array.from(masks, (m) => m.h), widths: Int32Array.from(masks, (m) => m.w) };
}

const mask = (h: number, w: number, bits: number[]): DenseMask => ({ h, w, bits: Uint8Array.from(bits) });

export const rleEncodeCases: KernelCases<'RleEncode'> = [
  {
    name: 'empty batch',
    inputs: () => encodeInputs([]),
    attrs: {},
    expected: () => ({ counts: new Uint32Array(0), offsets: Int32Array.of(0), heights: new Int32Array(0), widths: new Int32Array(0) }),
    exact: true,
  },
  {
    name: 'single pixel masks: off, on; a 0 × 0 mask has one empty run',
    inputs: () => encodeInputs([mask(1, 1, [0]), mask(1, 1, [1]), mask(0, 0, [])]),
    attrs: {},
    expected: () => ({ counts: Uint32Array.of(1, 0, 1, 0), offsets: Int32Array.of(0, 1, 3, 4), heights: Int32Array.of(1, 1, 0), widths: Int32Array.of(1, 1, 0) }),
    exact: true,
  },
  {
    name: 'column-major runs cross column boundaries; any non-zero byte is 1',
    inputs: () => encodeInputs([mask(2, 3, [0, 0, 7, 1, 1, 0])]),
    attrs: {},
    expected: () => ({ counts: Uint32Array.of(2, 3, 1), offsets: Int32Array.of(0, 3) }),
    exact: true,
  },
  {
    name: 'random masks of random sizes match the reference',
    inputs: () => encodeInputs(randomMasks(60, 31)),
    attrs: {},
    expected: (i) => referenceBatch(splitMasks(i.masks, i.heights, i.widths)),
    exact: true,
  },
  {
    name: '1e5-pixel masks',
    inputs: () => encodeInputs(randomMasks(4, 32, { h: 250, w: 100 })),
    attrs: {},
    expected: (i) => referenceBatch(splitMasks(i.masks, i.heights, i.widths)),
    exact: true,
  },
];

function splitMasks(bits: Uint8Array, heights: Int32Array, widths: Int32Array): DenseMask[] {
  const out: DenseMask[] = [];
  let p = 0;
  for (let i = 0; i < heights.length; i++) {
    const h = heights[i] as number, w = widths[i] as number;
    out.push({ h, w, bits: bits.slice(p, p + h * w).map((b) => (b ? 1 : 0)) });
    p += h * w;
  }
  return out;
}
