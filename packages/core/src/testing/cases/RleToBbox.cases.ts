import type { KernelCases } from '../kernel-case';
import { randomMasks, referenceBatch, referenceBbox } from './mask-reference';

export const rleToBboxCases: KernelCases<'RleToBbox'> = [
  {
    name: 'empty batch',
    inputs: () => ({ rles: referenceBatch([]) }),
    attrs: {},
    expected: () => ({ boxes: new Float64Array(0) }),
    exact: true,
  },
  {
    name: 'empty mask gives [0, 0, 0, 0]; a run across a column boundary spans the full height',
    inputs: () => ({ rles: { counts: Uint32Array.of(12, 2, 2, 8), offsets: Int32Array.of(0, 1, 4), heights: Int32Array.of(3, 3), widths: Int32Array.of(4, 4) } }),
    attrs: {},
    expected: () => ({ boxes: Float64Array.of(0, 0, 0, 0, 0, 0, 2, 3) }),
    exact: true,
  },
  {
    // pycocotools counts the position before an empty run of ones as covered
    name: 'an empty run of ones inside the counts widens the box as in pycocotools',
    inputs: () => ({ rles: { counts: Uint32Array.of(2, 0, 3, 4), offsets: Int32Array.of(0, 4), heights: Int32Array.of(3), widths: Int32Array.of(3) } }),
    attrs: {},
    expected: () => ({ boxes: Float64Array.of(0, 0, 3, 3) }),
    exact: true,
  },
  {
    name: 'random masks match the tight box',
    inputs: () => ({ rles: referenceBatch(randomMasks(80, 61)) }),
    attrs: {},
    expected: () => ({ boxes: Float64Array.from(randomMasks(80, 61).flatMap(referenceBbox)) }),
    exact: true,
  },
];
