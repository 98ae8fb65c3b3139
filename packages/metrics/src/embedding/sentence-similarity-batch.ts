import { invalidInput, resolveBackend, runKernel, runKernelSync, type FloatArray } from '@tensoreval/core';
import { numpyMean } from '../retrieval/numpy-stats';
import type { EmbeddingKernelOptions } from './cosine-similarity';
import type { PackedVectors } from './vectors';

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

/** Score matrices of at most this many entries per kernel call (2 MiB of float64), so memory stays bounded. */
const BLOCK_SCORES = 1 << 18;

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
    if (offsets[0] !== 0) throw invalidInput(fn, { argument: `${argument}.offsets`, index: 0 }, 'start at 0', String(offsets[0]), 'TE-203');
    for (let i = 1; i < offsets.length; i++) {
      if ((offsets[i] as number) < (offsets[i - 1] as number)) {
        throw invalidInput(fn, { argument: `${argument}.offsets`, index: i }, 'be non-decreasing', `${offsets[i]} after ${offsets[i - 1]}`, 'TE-203');
      }
    }
    const last = offsets[offsets.length - 1] as number;
    if (last !== rows) throw invalidInput(fn, { argument: `${argument}.offsets`, index: offsets.length - 1 }, `end at the row count of \`${argument}.data\` (${rows})`, String(last), 'TE-202');
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
      // v * 0 is NaN exactly for NaN and ±Infinity: one sum per row, the error path only on bad input.
      let poison = 0;
      for (let k = 0; k < d; k++) poison += (data[o + k] as number) * 0;
      if (poison !== 0) {
        let k = 0;
        while (Number.isFinite(data[o + k] as number)) k++;
        throw invalidInput(fn, { argument, index: i }, 'contain only finite numbers', `${data[o + k]} in row ${r} (vector ${r - (offsets[i] as number)} of the item) at position ${k}`, 'TE-201');
      }
      if (hasZero[i] === 1) continue;
      let k = 0;
      while (k < d && (data[o + k] as number) === 0) k++;
      if (k === d) hasZero[i] = 1;
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

/**
 * For every answer row with a non-empty context: its best cosine with any row of its context
 * (the TopK value, as `rowMaxima` gives it). Rows of answers with an empty context are left at 0.
 */
async function bestPerRow(
  fn: string,
  names: readonly [string, string],
  answers: RaggedVectors,
  contexts: RaggedVectors | PackedVectors,
  options: EmbeddingKernelOptions,
): Promise<{ a: CheckedRagged; c: CheckedRagged; shared: boolean; best: Float64Array }> {
  const [answersName, contextsName] = names;
  const a = checkColumnar(answers, answersName, fn);
  const shared = contexts !== null && typeof contexts === 'object' && !('offsets' in contexts && contexts.offsets !== undefined);
  const c = checkColumnar(contexts, contextsName, fn, a.dim, answersName);
  if (!shared && c.items !== a.items) {
    throw invalidInput(fn, `${contextsName}.offsets`, `hold one item per item of \`${answersName}\` (${a.items + 1} offsets), or be left out for one shared set`, `${c.offsets.length} offsets`, 'TE-202');
  }
  const dim = a.dim;
  const answerRows = a.offsets[a.items] as number;
  const best = new Float64Array(answerRows);
  if (answerRows === 0 || c.offsets[c.items] === 0) return { a, c, shared, best };
  if (shared) {
    // One context set: stack answer rows, so one kernel call covers many answers.
    const cols = c.offsets[1] as number;
    const blockRows = Math.min(answerRows, Math.max(4, ((BLOCK_SCORES / cols) >> 2) << 2));
    const k = await pickKernels(options, blockRows * cols * dim, blockRows * cols);
    for (let r0 = 0; r0 < answerRows; r0 += blockRows) {
      const r1 = Math.min(answerRows, r0 + blockRows);
      const scores = await k.cosine(view(a.data, r0 * dim, r1 * dim), c.data, dim);
      best.set(await k.rowMax(scores, cols), r0);
    }
    return { a, c, shared, best };
  }
  // A context set per answer: one kernel pair per answer, with no validation, copies or backend
  // resolution inside the loop (views of the columnar arrays).
  let first = 0;
  while (first < a.items && ((a.offsets[first + 1] as number) === (a.offsets[first] as number) || (c.offsets[first + 1] as number) === (c.offsets[first] as number))) first++;
  if (first === a.items) return { a, c, shared, best };
  const typicalCols = (c.offsets[first + 1] as number) - (c.offsets[first] as number);
  const typicalRows = (a.offsets[first + 1] as number) - (a.offsets[first] as number);
  const k = await pickKernels(options, typicalRows * typicalCols * dim, typicalRows * typicalCols);
  for (let i = first; i < a.items; i++) {
    const r0 = a.offsets[i] as number, r1 = a.offsets[i + 1] as number;
    const c0 = c.offsets[i] as number, c1 = c.offsets[i + 1] as number;
    if (r0 === r1 || c0 === c1) continue;
    const scores = await k.cosine(view(a.data, r0 * dim, r1 * dim), view(c.data, c0 * dim, c1 * dim), dim);
    best.set(await k.rowMax(scores, c1 - c0), r0);
  }
  return { a, c, shared, best };
}

