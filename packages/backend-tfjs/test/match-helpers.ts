import { expect } from 'vitest';

/** xorshift32 with a mixed seed: the same problem sets on every run. */
export function rng(seed: number): () => number {
  let x = (Math.imul(seed, 0x9e3779b1) ^ 0x5bd1e995) | 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/** COCO's IoU thresholds 0.5:0.05:0.95 as pycocotools forms them. */
export const COCO_THRESHOLDS = Float64Array.from({ length: 10 }, (_, i) => 0.5 + 0.05 * i);

/** Equal lengths and Object.is per element (NaN equals NaN; -0 differs from +0). */
export function sameBits(actual: ArrayLike<number> | undefined, expected: ArrayLike<number> | undefined, what: string): void {
  expect(actual?.length, `${what} length`).toBe(expected?.length);
  if (!actual || !expected) return;
  for (let i = 0; i < expected.length; i++) if (!Object.is(actual[i], expected[i])) expect.fail(`${what}[${i}]: ${actual[i]} (gpu) vs ${expected[i]} (cpu)`);
}
