import type { FloatArray, PrecisionRecallSweepInputs, PrecisionRecallSweepOutputs } from '../../kernel-names';
import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';

/**
 * Deliberately simple reference: per segment, a stable comparator sort of indices by descending
 * score (Array.prototype.sort is stable), then running sums row by row.
 */
export function referenceSweep(inputs: PrecisionRecallSweepInputs, rows: number): PrecisionRecallSweepOutputs {
  const { scores, tp, fp } = inputs;
  const n = scores.length;
  const offsets = inputs.segmentOffsets ?? Int32Array.of(0, n);
  const order = new Int32Array(n);
  for (let s = 0; s + 1 < offsets.length; s++) {
    const start = offsets[s] as number;
    const end = offsets[s + 1] as number;
    const idx = Array.from({ length: end - start }, (_, k) => start + k);
    idx.sort((a, b) => (scores[b] as number) - (scores[a] as number));
    order.set(idx, start);
  }
  const sortedScores = Float64Array.from(order, (i) => scores[i] as number);
  const tpCum = new Float64Array(rows * n);
  const fpCum = new Float64Array(rows * n);
  for (let r = 0; r < rows; r++) {
    for (let s = 0; s + 1 < offsets.length; s++) {
      let t = 0;
      let f = 0;
      for (let p = offsets[s] as number; p < (offsets[s + 1] as number); p++) {
        t += tp[r * n + (order[p] as number)] as number;
        f += fp[r * n + (order[p] as number)] as number;
        tpCum[r * n + p] = t;
        fpCum[r * n + p] = f;
      }
    }
  }
  return { order, sortedScores, tpCum, fpCum };
}

/**
 * n scores from `distinct` levels (ties when small), rows of flags where each entry is tp, fp or
 * ignored (both 0), and `segments` random segment boundaries.
 */
function randomSweep(n: number, rows: number, distinct: number, segments: number, seed: number, float32 = false): PrecisionRecallSweepInputs {
  const r = seededRandom(seed);
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) values[i] = Math.floor(r() * distinct) / distinct;
  const scores: FloatArray = float32 ? Float32Array.from(values) : values;
  const tp = new Uint8Array(rows * n);
  const fp = new Uint8Array(rows * n);
  for (let i = 0; i < rows * n; i++) {
    const u = r();
    if (u < 0.45) tp[i] = 1;
    else if (u < 0.9) fp[i] = 1;
  }
  const cuts = Array.from({ length: segments - 1 }, () => Math.floor(r() * (n + 1))).sort((a, b) => a - b);
  return { scores, tp, fp, segmentOffsets: Int32Array.from([0, ...cuts, n]) };
}

