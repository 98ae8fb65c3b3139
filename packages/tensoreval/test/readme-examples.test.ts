import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boxIou, cosineSimilarity, cosineTopK, evaluate, evaluateCoco, rouge, sentenceBleu } from 'tensoreval';

// The library snippet of README.md, run on bundled data, so the README cannot drift from the API.
const dir = 'test-data/reference/coco/cocoapi_val2014_100';

describe('README library examples', () => {
  it('evaluateCoco gives the bundled expected stats (segm)', async () => {
    const coco = await evaluateCoco(`${dir}/instances_val2014_100.json`, `${dir}/instances_val2014_fakesegm100_results.json`, { iouType: 'segm' });
    const expected = JSON.parse(readFileSync(`${dir}/cocoapi_val2014_100.segm.expected.json`, 'utf8')) as { stats: number[] };
    expect(Array.from(coco.stats)).toEqual(expected.stats);
  });

  it('evaluate runs a metric request', async () => {
    const request = {
      task: 'classification',
      data: {
        datums: [
          { uid: 'd0', groundtruth: 'dog', predictions: ['dog', 'cat'], scores: [0.75, 0.25] },
          { uid: 'd1', groundtruth: 'cat', predictions: ['dog', 'cat'], scores: [0.6, 0.4] },
        ],
      },
      metrics: [{ id: 'a', method: 'precision_recall', score_thresholds: [0.5] }],
    };
    const out = (await evaluate(request as never)) as Record<string, Record<string, unknown[]>>;
    expect(Object.keys(out)).toEqual(['a']);
    expect(out.a?.Accuracy?.length).toBeGreaterThan(0);
  });

  it('batch kernels', async () => {
    const a = Float32Array.of(1, 0, 0, 1);
    const b = Float32Array.of(1, 0, 1, 1);
    const sim = await cosineSimilarity(a, b, 2, { backend: 'auto' });
    expect(sim[0]).toBeCloseTo(1, 6);
    expect(sim[1]).toBeCloseTo(Math.SQRT1_2, 6);
    const { indices } = await cosineTopK(a, b, 2, 1);
    expect(Array.from(indices)).toEqual([0, 1]);
    const iou = await boxIou(Float64Array.of(0, 0, 2, 2), Float64Array.of(1, 1, 3, 3), { format: 'xyxy' });
    expect(iou[0]).toBeCloseTo(1 / 7, 12);
  });

  it('text metrics', () => {
    const r = rouge('the cat sat', 'the cat sat down', { types: ['rouge1', 'rougeL'], useStemmer: true });
    expect(r.rouge1?.precision).toBeCloseTo(0.75, 12);
    expect(sentenceBleu([['the', 'cat', 'sat', 'on', 'the', 'mat']], ['the', 'cat', 'sat', 'on', 'the', 'mat'])).toBe(1);
  });
});
