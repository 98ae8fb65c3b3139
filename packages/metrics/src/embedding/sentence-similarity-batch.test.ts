import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '@tensoreval/core';
import { groundedness, groundednessBatch, sentenceSimilarity, sentenceSimilarityBatch, type PackedVectors, type RaggedVectors } from '.';

/** Seeded LCG so the random data is the same on every run. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Ragged vectors with the given row count per item, uniform in [-1, 1). */
function ragged(counts: readonly number[], dim: number, next: () => number, float32 = false): RaggedVectors {
  const offsets = new Int32Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) offsets[i + 1] = (offsets[i] as number) + (counts[i] as number);
  const rows = offsets[counts.length] as number;
  const data = float32 ? new Float32Array(rows * dim) : new Float64Array(rows * dim);
  for (let i = 0; i < data.length; i++) data[i] = next() * 2 - 1;
  return { data, dim, offsets };
}

/** Item `i` of a ragged set as a packed view, the form the per-answer functions take. */
function item(v: RaggedVectors, i: number): PackedVectors {
  return { data: v.data.subarray((v.offsets[i] as number) * v.dim, (v.offsets[i + 1] as number) * v.dim), dim: v.dim };
}

function zeroRow(v: RaggedVectors | PackedVectors, row: number): void {
  v.data.fill(0, row * v.dim, (row + 1) * v.dim);
}

async function groundednessLoop(answers: RaggedVectors, contexts: RaggedVectors | PackedVectors, index?: Int32Array): Promise<Float64Array> {
  const n = answers.offsets.length - 1;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = await groundedness(item(answers, i), ['offsets' in contexts ? item(contexts, index ? (index[i] as number) : i) : contexts], { backend: 'cpu' });
  return out;
}

async function similarityLoop(actual: RaggedVectors, expected: RaggedVectors | PackedVectors, index?: Int32Array): Promise<{ mean: Float64Array; min: Float64Array }> {
  const n = actual.offsets.length - 1;
  const mean = new Float64Array(n);
  const min = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = await sentenceSimilarity(item(actual, i), 'offsets' in expected ? item(expected, index ? (index[i] as number) : i) : expected, { backend: 'cpu' });
    mean[i] = s.mean;
    min[i] = s.min;
  }
  return { mean, min };
}

/** Exact equality, NaN included, value by value (Object.is keeps -0 and NaN apart from the rest). */
function expectSame(actual: Float64Array, expected: Float64Array): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) {
    if (!Object.is(actual[i], expected[i])) expect.fail(`index ${i}: ${actual[i]} !== ${expected[i]}`);
  }
}

const counts = (n: number, max: number, next: () => number, min = 1) => Array.from({ length: n }, () => min + Math.floor(next() * (max - min + 1)));

