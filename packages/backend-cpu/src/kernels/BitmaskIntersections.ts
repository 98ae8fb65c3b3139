import {
  validateBitmaskIntersectionsInputs,
  type BitmaskIntersectionsAttrs,
  type BitmaskIntersectionsInputs,
  type BitmaskIntersectionsOutputs,
  type KernelConfig,
} from '@tensoreval/core';

/** Words of the pixel axis processed per tile: 4 rows of A and one row of B stay in L1 (5 × 4 KiB). */
const TILE_WORDS = 1024;

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** 4 bytes (little-endian in a uint32) → 4 bits, bit i set when byte i is non-zero. */
function fourBytesToBits(q: number): number {
  // fold each byte onto its lowest bit (no bit crosses into the byte below), then gather the 4 bits
  q |= q >>> 4;
  q |= q >>> 2;
  q |= q >>> 1;
  q &= 0x01010101;
  return Math.imul(q, 0x01020408) >>> 24;
}

/** Packs rows of 0/1 bytes into rows of 32-bit words (zero-padded), counting each row's ones. */
function packRows(bytes: Uint8Array, rows: number, pixels: number, words: number, area: Float64Array): Uint32Array {
  const packed = new Uint32Array(rows * words);
  // 4-byte reads where a row starts on a 4-byte boundary; byte by byte elsewhere
  const quads = bytes.byteOffset % 4 === 0 ? new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2) : undefined;
  const fullWords = Math.floor(pixels / 32);
  for (let r = 0; r < rows; r++) {
    const src = r * pixels;
    let ones = 0;
    let wd = 0;
    if (quads !== undefined && src % 4 === 0) {
      for (let q = src >> 2; wd < fullWords; wd++, q += 8) {
        let word = 0;
        for (let k = 0; k < 8; k++) {
          const quad = quads[q + k];
          if (quad !== 0) word |= fourBytesToBits(quad) << (4 * k);
        }
        packed[r * words + wd] = word;
        ones += popcount32(word);
      }
    }
    for (; wd < words; wd++) {
      const p0 = src + 32 * wd;
      const p1 = Math.min(p0 + 32, src + pixels);
      let word = 0;
      for (let p = p0; p < p1; p++) if (bytes[p] !== 0) word |= 1 << (p - p0);
      packed[r * words + wd] = word;
      ones += popcount32(word);
    }
    area[r] = ones;
  }
  return packed;
}

/**
 * Intersection counts of every pair of masks (n × m) and the masks' areas: bits packed 32 per word,
 * AND + popcount, tiled over the pixel axis and blocked 4 rows of `a` at a time so each word of `b`
 * is read once per block. Assumes validated inputs.
 */
export function bitmaskIntersectionsImpl(inputs: BitmaskIntersectionsInputs, attrs: BitmaskIntersectionsAttrs): BitmaskIntersectionsOutputs {
  const p = attrs.pixels;
  const n = inputs.a.length / p;
  const m = inputs.b.length / p;
  const words = Math.ceil(p / 32);
  const areaA = new Float64Array(n);
  const areaB = new Float64Array(m);
  const A = packRows(inputs.a, n, p, words, areaA);
  const B = packRows(inputs.b, m, p, words, areaB);
  const intersections = new Float64Array(n * m);
  for (let w0 = 0; w0 < words; w0 += TILE_WORDS) {
    const w1 = Math.min(words, w0 + TILE_WORDS);
    let i = 0;
    for (; i + 4 <= n; i += 4) {
      const r0 = i * words, r1 = r0 + words, r2 = r1 + words, r3 = r2 + words;
      for (let j = 0; j < m; j++) {
        const rb = j * words;
        let s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (let wd = w0; wd < w1; wd++) {
          const bw = B[rb + wd];
          if (bw === 0) continue;
          s0 += popcount32(A[r0 + wd] & bw);
          s1 += popcount32(A[r1 + wd] & bw);
          s2 += popcount32(A[r2 + wd] & bw);
          s3 += popcount32(A[r3 + wd] & bw);
        }
        intersections[i * m + j] += s0;
        intersections[(i + 1) * m + j] += s1;
        intersections[(i + 2) * m + j] += s2;
        intersections[(i + 3) * m + j] += s3;
      }
    }
    for (; i < n; i++) {
      const ra = i * words;
      for (let j = 0; j < m; j++) {
        const rb = j * words;
        let s = 0;
        for (let wd = w0; wd < w1; wd++) s += popcount32(A[ra + wd] & B[rb + wd]);
        intersections[i * m + j] += s;
      }
    }
  }
  return { intersections, areaA, areaB };
}

export const bitmaskIntersectionsConfig: KernelConfig<'BitmaskIntersections'> = {
  kernelName: 'BitmaskIntersections',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateBitmaskIntersectionsInputs(inputs, attrs);
    return bitmaskIntersectionsImpl(inputs, attrs);
  },
};
