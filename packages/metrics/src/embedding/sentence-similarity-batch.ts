import { assertOffsets, invalidInput, nonFiniteAt, resolveBackend, runKernel, runKernelSync, type FloatArray } from '@tensoreval/core';
import { numpy2Mean } from '../retrieval/numpy-stats';
import type { EmbeddingKernelOptions } from './cosine-similarity';
import { minOfRange } from './sentence-similarity';
import { isZeroRow, type PackedVectors } from './vectors';

/**
 * Many variable-length lists of vectors in columnar form: every row of every item in one
 * row-major typed array, plus row offsets. Item `i` owns rows `offsets[i] ≤ r < offsets[i + 1]`.
 */
export interface RaggedVectors {
  /** all rows × `dim` values, row-major; Float64Array or Float32Array */
  data: FloatArray;
  /** values per row, a positive integer */
  dim: number;
  /** items + 1 row offsets: `offsets[0] = 0`, non-decreasing, last = `data.length / dim` */
  offsets: Int32Array;
}

/** Options of {@link groundednessBatch}. */
export interface GroundednessBatchOptions extends EmbeddingKernelOptions {
  /**
   * n entries: answer `i` is scored against context set `contextIndex[i]` (an item of `contexts`,
   * which may then hold any number of sets). Answers sharing a set are stacked into one kernel
   * call, and the set is validated and normalised once. Not allowed with a shared (packed) set.
   */
  contextIndex?: Int32Array;
}

/** Options of {@link sentenceSimilarityBatch}. */
export interface SentenceSimilarityBatchOptions extends EmbeddingKernelOptions {
  /** n entries: answer `i` is compared with expected answer `expectedIndex[i]` (as `contextIndex` of {@link GroundednessBatchOptions}) */
  expectedIndex?: Int32Array;
}

/** Per kernel call at most this many scores (2 MiB of float64) ... */
const BLOCK_SCORES = 1 << 18;
/** ... and this many stacked answer values (8 MiB of float64), so memory stays bounded. */
const BLOCK_VALUES = 1 << 20;

interface CheckedRagged {
  data: FloatArray;
  dim: number;
  offsets: Int32Array;
  items: number;
  /** 1 where the item has an all-zero row: its cosines are NaN (nltk's cosine_distance) */
  hasZero: Uint8Array;
}

function isFloatArray(x: unknown): x is FloatArray {
  return x instanceof Float64Array || x instanceof Float32Array;
}

/**
 * Validates columnar vectors once: typed data, a positive integer dim matching `dim` (when given),
 * a whole number of rows, offsets starting at 0, non-decreasing and ending at the row count, and
 * finite values (the error names the item). A packed list (no offsets) is one shared item; only
 * the second argument (`dim` given) may be one.
 */
