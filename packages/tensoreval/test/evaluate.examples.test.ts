import { describe, expect, it } from 'vitest';
import { ValorClassification } from '@tensoreval/metrics/classification';
import { evaluate } from '../src/evaluate';

// The @example blocks of evaluate() and ValorClassification, run as written.
describe('TSDoc examples', () => {
  it('evaluate', async () => {
    const out = await evaluate({ task: 'classification', data: { datums: [{ uid: 'a', groundtruth: 'dog', predictions: ['dog', 'cat'], scores: [0.8, 0.2] }] }, metrics: [{ id: 'pr', method: 'precision_recall' }] });
    expect((out.pr as { Accuracy: { value: number }[] }).Accuracy[0]!.value).toBe(1);
  });

  it('ValorClassification', async () => {
    const ev = new ValorClassification().update({ labels: ['dog', 'cat'], datumUids: ['a'], groundTruths: Int32Array.of(0), predictionOffsets: Int32Array.of(0, 2), predictionLabels: Int32Array.of(0, 1), predictionScores: Float64Array.of(0.9, 0.1) });
    const pr = (await ev.compute()).precisionRecall({ scoreThresholds: [0.5] });
    expect(pr.Precision!.map((r) => r.value)).toEqual([1, 0]);
  });
});
