import type { CosineTopKInputs } from '../../kernel-names';
import { normalizedRowsF32 } from '../../unit-rows';
import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';
import { referenceCosine } from './PairwiseCosine.cases';
import { referenceTopK } from './TopK.cases';

// Reference: the float64 cosine matrix, then a comparator sort per row (ties to the lower index).
function referenceCosineTopK(i: CosineTopKInputs, dim: number, k: number) {
  const cols = dim > 0 ? i.corpus.length / dim : 0;
  const { indices, values } = referenceTopK(referenceCosine(i.queries, i.corpus, dim), cols, k, true);
  return { indices, scores: values };
}

function rows(n: number, dim: number, seed: number): Float32Array {
  const r = seededRandom(seed);
  return Float32Array.from({ length: n * dim }, () => r() * 2 - 1);
}

export const cosineTopKCases: KernelCases<'CosineTopK'> = [
  {
    name: 'no queries gives empty outputs',
    inputs: () => ({ queries: new Float32Array(0), corpus: rows(5, 4, 1) }),
    attrs: { dim: 4, k: 3 },
    expected: () => ({ indices: new Int32Array(0), scores: new Float32Array(0) }),
  },
  {
    name: 'k larger than the corpus gives every corpus row, best first',
    inputs: () => ({ queries: rows(3, 4, 2), corpus: rows(2, 4, 3) }),
    attrs: { dim: 4, k: 5 },
    expected: (i) => referenceCosineTopK(i, 4, 5),
  },
  {
    name: 'ties: identical corpus rows come in index order, and a zero row scores 0',
    inputs: () => ({
      queries: Float32Array.of(1, 0, 0, 0),
      corpus: Float32Array.of(0, 1, 2, 0, 0, 0, 2, 0, 1, 0, 4, 0),
    }),
    attrs: { dim: 2, k: 3 },
    expected: () => ({ indices: Int32Array.of(1, 3, 4, 0, 1, 2), scores: Float32Array.of(1, 1, 1, 0, 0, 0) }),
  },
  {
    name: 'random 37 queries × 53 corpus rows × dim 16, k 7, match the reference',
    inputs: () => ({ queries: rows(37, 16, 4), corpus: rows(53, 16, 5) }),
    attrs: { dim: 16, k: 7 },
    expected: (i) => referenceCosineTopK(i, 16, 7),
  },
  {
    name: 'queries in tiles of 4 (queryTile; the last tile short) give the untiled ranking',
    inputs: () => ({ queries: rows(37, 16, 8), corpus: rows(53, 16, 9) }),
    attrs: { dim: 16, k: 5, queryTile: 4 },
    expected: (i) => referenceCosineTopK(i, 16, 5),
  },
  {
    name: 'rows given unit-normalised (normalized: true) give the same ranking',
    inputs: () => ({ queries: normalizedRowsF32(rows(11, 8, 6), 11, 8), corpus: normalizedRowsF32(rows(29, 8, 7), 29, 8) }),
    attrs: { dim: 8, k: 4, normalized: true },
    expected: (i) => referenceCosineTopK(i, 8, 4),
  },
];
