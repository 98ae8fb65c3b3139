import type { KernelCases } from '../kernel-case';
import { randomMasks, referenceArea, referenceBatch } from './mask-reference';

export const rleAreaCases: KernelCases<'RleArea'> = [
  {
    name: 'empty batch',
    inputs: () => ({ rles: referenceBatch([]) }),
    attrs: {},
    expected: () => ({ area: new Float64Array(0) }),
    exact: true,
  },
  {
    name: 'empty, full and single-pixel masks',
    inputs: () => ({ rles: { counts: Uint32Array.of(12, 0, 12, 11, 1), offsets: Int32Array.of(0, 1, 3, 5), heights: Int32Array.of(3, 4, 3), widths: Int32Array.of(4, 3, 4) } }),
    attrs: {},
    expected: () => ({ area: Float64Array.of(0, 12, 1) }),
    exact: true,
  },
  {
    name: 'random masks match the pixel count',
    inputs: () => ({ rles: referenceBatch(randomMasks(80, 51)) }),
    attrs: {},
    expected: () => ({ area: Float64Array.from(randomMasks(80, 51), referenceArea) }),
    exact: true,
  },
];
