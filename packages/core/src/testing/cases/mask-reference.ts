/**
 * Deliberately simple dense-mask references for the RLE and mask kernel cases: masks are plain 0/1
 * byte arrays in column-major order, and every quantity is computed pixel by pixel.
 */
import type { RleBatch } from '../../kernel-names';
import { seededRandom } from '../random';

export interface DenseMask {
  h: number;
  w: number;
  /** column-major 0/1 bytes, h × w */
  bits: Uint8Array;
}

/** Blobby random mask: a few axis-aligned ellipses, so runs are long and some masks are empty. */
export function randomMask(h: number, w: number, rand: () => number): DenseMask {
  const bits = new Uint8Array(h * w);
  const blobs = Math.floor(rand() * 3);
  for (let k = 0; k < blobs; k++) {
    const cx = rand() * w, cy = rand() * h, rx = 1 + rand() * w * 0.4, ry = 1 + rand() * h * 0.4;
    for (let x = 0; x < w; x++) {
      for (let y = 0; y < h; y++) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) bits[x * h + y] = 1;
      }
    }
  }
  return { h, w, bits };
}

/** Masks of random sizes in [1, maxSide] (or a fixed size), seeded. */
export function randomMasks(count: number, seed: number, size?: { h: number; w: number }, maxSide = 24): DenseMask[] {
  const rand = seededRandom(seed);
  const out: DenseMask[] = [];
  for (let i = 0; i < count; i++) {
    const h = size?.h ?? 1 + Math.floor(rand() * maxSide);
    const w = size?.w ?? 1 + Math.floor(rand() * maxSide);
    out.push(randomMask(h, w, rand));
  }
  return out;
}

/** Runs of one mask: zeros first, alternating, as COCO RLE. */
export function referenceRuns(m: DenseMask): number[] {
  const runs: number[] = [];
  let value = 0;
  let run = 0;
  for (let p = 0; p < m.bits.length; p++) {
    if (m.bits[p] !== value) {
      runs.push(run);
      run = 0;
      value = m.bits[p] as number;
    }
    run++;
  }
  runs.push(run);
  return runs;
}

export function referenceBatch(masks: DenseMask[]): RleBatch {
  const all: number[] = [];
  const offsets = [0];
  for (const m of masks) {
    all.push(...referenceRuns(m));
    offsets.push(all.length);
  }
  return {
    counts: Uint32Array.from(all),
    offsets: Int32Array.from(offsets),
    heights: Int32Array.from(masks, (m) => m.h),
    widths: Int32Array.from(masks, (m) => m.w),
  };
}

export function concatBits(masks: DenseMask[]): Uint8Array {
  const out = new Uint8Array(masks.reduce((s, m) => s + m.bits.length, 0));
  let p = 0;
  for (const m of masks) {
    out.set(m.bits, p);
    p += m.bits.length;
  }
  return out;
}

export function referenceArea(m: DenseMask): number {
  let a = 0;
  for (const b of m.bits) a += b;
  return a;
}

/** Tight xywh box over the set pixels; [0, 0, 0, 0] for an empty mask. */
export function referenceBbox(m: DenseMask): [number, number, number, number] {
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  for (let x = 0; x < m.w; x++) {
    for (let y = 0; y < m.h; y++) {
      if (m.bits[x * m.h + y]) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
    }
  }
  return x1 < 0 ? [0, 0, 0, 0] : [x0, y0, x1 - x0 + 1, y1 - y0 + 1];
}
