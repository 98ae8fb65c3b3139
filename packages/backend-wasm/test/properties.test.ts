import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { configureWasmBackend, cosineTopKWasm, pairwiseCosineWasm, wasmBackend } from '@tensoreval/backend-wasm';
import { initBackend, normalizedRowsF32, runKernel } from '@tensoreval/core';
import { runConformance } from '@tensoreval/core/conformance';
import { loadTolerances, seededRandom } from '@tensoreval/core/testing';
import { stagingRows } from '../src/layout';

const { atol, rtol } = loadTolerances().float32;
const close = (got: number, want: number) => Math.abs(got - want) <= atol + rtol * Math.abs(want);

/** rows × dim values; with `pool`, every row is a copy of one of `pool` random rows (exact ties). */
const matrix = (rows: number, dim: number, pool?: number) =>
  fc.array(fc.float({ min: -4, max: 4, noNaN: true, noDefaultInfinity: true }), { minLength: (pool ?? rows) * dim, maxLength: (pool ?? rows) * dim })
    .chain((base) => fc.array(fc.nat({ max: Math.max(0, (pool ?? rows) - 1) }), { minLength: rows, maxLength: rows })
      .map((pick) => {
        const out = new Float32Array(rows * dim);
        for (let r = 0; r < rows; r++) out.set(base.slice((pool ? pick[r]! : r) * dim, ((pool ? pick[r]! : r) + 1) * dim), r * dim);
        return out;
      }));

// Shapes around the 4 × 8 register block (panels of 4 rows of a, 8 of b) and the 4-float SIMD width: zero rows, fewer rows than a
// block, dims that are not a multiple of 4 or 8.
const shape = fc.record({ n: fc.nat({ max: 9 }), m: fc.nat({ max: 13 }), dim: fc.integer({ min: 1, max: 19 }) });

async function cpuCosine(a: Float32Array, b: Float32Array, dim: number): Promise<Float32Array> {
  return (await runKernel('PairwiseCosine', { a, b }, { dim }, { backend: 'cpu' })).scores as Float32Array;
}