/** numpy's `min` over best[from..to): NaN as soon as one value is NaN. */
function minOfRange(values: Float64Array, from: number, to: number): number {
  let m = Number.POSITIVE_INFINITY;
  for (let i = from; i < to; i++) {
    const v = values[i] as number;
    if (Number.isNaN(v)) return Number.NaN;
    if (v < m) m = v;
  }
  return m;
}

/**
 * {@link groundedness} for many answers in one call. Inputs are columnar and validated once; the
 * cosines run through the PairwiseCosine and TopK kernels in large blocks: with one shared
 * context set, answer rows are stacked so one kernel call covers up to 2^18 scores; with a
 * context set per answer, one kernel pair runs per answer on views of the arrays (synchronously
 * on cpu). The backend is resolved once per kernel for the whole batch (for `auto`, from the size
 * of one block, or of the first non-empty answer with per-answer contexts).
 *
 * Result `i` is bit-identical on the cpu backend to
 * `groundedness({ data: rowsOf(answers, i), dim }, [{ data: rowsOf(contexts, i), dim }], options)`
 * (for a shared set, its single context set), where `rowsOf` is a view of the item's rows; for
 * float64 data, any split of those context rows into chunks gives the same value. Rules:
 * an answer with no rows, or an empty context set → NaN; an all-zero vector in the answer or in
 * its context → NaN. Cosines are float32-rounded (the kernel's output type) when either array is a
 * Float32Array; min and max are taken exactly.
 *
 * @param answers - answer-sentence embeddings of n answers: rows × dim values, n + 1 offsets.
 * @param contexts - context-sentence embeddings: either {@link RaggedVectors} with one item per
 *   answer (n + 1 offsets), or {@link PackedVectors} without offsets, one set shared by every answer.
 *   Must have the answers' dim.
 * @returns Float64Array of n scores.
 * @throws InvalidInputError (TE-201 non-finite value, naming the item; TE-202/203/207 shape,
 *   offsets or dim, naming the argument and offset index).
 */
export async function groundednessBatch(answers: RaggedVectors, contexts: RaggedVectors | PackedVectors, options: EmbeddingKernelOptions = {}): Promise<Float64Array> {
  const { a, c, shared, best } = await bestPerRow('groundednessBatch', ['answers', 'contexts'], answers, contexts, options);
  const out = new Float64Array(a.items);
  for (let i = 0; i < a.items; i++) {
    const r0 = a.offsets[i] as number, r1 = a.offsets[i + 1] as number;
    const ci = shared ? 0 : i;
    if (r0 === r1 || c.offsets[ci] === c.offsets[ci + 1] || a.hasZero[i] === 1 || c.hasZero[ci] === 1) out[i] = Number.NaN;
    else out[i] = minOfRange(best, r0, r1);
  }
  return out;
}

/**
 * {@link sentenceSimilarity} for many answers in one call: for answer `i`, the mean (numpy's
 * pairwise sum) and the minimum over its actual sentences of the best cosine with any sentence
 * of its expected answer. Inputs, validation, blocking and backend choice as in
 * {@link groundednessBatch}. Bit-identical on cpu to the per-answer function. Rules: no actual
 * or no expected sentence → 0 for both (H2O's stored worst value); an all-zero vector on either
 * side → NaN for both.
 *
 * @param actual - actual-answer sentence embeddings of n answers (n + 1 offsets).
 * @param expected - expected-answer sentence embeddings, one item per answer, or one shared set
 *   without offsets; same dim.
 * @returns `mean` and `min`, Float64Arrays of n values.
 */
export async function sentenceSimilarityBatch(actual: RaggedVectors, expected: RaggedVectors | PackedVectors, options: EmbeddingKernelOptions = {}): Promise<{ mean: Float64Array; min: Float64Array }> {
  const { a, c, shared, best } = await bestPerRow('sentenceSimilarityBatch', ['actual', 'expected'], actual, expected, options);
  const mean = new Float64Array(a.items);
  const min = new Float64Array(a.items);
  for (let i = 0; i < a.items; i++) {
    const r0 = a.offsets[i] as number, r1 = a.offsets[i + 1] as number;
    const ci = shared ? 0 : i;
    if (r0 === r1 || c.offsets[ci] === c.offsets[ci + 1]) continue;
    if (a.hasZero[i] === 1 || c.hasZero[ci] === 1) {
      mean[i] = Number.NaN;
      min[i] = Number.NaN;
      continue;
    }
    const rows = best.subarray(r0, r1);
    mean[i] = numpyMean(rows);
    min[i] = minOfRange(best, r0, r1);
  }
  return { mean, min };
}