function checkColumnar(v: RaggedVectors | PackedVectors, argument: string, fn: string, dim?: number, dimOf?: string): CheckedRagged {
  if (v === null || typeof v !== 'object' || !isFloatArray(v.data)) {
    throw invalidInput(fn, `${argument}.data`, 'be a Float64Array or Float32Array', v === null || typeof v !== 'object' ? String(v) : Object.prototype.toString.call(v.data), 'TE-207');
  }
  const { data } = v;
  if (!Number.isInteger(v.dim) || v.dim <= 0) throw invalidInput(fn, `${argument}.dim`, 'be a positive integer', String(v.dim), 'TE-207');
  if (dim !== undefined && v.dim !== dim) throw invalidInput(fn, `${argument}.dim`, `equal \`${dimOf}.dim\` (${dim})`, String(v.dim), 'TE-207');
  if (data.length % v.dim !== 0) throw invalidInput(fn, `${argument}.data`, `hold a whole number of rows of dim ${v.dim}`, `${data.length} values`, 'TE-207');
  const rows = data.length / v.dim;
  let offsets: Int32Array;
  if ('offsets' in v && v.offsets !== undefined) {
    offsets = v.offsets;
    if (!(offsets instanceof Int32Array) || offsets.length === 0) {
      throw invalidInput(fn, `${argument}.offsets`, 'be an Int32Array of items + 1 row offsets', offsets instanceof Int32Array ? 'an empty array' : Object.prototype.toString.call(offsets), 'TE-207');
    }
    assertOffsets(offsets, rows, `${argument}.offsets`, fn, { totalOf: `the row count of \`${argument}.data\`` });
  } else {
    if (dim === undefined) throw invalidInput(fn, `${argument}.offsets`, 'be an Int32Array of items + 1 row offsets', String((v as Partial<RaggedVectors>).offsets), 'TE-207');
    offsets = Int32Array.of(0, rows);
  }
  const items = offsets.length - 1;
  const d = v.dim;
  const hasZero = new Uint8Array(items);
  for (let i = 0; i < items; i++) {
    const end = offsets[i + 1] as number;
    for (let r = offsets[i] as number; r < end; r++) {
      const o = r * d;
      const k = nonFiniteAt(data, o, d);
      if (k >= 0) throw invalidInput(fn, { argument, index: i }, 'contain only finite numbers', `${data[o + k]} in row ${r} (vector ${r - (offsets[i] as number)} of the item) at position ${k}`, 'TE-201');
      if (hasZero[i] === 0 && isZeroRow(data, o, d)) hasZero[i] = 1;
    }
  }
  return { data, dim: d, offsets, items, hasZero };
}

function view(data: FloatArray, from: number, to: number): FloatArray {
  return data instanceof Float64Array ? data.subarray(from, to) : data.subarray(from, to);
}

/** How each kernel runs: the backend picked once for the whole batch, called synchronously on cpu. */
interface Kernels {
  cosine(a: FloatArray, b: FloatArray, dim: number): FloatArray | Promise<FloatArray>;
  rowMax(scores: FloatArray, cols: number): FloatArray | Promise<FloatArray>;
}

async function pickKernels(options: EmbeddingKernelOptions, cosineSize: number, topKSize: number): Promise<Kernels> {
  const cos = (await resolveBackend('PairwiseCosine', options.backend, cosineSize)).backend.name;
  const top = (await resolveBackend('TopK', options.backend, topKSize)).backend.name;
  // cpu's kernels return values, never promises (runKernelSync always accepts it): no await per call.
  return {
    cosine: cos === 'cpu'
      ? (a, b, dim) => runKernelSync('PairwiseCosine', { a, b }, { dim }, { backend: 'cpu' }).scores
      : async (a, b, dim) => (await runKernel('PairwiseCosine', { a, b }, { dim }, { backend: cos })).scores,
    rowMax: top === 'cpu'
      ? (scores, cols) => runKernelSync('TopK', { scores }, { cols, k: 1, largest: true }, { backend: 'cpu' }).values
      : async (scores, cols) => (await runKernel('TopK', { scores }, { cols, k: 1, largest: true }, { backend: top })).values,
  };
}

/** Largest block: 2^18 scores and 2^20 input values (8 MiB of float64) per kernel call, rows a multiple of 4. */
function blockRowsFor(cols: number, dim: number): number {
  return Math.max(4, (Math.min(Math.floor(BLOCK_SCORES / cols), Math.floor(BLOCK_VALUES / dim)) >> 2) << 2);
}

interface BestPerRow {
  a: CheckedRagged;
  c: CheckedRagged;
  /** the item of the second argument each answer is scored against */
  setOf: Int32Array;
  /** per answer row, its best cosine with its set (TopK's value); 0 where either side is empty */
  best: Float64Array;
}

/**
 * Validates both arguments and `index` once, then fills the best cosine of every answer row
 * with any row of its set, with as few kernel calls as the grouping allows:
 * - one shared set (packed, no offsets): answer rows are stacked as views, one call per block;
 * - `index` given: answers are grouped by set, each group's rows gathered into one scratch block
 *   (a copy of a few rows per answer) so the set's norms and validation are paid once per set;
 * - otherwise one kernel pair per answer on views of the arrays, with no validation, copies or
 *   backend resolution inside the loop.
 */