describe('groundednessBatch', () => {
  it('equals the per-answer loop bit for bit, per-answer contexts (random seeded data)', async () => {
    const next = lcg(7);
    const answers = ragged(counts(60, 9, next), 37, next);
    const contexts = ragged(counts(60, 23, next), 37, next);
    expectSame(await groundednessBatch(answers, contexts, { backend: 'cpu' }), await groundednessLoop(answers, contexts));
  });

  it('equals the per-answer loop bit for bit with one shared context set, across several kernel blocks', async () => {
    const next = lcg(8);
    // 2^18 / 700 scores per block → 372 rows a block, so these ~1100 rows take several blocks.
    const answers = ragged(counts(220, 9, next), 16, next);
    const shared: PackedVectors = { data: ragged([700], 16, next).data, dim: 16 };
    expect(answers.offsets[220]).toBeGreaterThan(800);
    expectSame(await groundednessBatch(answers, shared, { backend: 'cpu' }), await groundednessLoop(answers, shared));
    expectSame(await groundednessBatch(answers, shared), await groundednessLoop(answers, shared));
  });

  it('equals the per-answer loop bit for bit with contextIndex (grouped sets, blocks split inside a group)', async () => {
    const next = lcg(13);
    const answers = ragged(counts(400, 7, next, 0), 10, next);
    const contexts = ragged([...counts(11, 30, next), 0, 1, 5000], 10, next); // set 11 empty; set 13: 2^18 / 5000 → 52-row blocks
    zeroRow(contexts, contexts.offsets[5] as number);
    const index = Int32Array.from({ length: 400 }, () => Math.floor(next() * 14));
    index[7] = 13;
    index[8] = 11;
    let set13Rows = 0;
    for (let i = 0; i < 400; i++) if (index[i] === 13) set13Rows += (answers.offsets[i + 1] as number) - (answers.offsets[i] as number);
    expect(set13Rows).toBeGreaterThan(52);
    const batch = await groundednessBatch(answers, contexts, { backend: 'cpu', contextIndex: index });
    expectSame(batch, await groundednessLoop(answers, contexts, index));
    const f32 = { ...answers, data: Float32Array.from(answers.data) };
    expectSame(await groundednessBatch(f32, contexts, { contextIndex: index }), await groundednessLoop(f32, contexts, index));
  });

  it('follows the float32 rules of the per-answer function', async () => {
    const next = lcg(9);
    const answers = ragged(counts(25, 5, next), 12, next, true);
    const contexts = ragged(counts(25, 8, next), 12, next);
    const batch = await groundednessBatch(answers, contexts, { backend: 'cpu' });
    expectSame(batch, await groundednessLoop(answers, contexts));
    for (const v of batch) expect(Math.fround(v)).toBe(v);
  });

  it('gives what the single-answer function gives for empty answers, empty contexts and zero vectors', async () => {
    const next = lcg(10);
    const answers = ragged([3, 0, 2, 4, 1, 2, 3], 8, next);
    const contexts = ragged([5, 4, 0, 6, 3, 0, 2], 8, next);
    zeroRow(answers, (answers.offsets[3] as number) + 1); // answer 3 has a zero sentence
    zeroRow(contexts, (contexts.offsets[4] as number) + 2); // answer 4's context has a zero sentence
    const batch = await groundednessBatch(answers, contexts, { backend: 'cpu' });
    expectSame(batch, await groundednessLoop(answers, contexts));
    expect(Array.from(batch, Number.isNaN)).toEqual([false, true, true, true, true, true, false]);
  });

  it('handles one answer, no answer, all-empty contexts and a zero vector in a shared set', async () => {
    const next = lcg(11);
    const one = ragged([4], 6, next);
    const ctx = ragged([9], 6, next);
    expect((await groundednessBatch(one, ctx))[0]).toBe(await groundedness(item(one, 0), [item(ctx, 0)]));
    expect(await groundednessBatch({ data: new Float64Array(0), dim: 6, offsets: Int32Array.of(0) }, { data: new Float64Array(0), dim: 6 })).toEqual(new Float64Array(0));
    const empty = await groundednessBatch(ragged([2, 1], 6, next), { data: new Float64Array(0), dim: 6, offsets: Int32Array.of(0, 0, 0) });
    expect(Array.from(empty, Number.isNaN)).toEqual([true, true]);
    const shared: PackedVectors = { data: ctx.data.slice(), dim: 6 };
    zeroRow(shared, 3);
    const answers = ragged([2, 0, 3], 6, next);
    expectSame(await groundednessBatch(answers, shared), await groundednessLoop(answers, shared));
  });

  it('rejects bad input once at the boundary, naming the argument and index', async () => {
    const next = lcg(12);
    const answers = ragged([2, 3], 4, next);
    const contexts = ragged([1, 2], 4, next);
    const bad = async (a: unknown, c: unknown, pattern: RegExp) => {
      const error = await groundednessBatch(a as RaggedVectors, c as RaggedVectors).then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as Error).message).toMatch(pattern);
    };
    const withNaN = { ...answers, data: answers.data.slice() };
    withNaN.data[(2 + 1) * 4 + 2] = Number.NaN; // item 1, its second vector, position 2
    await bad(withNaN, contexts, /`answers` \(record 1\) .*finite.*NaN in row 3 \(vector 1 of the item\) at position 2/);
    const ctxInf = { ...contexts, data: contexts.data.slice() };
    ctxInf.data[1] = Number.POSITIVE_INFINITY;
    await bad(answers, ctxInf, /`contexts` \(record 0\).*Infinity/);
    await bad({ ...answers, offsets: Int32Array.of(0, 3, 2, 5) }, contexts, /`answers.offsets` \(record 2\).*non-decreasing.*2 after 3/);
    await bad({ ...answers, offsets: Int32Array.of(1, 5) }, contexts, /`answers.offsets` \(record 0\).*start at 0/);
    await bad({ ...answers, offsets: Int32Array.of(0, 2, 4) }, contexts, /`answers.offsets` \(record 2\).*row count.*\(5\)/);
    await bad({ ...answers, offsets: [0, 2, 5] }, contexts, /`answers.offsets`.*Int32Array/);
    await bad({ data: answers.data }, contexts, /`answers.dim`.*positive integer/);
    await bad({ ...answers, data: Array.from(answers.data) }, contexts, /`answers.data`.*Float64Array or Float32Array/);
    await bad({ ...answers, data: answers.data.subarray(0, 19) }, contexts, /`answers.data`.*whole number of rows/);
    await bad({ data: answers.data, dim: 4 }, contexts, /`answers.offsets`/);
    await bad(answers, { ...contexts, dim: 2, offsets: Int32Array.of(0, 2, 6) }, /`contexts.dim`.*`answers.dim` \(4\)/);
    await bad(answers, { ...contexts, offsets: Int32Array.of(0, 3) }, /`contexts.offsets`.*3 offsets.*got 2 offsets/);
    await bad(answers, null, /`contexts.data`/);
    const withIndex = async (c: unknown, index: unknown, pattern: RegExp) => {
      const error = await groundednessBatch(answers, c as RaggedVectors, { contextIndex: index as Int32Array }).then(() => undefined, (e: unknown) => e);
      expect((error as Error).message).toMatch(pattern);
    };
    await withIndex(contexts, Int32Array.of(0, 2), /`options.contextIndex` \(record 1\).*name an item of `contexts` \(0 to 1\).*got 2/);
    await withIndex(contexts, Int32Array.of(0), /`options.contextIndex`.*one entry per item of `answers` \(2\).*1 entries/);
    await withIndex({ data: contexts.data, dim: 4 }, Int32Array.of(0, 0), /`options.contextIndex`.*left out.*shared/);
  });
});