export const precisionRecallSweepCases: KernelCases<'PrecisionRecallSweep'> = [
  {
    name: 'empty input gives empty outputs',
    inputs: () => ({ scores: new Float64Array(0), tp: new Uint8Array(0), fp: new Uint8Array(0) }),
    attrs: { rows: 2, stable: true },
    expected: () => ({ order: new Int32Array(0), sortedScores: new Float64Array(0), tpCum: new Float64Array(0), fpCum: new Float64Array(0) }),
    exact: true,
  },
  {
    name: 'single element',
    inputs: () => ({ scores: Float64Array.of(0.7), tp: Uint8Array.of(1), fp: Uint8Array.of(0) }),
    attrs: { rows: 1, stable: true },
    expected: () => ({ order: Int32Array.of(0), sortedScores: Float64Array.of(0.7), tpCum: Float64Array.of(1), fpCum: Float64Array.of(0) }),
    exact: true,
  },
  {
    name: 'all ties keep input order (numpy mergesort of -score)',
    inputs: () => ({ scores: new Float64Array(5).fill(0.5), tp: Uint8Array.of(0, 1, 1, 0, 1), fp: Uint8Array.of(1, 0, 0, 1, 0) }),
    attrs: { rows: 1, stable: true },
    expected: () => ({ order: Int32Array.of(0, 1, 2, 3, 4), tpCum: Float64Array.of(0, 1, 2, 2, 3), fpCum: Float64Array.of(1, 1, 1, 2, 2) }),
    exact: true,
  },
  {
    name: 'descending order, ties in input order, -0 ties with +0, ignored entries repeat the sums',
    inputs: () => ({
      scores: Float64Array.of(0.2, 0.9, -0, 0.9, 0, -1.5, 0.2),
      // row 0: entry 6 is ignored (tp = fp = 0); row 1 flips every flag
      tp: Uint8Array.of(1, 0, 1, 1, 0, 0, 0, /* row 1 */ 0, 1, 0, 0, 1, 1, 1),
      fp: Uint8Array.of(0, 1, 0, 0, 1, 1, 0, /* row 1 */ 1, 0, 1, 1, 0, 0, 0),
    }),
    attrs: { rows: 2, stable: true },
    expected: () => ({
      order: Int32Array.of(1, 3, 0, 6, 2, 4, 5),
      sortedScores: Float64Array.of(0.9, 0.9, 0.2, 0.2, 0, 0, -1.5),
      tpCum: Float64Array.of(0, 1, 2, 2, 3, 3, 3, /* row 1 */ 1, 1, 1, 2, 2, 3, 4),
      fpCum: Float64Array.of(1, 1, 1, 1, 1, 2, 3, /* row 1 */ 0, 1, 2, 2, 3, 3, 3),
    }),
    exact: true,
  },
  {
    name: 'single class: segments sort and accumulate independently (an empty segment included)',
    inputs: () => ({
      scores: Float64Array.of(0.1, 0.3, 0.2, 0.5, 0.4),
      tp: new Uint8Array(5).fill(1),
      fp: new Uint8Array(5),
      segmentOffsets: Int32Array.of(0, 3, 3, 5),
    }),
    attrs: { rows: 1, stable: true },
    expected: () => ({ order: Int32Array.of(1, 2, 0, 3, 4), tpCum: Float64Array.of(1, 2, 3, 1, 2), fpCum: new Float64Array(5) }),
    exact: true,
  },
  {
    name: 'long segments: all ties, and -0 tying with +0, keep input order',
    inputs: () => {
      const i = randomSweep(300, 2, 10, 2, 30);
      for (let k = 0; k < 300; k++) i.scores[k] = k < 150 ? 0.5 : [-0, 0, 0.25][k % 3] as number;
      return i;
    },
    attrs: { rows: 2, stable: true },
    expected: (i) => referenceSweep(i, 2),
    exact: true,
  },
  {
    name: 'segments of every length class (insertion, merge and radix sorts) with ties, -0 and negatives',
    inputs: () => {
      const n = 9000;
      const i = randomSweep(n, 2, 10, 1, 29);
      const r = seededRandom(28);
      for (let k = 0; k < n; k++) i.scores[k] = [-0, 0, 0.25, -0.5, 1e-300, -1e300][Math.floor(r() * 6)] as number;
      i.segmentOffsets = Int32Array.of(0, 10, 40, 41, 300, 2100, 2148, n);
      return i;
    },
    attrs: { rows: 2, stable: true },
    expected: (i) => referenceSweep(i, 2),
    exact: true,
  },
  {
    name: 'random float64 scores with many ties and 7 segments match the reference',
    inputs: () => randomSweep(3000, 3, 40, 7, 31),
    attrs: { rows: 3, stable: true },
    expected: (i) => referenceSweep(i, 3),
    exact: true,
  },
  {
    name: 'random float32 scores with few ties match the reference',
    inputs: () => randomSweep(2000, 2, 1e6, 3, 32, true),
    attrs: { rows: 2, stable: true },
    expected: (i) => referenceSweep(i, 2),
    exact: true,
  },
  {
    name: 'random signed scores over the whole float range match the reference',
    inputs: () => {
      const i = randomSweep(500, 1, 10, 1, 33);
      const r = seededRandom(34);
      for (let k = 0; k < 500; k++) i.scores[k] = (r() - 0.5) * 10 ** Math.floor(r() * 40 - 20);
      return i;
    },
    attrs: { rows: 1, stable: true },
    expected: (i) => referenceSweep(i, 1),
    exact: true,
  },
  {
    name: '1e5 scores with 1000 distinct values, 10 rows, 50 segments',
    inputs: () => randomSweep(100_000, 10, 1000, 50, 35),
    attrs: { rows: 10, stable: true },
    expected: (i) => referenceSweep(i, 10),
    exact: true,
  },
];
