import type { FloatArray, RocAucInputs } from '../../kernel-names';
import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';

/**
 * Deliberately simple reference: the Mann-Whitney statistic. AUC = (sum of the positives' ranks,
 * ties sharing their average rank, - P(P+1)/2) / (P N); NaN for one class.
 */
function referenceAuc(scores: FloatArray, labels: Uint8Array, offsets?: Int32Array): Float64Array {
  const off = offsets ?? Int32Array.of(0, scores.length);
  const out = new Float64Array(off.length - 1);
  for (let s = 0; s + 1 < off.length; s++) {
    const idx = Array.from({ length: (off[s + 1] as number) - (off[s] as number) }, (_, k) => (off[s] as number) + k);
    idx.sort((a, b) => (scores[a] as number) - (scores[b] as number));
    let rankSum = 0;
    let positives = 0;
    for (let i = 0; i < idx.length; ) {
      let j = i;
      while (j < idx.length && scores[idx[j] as number] === scores[idx[i] as number]) j++;
      const avgRank = (i + 1 + j) / 2;
      for (let k = i; k < j; k++) if (labels[idx[k] as number] === 1) { rankSum += avgRank; positives++; }
      i = j;
    }
    const negatives = idx.length - positives;
    out[s] = positives === 0 || negatives === 0 ? NaN : (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
  }
  return out;
}

function randomRoc(n: number, distinct: number, segments: number, seed: number): RocAucInputs {
  const r = seededRandom(seed);
  const scores = new Float64Array(n);
  const labels = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const positive = r() < 0.4 ? 1 : 0;
    labels[i] = positive;
    // informative scores: positives lean higher
    scores[i] = Math.floor((r() + positive * 0.3) * distinct) / distinct;
  }
  const cuts = Array.from({ length: segments - 1 }, () => Math.floor(r() * (n + 1))).sort((a, b) => a - b);
  return { scores, labels, segmentOffsets: Int32Array.from([0, ...cuts, n]) };
}

export const rocAucCases: KernelCases<'RocAuc'> = [
  {
    name: 'empty input is NaN',
    inputs: () => ({ scores: new Float64Array(0), labels: new Uint8Array(0) }),
    attrs: {},
    expected: () => ({ auc: Float64Array.of(NaN) }),
  },
  {
    name: 'single element (one class) is NaN',
    inputs: () => ({ scores: Float64Array.of(0.5), labels: Uint8Array.of(1) }),
    attrs: {},
    expected: () => ({ auc: Float64Array.of(NaN) }),
  },
  {
    name: 'single class per segment is NaN, an empty segment too',
    inputs: () => ({ scores: Float64Array.of(0.1, 0.9, 0.3, 0.4), labels: Uint8Array.of(0, 0, 1, 1), segmentOffsets: Int32Array.of(0, 2, 2, 4) }),
    attrs: {},
    expected: () => ({ auc: Float64Array.of(NaN, NaN, NaN) }),
  },
  {
    name: 'all ties form one step: 0.5',
    inputs: () => ({ scores: new Float64Array(7).fill(0.3), labels: Uint8Array.of(1, 0, 0, 1, 0, 1, 0) }),
    attrs: {},
    expected: () => ({ auc: Float64Array.of(0.5) }),
  },
  {
    name: 'sklearn docs example (roc_auc_score([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]) = 0.75)',
    inputs: () => ({ scores: Float64Array.of(0.1, 0.4, 0.35, 0.8), labels: Uint8Array.of(0, 0, 1, 1) }),
    attrs: {},
    expected: () => ({ auc: Float64Array.of(0.75) }),
  },
  {
    name: 'perfect and inverted rankings over two segments',
    inputs: () => ({ scores: Float32Array.of(0.9, 0.8, 0.1, 0.2, 0.9, 0.8), labels: Uint8Array.of(1, 1, 0, 1, 0, 0), segmentOffsets: Int32Array.of(0, 3, 6) }),
    attrs: {},
    expected: () => ({ auc: Float64Array.of(1, 0) }),
  },
  {
    name: 'random segments with many ties match the reference',
    inputs: () => randomRoc(5000, 30, 9, 51),
    attrs: {},
    expected: (i) => ({ auc: referenceAuc(i.scores, i.labels, i.segmentOffsets) }),
  },
  {
    name: 'random scores without ties match the reference',
    inputs: () => randomRoc(3000, 1e9, 2, 52),
    attrs: {},
    expected: (i) => ({ auc: referenceAuc(i.scores, i.labels, i.segmentOffsets) }),
  },
  {
    name: '1e5 scores with 1000 distinct values match the reference',
    inputs: () => randomRoc(100_000, 1000, 1, 53),
    attrs: {},
    expected: (i) => ({ auc: referenceAuc(i.scores, i.labels, i.segmentOffsets) }),
  },
];
