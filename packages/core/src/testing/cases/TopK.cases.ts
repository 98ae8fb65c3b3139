import type { FloatArray } from '../../kernel-names';
import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';

// Deliberately simple reference: a full comparator sort of each row's column indices.
export function referenceTopK(scores: FloatArray, cols: number, k: number, largest: boolean): { indices: Int32Array; values: Float64Array } {
  const rows = cols > 0 ? scores.length / cols : 0;
  const kk = Math.min(k, cols);
  const indices = new Int32Array(rows * kk);
  const values = new Float64Array(rows * kk);
  for (let r = 0; r < rows; r++) {
    const order = Array.from({ length: cols }, (_, c) => c);
    const v = (c: number) => scores[r * cols + c] as number;
    order.sort((x, y) => (v(x) === v(y) ? x - y : largest ? v(y) - v(x) : v(x) - v(y)));
    for (let t = 0; t < kk; t++) {
      indices[r * kk + t] = order[t] as number;
      values[r * kk + t] = v(order[t] as number);
    }
  }
  return { indices, values };
}

/** Scores drawn from `distinct` levels, so ties are frequent when `distinct` is small. */
function randomScores(n: number, distinct: number, seed: number): Float64Array {
  const r = seededRandom(seed);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.floor(r() * distinct) / distinct - 0.5;
  return out;
}

export const topKCases: KernelCases<'TopK'> = [
  {
    name: 'empty input gives empty outputs',
    inputs: () => ({ scores: new Float64Array(0) }),
    attrs: { cols: 4, k: 2 },
    expected: () => ({ indices: new Int32Array(0), values: new Float64Array(0) }),
    exact: true,
  },
  {
    name: 'single element',
    inputs: () => ({ scores: Float64Array.of(0.3) }),
    attrs: { cols: 1, k: 1 },
    expected: () => ({ indices: Int32Array.of(0), values: Float64Array.of(0.3) }),
    exact: true,
  },
  {
    name: 'all ties go to the lowest columns, in column order',
    inputs: () => ({ scores: new Float64Array(2 * 9).fill(0.5) }),
    attrs: { cols: 9, k: 4 },
    expected: () => ({ indices: Int32Array.of(0, 1, 2, 3, 0, 1, 2, 3), values: new Float64Array(8).fill(0.5) }),
    exact: true,
  },
  {
    name: 'k larger than cols returns every column sorted',
    inputs: () => ({ scores: Float64Array.of(0.1, 0.9, 0.5) }),
    attrs: { cols: 3, k: 10 },
    expected: () => ({ indices: Int32Array.of(1, 2, 0), values: Float64Array.of(0.9, 0.5, 0.1) }),
    exact: true,
  },
  {
    name: 'k = 0 gives empty rows',
    inputs: () => ({ scores: Float64Array.of(1, 2, 3, 4) }),
    attrs: { cols: 2, k: 0 },
    expected: () => ({ indices: new Int32Array(0), values: new Float64Array(0) }),
    exact: true,
  },
  {
    name: 'single class: smallest entries with largest = false',
    inputs: () => ({ scores: Float64Array.of(3, -1, 2, -1, 7, 0) }),
    attrs: { cols: 6, k: 3, largest: false },
    expected: () => ({ indices: Int32Array.of(1, 3, 5), values: Float64Array.of(-1, -1, 0) }),
    exact: true,
  },
  {
    name: 'random rows with many ties match the reference (largest)',
    inputs: () => ({ scores: randomScores(37 * 23, 7, 21) }),
    attrs: { cols: 23, k: 6 },
    expected: (i) => referenceTopK(i.scores, 23, 6, true),
    exact: true,
  },
  {
    name: 'random float32 rows match the reference (smallest)',
    inputs: () => ({ scores: Float32Array.from(randomScores(11 * 50, 1000, 22)) }),
    attrs: { cols: 50, k: 17, largest: false },
    expected: (i) => referenceTopK(i.scores, 50, 17, false),
    exact: true,
  },
  {
    name: '1e5 scores (100 rows × 1000 cols, k = 10) match the reference',
    inputs: () => ({ scores: randomScores(100_000, 500, 23) }),
    attrs: { cols: 1000, k: 10 },
    expected: (i) => referenceTopK(i.scores, 1000, 10, true),
    exact: true,
  },
];