async function bestPerRow(
  fn: string,
  names: readonly [string, string, string],
  answers: RaggedVectors,
  contexts: RaggedVectors | PackedVectors,
  index: Int32Array | undefined,
  options: EmbeddingKernelOptions,
): Promise<BestPerRow> {
  const [answersName, contextsName, indexName] = names;
  const a = checkColumnar(answers, answersName, fn);
  const shared = contexts !== null && typeof contexts === 'object' && !('offsets' in contexts && contexts.offsets !== undefined);
  const c = checkColumnar(contexts, contextsName, fn, a.dim, answersName);
  const n = a.items;
  const setOf = new Int32Array(n);
  if (index !== undefined) {
    if (shared) throw invalidInput(fn, indexName, `be left out when \`${contextsName}\` is one shared set`, 'an index', 'TE-203');
    if (!(index instanceof Int32Array) || index.length !== n) {
      throw invalidInput(fn, indexName, `be an Int32Array with one entry per item of \`${answersName}\` (${n})`, index instanceof Int32Array ? `${index.length} entries` : Object.prototype.toString.call(index), 'TE-202');
    }
    for (let i = 0; i < n; i++) {
      const k = index[i] as number;
      if (k < 0 || k >= c.items) throw invalidInput(fn, { argument: indexName, index: i }, `name an item of \`${contextsName}\` (0 to ${c.items - 1})`, String(k), 'TE-205');
      setOf[i] = k;
    }
  } else if (!shared) {
    if (c.items !== n) {
      throw invalidInput(fn, `${contextsName}.offsets`, `hold one item per item of \`${answersName}\` (${n + 1} offsets), or be left out for one shared set, or come with \`${indexName}\``, `${c.offsets.length} offsets`, 'TE-202');
    }
    for (let i = 0; i < n; i++) setOf[i] = i;
  }
  const dim = a.dim;
  const answerRows = a.offsets[n] as number;
  const best = new Float64Array(answerRows);
  const result = { a, c, setOf, best };
  if (answerRows === 0 || c.offsets[c.items] === 0) return result;

  if (shared) {
    const cols = c.offsets[1] as number;
    const blockRows = Math.min(answerRows, blockRowsFor(cols, dim));
    const k = await pickKernels(options, blockRows * cols * dim, blockRows * cols);
    for (let r0 = 0; r0 < answerRows; r0 += blockRows) {
      const r1 = Math.min(answerRows, r0 + blockRows);
      const scores = await k.cosine(view(a.data, r0 * dim, r1 * dim), c.data, dim);
      best.set(await k.rowMax(scores, cols), r0);
    }
    return result;
  }

  if (index !== undefined) {
    // Counting sort of the answers by set, then per set: gather its answers' rows block by block.
    const sets = c.items;
    const groupStart = new Int32Array(sets + 1);
    for (let i = 0; i < n; i++) {
      const k = (setOf[i] as number) + 1;
      groupStart[k] = (groupStart[k] as number) + 1;
    }
    for (let k = 0; k < sets; k++) groupStart[k + 1] = (groupStart[k + 1] as number) + (groupStart[k] as number);
    const order = new Int32Array(n);
    const fill = groupStart.slice(0, sets);
    for (let i = 0; i < n; i++) {
      const k = setOf[i] as number;
      const p = fill[k] as number;
      order[p] = i;
      fill[k] = p + 1;
    }
    let scratch: FloatArray | undefined;
    let dest = new Int32Array(0);
    let kernels: Kernels | undefined;
    for (let set = 0; set < sets; set++) {
      const c0 = c.offsets[set] as number, c1 = c.offsets[set + 1] as number;
      const g0 = groupStart[set] as number, g1 = groupStart[set + 1] as number;
      if (c0 === c1 || g0 === g1) continue;
      let groupRows = 0;
      for (let g = g0; g < g1; g++) groupRows += (a.offsets[(order[g] as number) + 1] as number) - (a.offsets[order[g] as number] as number);
      if (groupRows === 0) continue;
      const cols = c1 - c0;
      const blockRows = Math.min(groupRows, blockRowsFor(cols, dim));
      kernels ??= await pickKernels(options, blockRows * cols * dim, blockRows * cols);
      if (scratch === undefined || scratch.length < blockRows * dim) {
        scratch = a.data instanceof Float64Array ? new Float64Array(blockRows * dim) : new Float32Array(blockRows * dim);
        dest = new Int32Array(blockRows);
      }
      const setRows = view(c.data, c0 * dim, c1 * dim);
      let filled = 0;
      const flush = async (): Promise<void> => {
        const scores = await (kernels as Kernels).cosine(view(scratch as FloatArray, 0, filled * dim), setRows, dim);
        const values = await (kernels as Kernels).rowMax(scores, cols);
        for (let q = 0; q < filled; q++) best[dest[q] as number] = values[q] as number;
        filled = 0;
      };
      for (let g = g0; g < g1; g++) {
        const i = order[g] as number;
        let r = a.offsets[i] as number;
        const r1 = a.offsets[i + 1] as number;
        while (r < r1) {
          const take = Math.min(r1 - r, blockRows - filled);
          (scratch as Float64Array).set(view(a.data, r * dim, (r + take) * dim), filled * dim);
          for (let q = 0; q < take; q++) dest[filled + q] = r + q;
          filled += take;
          r += take;
          if (filled === blockRows) await flush();
        }
      }
      if (filled > 0) await flush();
    }
    return result;
  }

  let first = 0;
  while (first < n && ((a.offsets[first + 1] as number) === (a.offsets[first] as number) || (c.offsets[first + 1] as number) === (c.offsets[first] as number))) first++;
  if (first === n) return result;
  const typicalCols = (c.offsets[first + 1] as number) - (c.offsets[first] as number);
  const typicalRows = (a.offsets[first + 1] as number) - (a.offsets[first] as number);
  const k = await pickKernels(options, typicalRows * typicalCols * dim, typicalRows * typicalCols);
  for (let i = first; i < n; i++) {
    const r0 = a.offsets[i] as number, r1 = a.offsets[i + 1] as number;
    const c0 = c.offsets[i] as number, c1 = c.offsets[i + 1] as number;
    if (r0 === r1 || c0 === c1) continue;
    const scores = await k.cosine(view(a.data, r0 * dim, r1 * dim), view(c.data, c0 * dim, c1 * dim), dim);
    best.set(await k.rowMax(scores, c1 - c0), r0);
  }
  return result;
}

