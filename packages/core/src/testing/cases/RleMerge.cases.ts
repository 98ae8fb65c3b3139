import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';
import { randomMask, referenceBatch, type DenseMask } from './mask-reference';

/** Groups of 1..4 same-size masks; an empty group in the middle. */
function randomGroups(groups: number, seed: number): { masks: DenseMask[]; groupOffsets: Int32Array } {
  const rand = seededRandom(seed);
  const masks: DenseMask[] = [];
  const groupOffsets = [0];
  for (let g = 0; g < groups; g++) {
    const h = 1 + Math.floor(rand() * 20), w = 1 + Math.floor(rand() * 20);
    const size = g === 3 ? 0 : 1 + Math.floor(rand() * 4);
    for (let k = 0; k < size; k++) masks.push(randomMask(h, w, rand));
    groupOffsets.push(masks.length);
  }
  return { masks, groupOffsets: Int32Array.from(groupOffsets) };
}

/** Pixelwise OR / AND of each group, re-encoded; an empty group is a 0 × 0 RLE with no counts. */
function referenceMerge(masks: DenseMask[], groupOffsets: Int32Array, intersect: boolean) {
  const merged: DenseMask[] = [];
  const empty: boolean[] = [];
  for (let g = 0; g + 1 < groupOffsets.length; g++) {
    const part = masks.slice(groupOffsets[g], groupOffsets[g + 1]);
    const first = part[0];
    empty.push(first === undefined);
    if (first === undefined) {
      merged.push({ h: 0, w: 0, bits: new Uint8Array(0) });
      continue;
    }
    const bits = first.bits.slice();
    for (const m of part.slice(1)) for (let p = 0; p < bits.length; p++) bits[p] = intersect ? (bits[p] as number) & (m.bits[p] as number) : (bits[p] as number) | (m.bits[p] as number);
    merged.push({ h: first.h, w: first.w, bits });
  }
  const batch = referenceBatch(merged);
  // referenceBatch writes one empty run for a 0 × 0 mask; rleMerge writes none
  const counts: number[] = [];
  const offsets = [0];
  merged.forEach((_, g) => {
    if (!empty[g]) counts.push(...batch.counts.subarray(batch.offsets[g], batch.offsets[g + 1]));
    offsets.push(counts.length);
  });
  return { ...batch, counts: Uint32Array.from(counts), offsets: Int32Array.from(offsets) };
}

export const rleMergeCases: KernelCases<'RleMerge'> = [
  {
    name: 'no groups',
    inputs: () => ({ rles: referenceBatch([]), groupOffsets: Int32Array.of(0) }),
    attrs: { intersect: false },
    expected: () => ({ counts: new Uint32Array(0), offsets: Int32Array.of(0) }),
    exact: true,
  },
  {
    name: 'a single RLE is copied unchanged, even with empty runs',
    inputs: () => ({ rles: { counts: Uint32Array.of(2, 0, 3, 4), offsets: Int32Array.of(0, 4), heights: Int32Array.of(3), widths: Int32Array.of(3) }, groupOffsets: Int32Array.of(0, 1) }),
    attrs: { intersect: false },
    expected: () => ({ counts: Uint32Array.of(2, 0, 3, 4), offsets: Int32Array.of(0, 4), heights: Int32Array.of(3), widths: Int32Array.of(3) }),
    exact: true,
  },
  {
    name: 'masks of different sizes give a 0 × 0 RLE (pycocotools)',
    inputs: () => ({ rles: { counts: Uint32Array.of(1, 5, 0, 4), offsets: Int32Array.of(0, 2, 4), heights: Int32Array.of(2, 2), widths: Int32Array.of(3, 2) }, groupOffsets: Int32Array.of(0, 2) }),
    attrs: { intersect: false },
    expected: () => ({ counts: new Uint32Array(0), offsets: Int32Array.of(0, 0), heights: Int32Array.of(0), widths: Int32Array.of(0) }),
    exact: true,
  },
  {
    name: 'union of random groups matches the pixelwise OR',
    inputs: () => {
      const { masks, groupOffsets } = randomGroups(30, 71);
      return { rles: referenceBatch(masks), groupOffsets };
    },
    attrs: { intersect: false },
    expected: () => {
      const { masks, groupOffsets } = randomGroups(30, 71);
      return referenceMerge(masks, groupOffsets, false);
    },
    exact: true,
  },
  {
    name: 'intersection of random groups matches the pixelwise AND',
    inputs: () => {
      const { masks, groupOffsets } = randomGroups(30, 72);
      return { rles: referenceBatch(masks), groupOffsets };
    },
    attrs: { intersect: true },
    expected: () => {
      const { masks, groupOffsets } = randomGroups(30, 72);
      return referenceMerge(masks, groupOffsets, true);
    },
    exact: true,
  },
];
