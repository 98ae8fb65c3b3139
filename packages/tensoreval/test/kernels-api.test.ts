import { seededRandom } from '@tensoreval/core/testing';
import { boxIou, cosineSimilarity, cosineTopK, type KernelBackend } from 'tensoreval';
import { describe, expect, it } from 'vitest';

function randomMatrix(rows: number, dim: number, seed: number): Float32Array {
  const r = seededRandom(seed);
  return Float32Array.from({ length: rows * dim }, () => r() * 2 - 1);
}

/** Brute force: full matrix, then a stable sort of each row (ties: lower index first). */
function bruteTopK(scores: Float32Array, rows: number, cols: number, k: number): { indices: number[]; scores: number[] } {
  const indices: number[] = [];
  const values: number[] = [];
  for (let r = 0; r < rows; r++) {
    const order = Array.from({ length: cols }, (_, c) => c).sort((a, b) => (scores[r * cols + b] as number) - (scores[r * cols + a] as number) || a - b);
    for (const c of order.slice(0, k)) {
      indices.push(c);
      values.push(scores[r * cols + c] as number);
    }
  }
  return { indices, scores: values };
}

const ACCELERATED: KernelBackend[] = ['onnx', 'tfjs', 'gpujs'];
/** wasm has the dot-product kernels only */
const COSINE_ENGINES: KernelBackend[] = ['onnx', 'wasm', 'tfjs', 'gpujs'];

describe('cosineSimilarity', () => {
  const a = randomMatrix(37, 24, 1);
  const b = randomMatrix(29, 24, 2);

  it('returns a rows(a) × rows(b) Float32Array that every backend agrees on', async () => {
    const ref = await cosineSimilarity(a, b, 24, { backend: 'cpu' });
    expect(ref).toBeInstanceOf(Float32Array);
    expect(ref.length).toBe(37 * 29);
    for (const backend of COSINE_ENGINES) {
      const got = await cosineSimilarity(a, b, 24, { backend });
      for (let i = 0; i < ref.length; i++) expect(Math.abs((got[i] as number) - (ref[i] as number))).toBeLessThan(1e-5);
    }
  });

  it('rejects a bad dim, a ragged matrix, a non-finite value and an unknown backend, naming them', async () => {
    await expect(cosineSimilarity(a, b, 0)).rejects.toThrow(/The 'dim' option of cosineSimilarity must be a positive integer\. Got 0 instead\./);
    await expect(cosineSimilarity(a.subarray(1), b, 24)).rejects.toThrow(/Expected `a` of cosineSimilarity to have a length that is a multiple of 24/);
    const bad = b.slice();
    bad[30] = Number.NaN;
    await expect(cosineSimilarity(a, bad, 24)).rejects.toThrow(/Expected `b` \(record 30\) of cosineSimilarity to contain only finite numbers/);
    await expect(cosineSimilarity(a, b, 24, { backend: 'cuda' as KernelBackend })).rejects.toThrow(/The 'backend' option of cosineSimilarity must be one of 'auto', 'cpu', 'onnx', 'wasm', 'tfjs', 'gpujs'/);
  });
});

describe('cosineTopK', () => {
  // Duplicate corpus rows make exact ties, which must go to the lower index across tile borders.
  const corpus = randomMatrix(53, 16, 3);
  corpus.copyWithin(40 * 16, 3 * 16, 4 * 16);
  corpus.copyWithin(21 * 16, 3 * 16, 4 * 16);
  const queries = randomMatrix(11, 16, 4);
  queries.set(corpus.subarray(3 * 16, 4 * 16), 5 * 16);

  for (const backend of ['cpu', 'onnx', 'wasm', 'tfjs', 'gpujs'] as KernelBackend[]) {
    it(`tiled top-k equals the untiled selection on ${backend}`, async () => {
      const full = await cosineSimilarity(queries, corpus, 16, { backend: 'cpu' });
      const expected = bruteTopK(full, 11, 53, 7);
      const got = await cosineTopK(queries, corpus, 16, 7, { backend, queryTile: 4, corpusTile: 10 });
      expect(got.indices).toBeInstanceOf(Int32Array);
      expect(got.scores).toBeInstanceOf(Float32Array);
      // query 5 equals corpus rows 3, 21 and 40: the three ties come out in index order
      expect(Array.from(got.indices.subarray(5 * 7, 5 * 7 + 3))).toEqual([3, 21, 40]);
      if (backend === 'cpu') expect(Array.from(got.indices)).toEqual(expected.indices);
      for (let i = 0; i < expected.scores.length; i++) expect(Math.abs((got.scores[i] as number) - (expected.scores[i] as number))).toBeLessThan(1e-5);
    });
  }

  it('returns min(k, rows(corpus)) per query and rejects a bad k', async () => {
    const got = await cosineTopK(queries, corpus.subarray(0, 3 * 16), 16, 10, { backend: 'cpu' });
    expect(got.indices.length).toBe(11 * 3);
    await expect(cosineTopK(queries, corpus, 16, 0)).rejects.toThrow(/The 'k' option of cosineTopK must be a positive integer/);
  });
});

describe('boxIou', () => {
  it('computes xyxy and xywh matrices on every backend', async () => {
    const xyxy = Float64Array.of(0, 0, 10, 10, 5, 5, 15, 15);
    const xywh = Float64Array.of(0, 0, 10, 10, 5, 5, 10, 10);
    const expected = [1, 25 / 175, 25 / 175, 1];
    for (const backend of ['cpu', ...ACCELERATED] as KernelBackend[]) {
      for (const [boxes, format] of [[xyxy, 'xyxy'], [xywh, 'xywh']] as const) {
        const iou = await boxIou(boxes, boxes, { format, backend });
        expect(Array.from(iou).map((v) => Math.round(v * 1e6) / 1e6)).toEqual(expected.map((v) => Math.round(v * 1e6) / 1e6));
      }
    }
    await expect(boxIou(Float64Array.of(0, 0, -1, 5), xyxy)).rejects.toThrow(/Expected `a` \(record 0\) of boxIou to have non-negative box width and height/);
  });
});