/**
 * {@link groundedness} for many answers in one call: for answer `i`, the minimum over its rows of
 * the best cosine with any row of its context set. Inputs are columnar and validated once (values
 * finite, dims, offsets, index); the cosines run through the PairwiseCosine and TopK kernels in
 * blocks of at most 2^18 scores and 2^20 input values, so memory stays bounded:
 * - `contexts` packed (no offsets): one set shared by every answer; answer rows are stacked (views,
 *   no copies), one kernel pair per block;
 * - `contexts` ragged with `options.contextIndex`: answers are grouped by set and each group's rows
 *   stacked, one kernel pair per set and block (the fast form whenever answers share sets);
 * - `contexts` ragged with one item per answer: one kernel pair per answer on views of the arrays.
 * On cpu the kernels run synchronously (`runKernelSync`); another backend is awaited per call. The
 * backend is resolved once per kernel for the whole batch (for `auto`, from the size of one block,
 * or of the first non-empty answer in the per-answer form).
 *
 * Result `i` is bit-identical on the cpu backend to
 * `await groundedness({ data: rowsOf(answers, i), dim }, [{ data: rowsOf(contexts, set(i)), dim }])`,
 * where `rowsOf` is a view of an item's rows and `set(i)` is `contextIndex[i]`, `i`, or the shared
 * set; for float64 data, any split of the context rows into chunks gives the same value. Rules:
 * an answer with no rows, or an empty context set → NaN (H2O skips the row); an all-zero vector in
 * the answer or in its context set → NaN. Cosines are rounded to float32 (the kernel's output type)
 * when `answers.data` or `contexts.data` is a Float32Array; max and min are exact.
 *
 * @param answers - answer-sentence embeddings of n answers: `data` rows × dim (Float64Array or
 *   Float32Array), `offsets` Int32Array of n + 1.
 * @param contexts - context-sentence embeddings with the answers' dim: {@link RaggedVectors} with one
 *   item per answer (or any number of items with `options.contextIndex`), or {@link PackedVectors}
 *   without offsets, one set shared by every answer.
 * @returns Float64Array of n scores.
 * @throws InvalidInputError before any kernel runs: TE-201 non-finite value (names the item, its row
 *   and position), TE-202/203/205/207 for lengths, offsets, index entries and dims (name the
 *   argument and index).
 */