describe('sentenceSimilarityBatch', () => {
  it('equals the per-answer loop bit for bit (mean and min), per-answer and shared expected sets', async () => {
    const next = lcg(21);
    const actual = ragged(counts(50, 12, next), 24, next);
    const expected = ragged(counts(50, 10, next), 24, next);
    const batch = await sentenceSimilarityBatch(actual, expected, { backend: 'cpu' });
    const loop = await similarityLoop(actual, expected);
    expectSame(batch.mean, loop.mean);
    expectSame(batch.min, loop.min);
    const index = Int32Array.from({ length: 50 }, () => Math.floor(next() * 50));
    const batchIndexed = await sentenceSimilarityBatch(actual, expected, { expectedIndex: index });
    const loopIndexed = await similarityLoop(actual, expected, index);
    expectSame(batchIndexed.mean, loopIndexed.mean);
    expectSame(batchIndexed.min, loopIndexed.min);
    const shared: PackedVectors = item(expected, 3);
    const batchShared = await sentenceSimilarityBatch(actual, shared);
    const loopShared = await similarityLoop(actual, shared);
    expectSame(batchShared.mean, loopShared.mean);
    expectSame(batchShared.min, loopShared.min);
  });

  it('gives 0 for an empty side and NaN for zero vectors, like the single-answer function', async () => {
    const next = lcg(22);
    const actual = ragged([2, 0, 3, 2, 2], 5, next);
    const expected = ragged([3, 2, 0, 2, 4], 5, next);
    zeroRow(actual, actual.offsets[3] as number);
    zeroRow(expected, (expected.offsets[4] as number) + 3);
    const batch = await sentenceSimilarityBatch(actual, expected, { backend: 'cpu' });
    const loop = await similarityLoop(actual, expected);
    expectSame(batch.mean, loop.mean);
    expectSame(batch.min, loop.min);
    expect(Array.from(batch.min.subarray(1))).toEqual([0, 0, Number.NaN, Number.NaN]);
  });

  it('names its own arguments in errors', async () => {
    const error = await sentenceSimilarityBatch({ data: new Float64Array(4), dim: 2, offsets: Int32Array.of(0, 2) }, { data: new Float64Array(3), dim: 2 }).then(() => undefined, (e: unknown) => e);
    expect((error as Error).message).toMatch(/`expected.data` of sentenceSimilarityBatch/);
  });
});
