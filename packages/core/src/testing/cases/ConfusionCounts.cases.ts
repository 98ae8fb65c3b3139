import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';

// Deliberately simple reference: count pairs with a nested search, no indexing tricks.
function referenceCounts(actual: Int32Array, predicted: Int32Array, k: number, weights?: Float64Array): Float64Array {
  const out = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    for (let p = 0; p < k; p++) {
      let s = 0;
      for (let i = 0; i < actual.length; i++) if (actual[i] === a && predicted[i] === p) s += weights ? (weights[i] as number) : 1;
      out[a * k + p] = s;
    }
  }
  return out;
}

function randomPairs(n: number, k: number, seed: number): { actual: Int32Array; predicted: Int32Array } {
  const r = seededRandom(seed);
  const actual = new Int32Array(n);
  const predicted = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    actual[i] = Math.floor(r() * k);
    predicted[i] = Math.floor(r() * k);
  }
  return { actual, predicted };
}

export const confusionCountsCases: KernelCases<'ConfusionCounts'> = [
  {
    name: 'empty input gives a zero matrix',
    inputs: () => ({ actual: new Int32Array(0), predicted: new Int32Array(0) }),
    attrs: { numClasses: 3 },
    expected: () => ({ counts: new Float64Array(9) }),
    exact: true,
  },
  {
    name: 'single element',
    inputs: () => ({ actual: Int32Array.of(1), predicted: Int32Array.of(2) }),
    attrs: { numClasses: 3 },
    expected: () => ({ counts: Float64Array.of(0, 0, 0, 0, 0, 1, 0, 0, 0) }),
    exact: true,
  },
  {
    name: 'single class, all ties',
    inputs: () => ({ actual: new Int32Array(50), predicted: new Int32Array(50) }),
    attrs: { numClasses: 1 },
    expected: () => ({ counts: Float64Array.of(50) }),
    exact: true,
  },
  {
    name: 'weighted pairs',
    inputs: () => ({ actual: Int32Array.of(0, 0, 1, 1), predicted: Int32Array.of(0, 1, 1, 1), weights: Float64Array.of(0.5, 2, 1, 0.25) }),
    attrs: { numClasses: 2 },
    expected: () => ({ counts: Float64Array.of(0.5, 2, 0, 1.25) }),
  },
  {
    name: 'random 1e4 pairs over 7 classes match the reference',
    inputs: () => randomPairs(10_000, 7, 11),
    attrs: { numClasses: 7 },
    expected: (i) => ({ counts: referenceCounts(i.actual, i.predicted, 7) }),
    exact: true,
  },
  {
    name: '1e5 pairs over 3 classes',
    inputs: () => randomPairs(100_000, 3, 12),
    attrs: { numClasses: 3 },
    expected: (i) => ({ counts: referenceCounts(i.actual, i.predicted, 3) }),
    exact: true,
  },
];
