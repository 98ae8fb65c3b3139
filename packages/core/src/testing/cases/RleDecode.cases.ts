import type { KernelCases } from '../kernel-case';
import { concatBits, randomMasks, referenceBatch } from './mask-reference';

export const rleDecodeCases: KernelCases<'RleDecode'> = [
  {
    name: 'empty batch',
    inputs: () => ({ rles: referenceBatch([]) }),
    attrs: {},
    expected: () => ({ masks: new Uint8Array(0) }),
    exact: true,
  },
  {
    name: 'single RLE with a leading empty run of zeros',
    inputs: () => ({ rles: { counts: Uint32Array.of(0, 3, 2, 1), offsets: Int32Array.of(0, 4), heights: Int32Array.of(2), widths: Int32Array.of(3) } }),
    attrs: {},
    expected: () => ({ masks: Uint8Array.of(1, 1, 1, 0, 0, 1) }),
    exact: true,
  },
  {
    name: 'random masks round-trip through the reference encoder',
    inputs: () => ({ rles: referenceBatch(randomMasks(60, 41)) }),
    attrs: {},
    expected: () => ({ masks: concatBits(randomMasks(60, 41)) }),
    exact: true,
  },
  {
    name: '1e5-pixel masks',
    inputs: () => ({ rles: referenceBatch(randomMasks(4, 42, { h: 400, w: 250 })) }),
    attrs: {},
    expected: () => ({ masks: concatBits(randomMasks(4, 42, { h: 400, w: 250 })) }),
    exact: true,
  },
];
