import { describe, expect, it, vi } from 'vitest';
import { resolveBackend } from '@tensoreval/core';
import { cosineSimilarity, cosineTopK } from 'tensoreval';

// A machine without onnxruntime-node: its backend package cannot even be imported.
vi.mock('@tensoreval/backend-onnx', () => {
  throw new Error("Cannot find package 'onnxruntime-node'");
});

const rows = (n: number, dim: number, seed: number) => Float32Array.from({ length: n * dim }, (_v, i) => Math.sin(i * 0.37 + seed));

describe("auto without onnxruntime-node", () => {
  it('chooses the wasm engine for large cosine matrices and top-k, and cpu for small ones', async () => {
    const dim = 64;
    const a = rows(300, dim, 1);
    const b = rows(400, dim, 2);
    // loads the backends the measured table names for PairwiseCosine (onnx fails quietly)
    const scores = await cosineSimilarity(a, b, dim);
    expect(scores.length).toBe(300 * 400);
    expect((await resolveBackend('PairwiseCosine', 'auto', 2048 * 2048 * 384)).backend.name).toBe('wasm');
    expect((await resolveBackend('PairwiseCosine', 'auto', 512 * 512 * 384)).backend.name).toBe('wasm');
    expect((await resolveBackend('PairwiseCosine', 'auto', 64 * 64 * 384)).backend.name).toBe('cpu');
    const top = await cosineTopK(a, b, dim, 5);
    const ref = await cosineTopK(a, b, dim, 5, { backend: 'cpu' });
    for (let i = 0; i < ref.scores.length; i++) expect(Math.abs(top.scores[i]! - ref.scores[i]!)).toBeLessThan(1e-5);
  });
});