export async function groundednessBatch(answers: RaggedVectors, contexts: RaggedVectors | PackedVectors, options: GroundednessBatchOptions = {}): Promise<Float64Array> {
  const { a, c, setOf, best } = await bestPerRow('groundednessBatch', ['answers', 'contexts', 'options.contextIndex'], answers, contexts, options.contextIndex, options);
  const out = new Float64Array(a.items);
  for (let i = 0; i < a.items; i++) {
    const r0 = a.offsets[i] as number, r1 = a.offsets[i + 1] as number;
    const ci = setOf[i] as number;
    if (r0 === r1 || c.offsets[ci] === c.offsets[ci + 1] || a.hasZero[i] === 1 || c.hasZero[ci] === 1) out[i] = Number.NaN;
    else out[i] = minOfRange(best, r0, r1);
  }
  return out;
}

/**
 * {@link sentenceSimilarity} for many answers in one call: for answer `i`, the mean (numpy's
 * pairwise sum) and the minimum over its actual sentences of the best cosine with any sentence
 * of its expected answer. Inputs, validation, grouping (`options.expectedIndex`), blocking and
 * backend choice as in {@link groundednessBatch}. Bit-identical on cpu to
 * `await sentenceSimilarity(rowsOf(actual, i), rowsOf(expected, set(i)))`. Rules: no actual or no
 * expected sentence → 0 for both (H2O's stored worst value); an all-zero vector on either side →
 * NaN for both; float32 inputs give float32-rounded cosines, as in {@link groundednessBatch}.
 *
 * @param actual - actual-answer sentence embeddings of n answers (`offsets` Int32Array of n + 1).
 * @param expected - expected-answer sentence embeddings with the same dim: one item per answer (or
 *   any number with `options.expectedIndex`), or one shared set without offsets.
 * @returns `mean` and `min`, Float64Arrays of n values.
 */
export async function sentenceSimilarityBatch(actual: RaggedVectors, expected: RaggedVectors | PackedVectors, options: SentenceSimilarityBatchOptions = {}): Promise<{ mean: Float64Array; min: Float64Array }> {
  const { a, c, setOf, best } = await bestPerRow('sentenceSimilarityBatch', ['actual', 'expected', 'options.expectedIndex'], actual, expected, options.expectedIndex, options);
  const mean = new Float64Array(a.items);
  const min = new Float64Array(a.items);
  for (let i = 0; i < a.items; i++) {
    const r0 = a.offsets[i] as number, r1 = a.offsets[i + 1] as number;
    const ci = setOf[i] as number;
    if (r0 === r1 || c.offsets[ci] === c.offsets[ci + 1]) continue;
    if (a.hasZero[i] === 1 || c.hasZero[ci] === 1) {
      mean[i] = Number.NaN;
      min[i] = Number.NaN;
      continue;
    }
    const rows = best.subarray(r0, r1);
    mean[i] = numpy2Mean(rows);
    min[i] = minOfRange(best, r0, r1);
  }
  return { mean, min };
}