describe('wasm backend against cpu on random shapes', () => {
  afterAll(() => wasmBackend.dispose());

  it('initialises', async () => {
    configureWasmBackend({ maxThreads: 2 });
    expect(await initBackend('wasm')).toBe(true);
  });

  it('PairwiseCosine equals cpu within the float32 tolerance', async () => {
    await fc.assert(fc.asyncProperty(shape.chain(({ n, m, dim }) => fc.tuple(matrix(n, dim), matrix(m, dim), fc.constant(dim))), async ([a, b, dim]) => {
      const got = await pairwiseCosineWasm(a, b, dim);
      const want = await cpuCosine(a, b, dim);
      expect(got.length).toBe(want.length);
      for (let i = 0; i < want.length; i++) expect(close(got[i]!, want[i]!), `entry ${i}: ${got[i]} vs ${want[i]}`).toBe(true);
    }), { numRuns: 150 });
  });

  it('scores computed in several passes of rows, padded or not, equal one pass bit for bit', async () => {
    await fc.assert(fc.asyncProperty(fc.record({ n: fc.integer({ min: 1, max: 41 }), m: fc.integer({ min: 1, max: 29 }), dim: fc.integer({ min: 1, max: 19 }) })
      .chain(({ n, m, dim }) => fc.tuple(matrix(n, dim), matrix(m, dim), fc.constant(dim), fc.integer({ min: 1, max: 12 }))), async ([a, b, dim, panels]) => {
      const m = b.length / dim;
      const onePass = await pairwiseCosineWasm(a, b, dim);
      // `panels` panels of 4 rows per pass: several passes, the last often partial
      const passes = await pairwiseCosineWasm(a, b, dim, panels * 4 * 4 * Math.ceil(m / 8) * 8);
      expect(Array.from(passes)).toEqual(Array.from(onePass));
    }), { numRuns: 100 });
  });

  it('rows are normalised in the threads exactly as normalizedRowsF32 on the host (against unit basis vectors)', async () => {
    await fc.assert(fc.asyncProperty(shape.chain(({ n, dim }) => fc.tuple(matrix(n, dim), fc.constant(dim))), async ([a, dim]) => {
      const n = a.length / dim;
      const eye = new Float32Array(dim * dim);
      for (let d = 0; d < dim; d++) eye[d * dim + d] = 1;
      // a_i · e_d adds exact zeros to one product with 1, so the score is the packed value itself
      const got = await pairwiseCosineWasm(a, eye, dim);
      expect(Array.from(got)).toEqual(Array.from(normalizedRowsF32(a, n, dim)).map((v) => v + 0));
    }), { numRuns: 100 });
  });

  it('rows past one staging chunk are packed chunk by chunk (float64 inputs: normalised on the host)', async () => {
    const dim = 384, n = 3;
    const m = stagingRows(dim) + 13;
    const r = seededRandom(5);
    const a = Float32Array.from({ length: n * dim }, () => r() * 2 - 1);
    const block = Float32Array.from({ length: 997 * dim }, () => r() * 2 - 1);
    const b = new Float32Array(m * dim);
    for (let at = 0; at < b.length; at += block.length) b.set(block.subarray(0, Math.min(block.length, b.length - at)), at);
    b.fill(0, 5 * dim, 6 * dim); // a zero row stays zero
    for (const [x, y] of [[a, b], [Float64Array.from(a), Float64Array.from(b)]] as const) {
      const got = await pairwiseCosineWasm(x, y, dim);
      const want = (await runKernel('PairwiseCosine', { a: x, b: y }, { dim }, { backend: 'cpu' })).scores;
      let bad = 0;
      for (let i = 0; i < want.length; i++) if (!close(got[i]!, want[i]!)) bad++;
      expect(bad).toBe(0);
      expect(got[5]).toBe(0);
    }
  });

  it('returns its own ArrayBuffer, not a view of the shared WebAssembly memory', async () => {
    for (const m of [8, 9]) {
      const got = await pairwiseCosineWasm(Float32Array.of(1, 2, 3, 4), new Float32Array(m * 2).fill(1), 2);
      expect(got.buffer).toBeInstanceOf(ArrayBuffer);
      expect(got.length).toBe(2 * m);
    }
  });

  it('CosineTopK: scores as cpu, indices as cpu except among near-equal scores, exact ties by lower index', async () => {
    const input = shape.chain(({ n, m, dim }) => fc.tuple(matrix(n, dim), matrix(m, dim, Math.max(1, m >> 1)), fc.constant(dim), fc.integer({ min: 1, max: m + 2 })));
    await fc.assert(fc.asyncProperty(input, async ([q, c, dim, k]) => {
      const got = await cosineTopKWasm(q, c, dim, k);
      const want = await runKernel('CosineTopK', { queries: q, corpus: c }, { dim, k }, { backend: 'cpu' });
      expect(got.indices.length).toBe(want.indices.length);
      const m = c.length / dim;
      const kk = Math.min(k, m);
      const full = await cpuCosine(q, c, dim);
      for (let p = 0; p < want.indices.length; p++) {
        const row = Math.floor(p / kk);
        expect(close(got.scores[p]!, want.scores[p]!), `position ${p}`).toBe(true);
        // a different index is only allowed where its true score ties the reference's within float32 rounding
        if (got.indices[p] !== want.indices[p]) expect(close(full[row * m + got.indices[p]!]!, want.scores[p]!), `index at ${p}`).toBe(true);
      }
      // identical corpus rows score identically in float32 too: within a row, equal scores come in index order
      for (let p = 1; p < got.indices.length; p++) {
        if (p % kk !== 0 && got.scores[p] === got.scores[p - 1]) expect(got.indices[p]!).toBeGreaterThan(got.indices[p - 1]!);
      }
    }), { numRuns: 150 });
  });

  it('CosineTopK: equal scores at the k-th place keep the lowest indices (identical rows over several corpus tiles)', async () => {
    const input = fc.record({ n: fc.integer({ min: 1, max: 5 }), m: fc.integer({ min: 1, max: 700 }), dim: fc.integer({ min: 1, max: 9 }), k: fc.integer({ min: 1, max: 20 }) })
      .chain(({ n, m, dim, k }) => fc.tuple(matrix(n, dim), matrix(1, dim), fc.constant({ n, m, dim, k })));
    await fc.assert(fc.asyncProperty(input, async ([q, row, { n, m, dim, k }]) => {
      const c = new Float32Array(m * dim);
      for (let r = 0; r < m; r++) c.set(row, r * dim);
      const got = await cosineTopKWasm(q, c, dim, k);
      const kk = Math.min(k, m);
      expect([...got.indices]).toEqual(Array.from({ length: n * kk }, (_v, p) => p % kk));
    }), { numRuns: 40 });
  });

  it('top-k across many corpus tiles and query blocks equals cpu on a larger case', async () => {
    const dim = 37, n = 301, m = 1029, k = 12;
    const r = seededRandom(7);
    const rnd = () => r() * 2 - 1;
    const q = Float32Array.from({ length: n * dim }, rnd);
    const c = Float32Array.from({ length: m * dim }, rnd);
    c.set(c.subarray(5 * dim, 6 * dim), 900 * dim); // an exact tie in a later tile: index 5 first
    const got = await cosineTopKWasm(q, c, dim, k);
    const want = await runKernel('CosineTopK', { queries: q, corpus: c }, { dim, k }, { backend: 'cpu' });
    let differ = 0;
    for (let p = 0; p < want.indices.length; p++) {
      expect(close(got.scores[p]!, want.scores[p]!)).toBe(true);
      if (got.indices[p] !== want.indices[p]) differ++;
    }
    expect(differ).toBe(0);
  });

  it('concurrent calls share the engine one at a time and each gets its own result', async () => {
    const dim = 10;
    const mats = Array.from({ length: 4 }, (_v, i) => Float32Array.from({ length: (20 + i) * dim }, (_x, j) => Math.sin(j * (i + 1))));
    const got = await Promise.all(mats.map((x) => pairwiseCosineWasm(x, mats[0]!, dim)));
    for (let i = 0; i < mats.length; i++) {
      const want = await cpuCosine(mats[i]!, mats[0]!, dim);
      for (let e = 0; e < want.length; e++) expect(close(got[i]![e]!, want[e]!)).toBe(true);
    }
  });

  it('on one thread the conformance cases and the larger top-k case still pass', async () => {
    wasmBackend.dispose();
    configureWasmBackend({ maxThreads: 1 });
    wasmBackend.init();
    expect(wasmBackend.describe?.().threads).toBe(1);
    const results = await runConformance('wasm');
    expect(results.length).toBeGreaterThan(10);
    expect(results.filter((r) => !r.pass)).toEqual([]);
    const dim = 21, n = 67, m = 1500;
    const r = seededRandom(11);
    const q = Float32Array.from({ length: n * dim }, () => r() * 2 - 1);
    const c = Float32Array.from({ length: m * dim }, () => r() * 2 - 1);
    const got = await cosineTopKWasm(q, c, dim, 7);
    const want = await runKernel('CosineTopK', { queries: q, corpus: c }, { dim, k: 7 }, { backend: 'cpu' });
    expect(Array.from(got.indices)).toEqual(Array.from(want.indices));
    wasmBackend.dispose();
    configureWasmBackend({});
  });
});
