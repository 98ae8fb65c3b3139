import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate';

const cls = (datums: unknown[], metrics: unknown[] = [{ id: 'pr', method: 'precision_recall' }]) => ({ task: 'classification', data: { datums }, metrics });
const od = (annotation_type: string, datums: unknown[]) => ({ task: 'object_detection', semantics: 'valor', data: { annotation_type, datums }, metrics: [{ id: 'pr', method: 'precision_recall' }] });
const box = (uid: string, xmin: number, xmax: number, labels: string[], scores?: number[]) => ({ uid, xmin, xmax, ymin: 0, ymax: 10, labels, ...(scores ? { scores } : {}) });
const dog = { uid: 'u1', groundtruth: 'dog', predictions: ['dog', 'cat'], scores: [0.7, 0.3] };

describe('metric request: bad input is a clear error with the datum uid and the rule', () => {
  it('unknown task, method or parameter', async () => {
    await expect(evaluate({ ...cls([dog]), task: 'regression' })).rejects.toThrow(/'task' option of evaluate must be one of 'classification'.*Got "regression"/);
    await expect(evaluate(cls([dog], [{ id: 'x', method: 'precision_recal' }]))).rejects.toThrow(/'method' option of evaluate \(metric 'x'\) must be one of 'precision_recall'.*Got "precision_recal"/);
    await expect(evaluate(cls([dog], [{ id: 'x', method: 'rocauc', hardmax: true }]))).rejects.toThrow(/'hardmax' option of evaluate \(metric 'x'\) must be a parameter of 'rocauc'/);
    await expect(evaluate(cls([dog], [{ id: 'x', method: 'precision_recall', score_thresholds: [] }]))).rejects.toThrow(/'score_thresholds' option .* must be a non-empty array/);
    await expect(evaluate(cls([dog], [{ id: 'x', method: 'precision_recall' }, { id: 'x', method: 'rocauc' }]))).rejects.toThrow(/unique/);
    await expect(evaluate({ ...cls([dog]), semantics: 'coco' })).rejects.toThrow(/'semantics' option of evaluate must be one of 'valor' for task 'classification'/);
  });

  it('a box with xmax < xmin', async () => {
    const request = od('bounding_box', [{ uid: 'img3', groundtruths: [box('g1', 10, 2, ['a'])], predictions: [] }]);
    await expect(evaluate(request)).rejects.toThrow(/`data\.datums\[0\]\.groundtruths\[0\]` \(record 0\).*xmax >= xmin.*datum uid "img3".*xmin=10, xmax=2/);
  });

  it('a mask of the wrong shape', async () => {
    const request = od('bitmask', [{ uid: 'm1', groundtruths: [{ uid: 'g', mask: ['10', '01'], labels: ['a'] }], predictions: [{ uid: 'p', mask: ['100', '010'], labels: ['a'], scores: [0.5] }] }]);
    await expect(evaluate(request)).rejects.toThrow(/mask shape 2×2.*prediction "p".*datum uid "m1".*2×3/);
    const seg = { task: 'semantic_segmentation', data: { datums: [{ uid: 's1', shape: [2, 2], groundtruths: [{ label: 'a', mask: ['1', '0'] }], predictions: [] }] }, metrics: [{ id: 'iou', method: 'precision_recall_iou' }] };
    await expect(evaluate(seg)).rejects.toThrow(/datum's shape 2×2 \(datum uid "s1"\).*2×1 mask/);
  });

  it('a prediction with labels and scores of different lengths', async () => {
    await expect(evaluate(cls([{ ...dog, scores: [0.7] }]))).rejects.toThrow(/one score per predicted label \(2\) \(datum uid "u1"\), but got 1 scores/);
    const request = od('bounding_box', [{ uid: 'img9', groundtruths: [], predictions: [box('p1', 0, 5, ['a', 'b'], [0.5])] }]);
    await expect(evaluate(request)).rejects.toThrow(/one score per label on prediction "p1" \(2 labels\) \(datum uid "img9"\), but got 1 scores/);
  });

  it('an empty prediction list', async () => {
    await expect(evaluate(cls([dog, { uid: 'u2', groundtruth: 'cat', predictions: [], scores: [] }]))).rejects.toThrow(/`predictions` \(record 1\).*non-empty prediction list \(datum uid "u2"\)/);
    const request = od('bounding_box', [{ uid: 'img2', groundtruths: [], predictions: [box('p1', 0, 5, [], [])] }]);
    await expect(evaluate(request)).rejects.toThrow(/at least one label on prediction "p1" \(datum uid "img2"\)/);
  });

  it('non-finite scores and malformed masks', async () => {
    await expect(evaluate(cls([{ ...dog, scores: [0.7, 'high'] }]))).rejects.toThrow(/`data\.datums\[0\]\.scores\[1\]` \(record 0\) of evaluate to be a finite number/);
    const request = od('bitmask', [{ uid: 'm2', groundtruths: [{ uid: 'g', mask: ['1x'], labels: ['a'] }], predictions: [] }]);
    await expect(evaluate(request)).rejects.toThrow(/'0' and '1' only/);
  });
});
