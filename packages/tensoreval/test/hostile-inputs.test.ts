import { describe, expect, it } from 'vitest';
import { MAX_COORDINATE } from '@tensoreval/core';
import { answerSemanticSimilarity, checkVectors, cosineSimilarity, cosineSimilarityMatrixSync } from '@tensoreval/metrics/embedding';
import { ValorObjectDetection } from '@tensoreval/metrics/detection';
import { boxIou, evaluate, evaluateCoco } from 'tensoreval';

// Inputs a careless or hostile user sends: each ends in a correct result or one TE error, never a
// stack, a multi-gigabyte allocation or a NaN where the true value is finite.

const box = (uid: string, xmax: number, labels: string[], scores?: number[]) => ({ uid, xmin: 0, xmax, ymin: 0, ymax: 10, labels, ...(scores ? { scores } : {}) });
const detection = (semantics: string, xmax: number) => ({ task: 'object_detection', semantics, data: { annotation_type: 'bounding_box', datums: [{ uid: 'i', groundtruths: [box('g', xmax, ['a'])], predictions: [box('p', xmax, ['a'], [0.9])] }] }, metrics: [{ id: 'pr', method: 'precision_recall', iou_thresholds: [0.5] }] });
const SQUARE = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
const BOW_TIE = [[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]];
const segmentation = (shape: unknown, mask: unknown) => ({ task: 'semantic_segmentation', data: { datums: [{ uid: 's', shape, groundtruths: [{ label: 'a', mask }], predictions: [] }] }, metrics: [{ id: 'iou', method: 'precision_recall_iou' }] });

const GT = {
  images: [{ id: 1, width: 100, height: 100 }],
  categories: [{ id: 1, name: 'a' }],
  annotations: [{ id: 1, image_id: 1, category_id: 1, bbox: [10, 10, 20, 20], area: 400, iscrowd: 0, segmentation: [[10, 10, 30, 10, 30, 30, 10, 30]] }],
};
const dt = (extra: Record<string, unknown>) => [{ image_id: 1, category_id: 1, score: 0.9, ...extra }];

describe('huge and empty mask shapes', () => {
  it('a shape beyond MAX_MASK_PIXELS is refused before anything is allocated', async () => {
    const started = performance.now();
    await expect(evaluate(segmentation([200000, 200000], ['1']))).rejects.toThrow(/`data\.datums\[0\]\.shape`.*at most 268435456 pixels.*a 200000×200000 mask.*TE-207/);
    const rle = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'bitmask', datums: [{ uid: 'm', groundtruths: [{ uid: 'g', mask: { shape: [50000, 50000], rle_row_major: [2500000000] }, labels: ['a'] }], predictions: [] }] }, metrics: [{ id: 'pr', method: 'precision_recall' }] };
    await expect(evaluate(rle)).rejects.toThrow(/at most 268435456 pixels.*TE-207/);
    expect(performance.now() - started).toBeLessThan(2000); // no 2.5 GB allocation happened
  });

  it('a 0×0 segmentation shape names the datum, not a kernel option', async () => {
    const error = await evaluate(segmentation([0, 0], [])).catch((e: Error) => e);
    expect(String(error)).toMatch(/`data\.datums\[0\]\.shape`.*positive integers.*TE-207/);
    expect(String(error)).not.toMatch(/BitmaskIntersections|pixels' option/);
    const empty = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'bitmask', datums: [{ uid: 'm', groundtruths: [{ uid: 'g', mask: [], labels: ['a'] }], predictions: [] }] }, metrics: [{ id: 'pr', method: 'precision_recall' }] };
    const bitmask = await evaluate(empty).catch((e: Error) => e);
    expect(String(bitmask)).toMatch(/groundtruths\[0\]\.mask`.*at least one pixel.*a 0×0 mask.*TE-207/);
    expect(String(bitmask)).not.toMatch(/BitmaskIntersections/);
  });
});

describe('huge finite coordinates', () => {
  it.each(['valor', 'coco'])('a 1e200 box is refused (semantics %s), MAX_COORDINATE is accepted', async (semantics) => {
    await expect(evaluate(detection(semantics, 1e200))).rejects.toThrow(/within ±1e\+150.*TE-203/);
    const ok = await evaluate(detection(semantics, MAX_COORDINATE)) as { pr: Record<string, Array<{ value: unknown }>> };
    expect(JSON.stringify(ok)).not.toContain('null');
  });

  it('boxIou, pair IoU methods and COCO files refuse them too', async () => {
    await expect(boxIou(Float64Array.of(0, 0, 1e200, 1e200), Float64Array.of(0, 0, 1e200, 1e200))).rejects.toThrow(/`a` \(record 2\) of boxIou.*within ±1e\+150.*TE-203/);
    const pairs = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'bounding_box', datums: [] }, metrics: [{ id: 'b', method: 'bbox_iou', pairs: [[[0, 1e200, 0, 10], [0, 1e200, 0, 10]]] }] };
    await expect(evaluate(pairs)).rejects.toThrow(/coordinate within ±1e\+150.*TE-203/);
    await expect(evaluateCoco(GT, dt({ bbox: [0, 0, 1e200, 1e200] }))).rejects.toThrow(/`dt` \(record 0\).*within ±1e\+150.*TE-203/);
  });

  it('cosine similarity of vectors near 1e±200 is the finite value of the scaled vectors', () => {
    const expected = cosineSimilarity([1, 2], [3, 1]);
    expect(cosineSimilarity([1e200, 2e200], [3e200, 1e200])).toBeCloseTo(expected, 15);
    expect(cosineSimilarity([1e-200, 2e-200], [3, 1])).toBeCloseTo(expected, 15);
    expect(answerSemanticSimilarity([1e200, 2e200], [3e-200, 1e-200])).toBeCloseTo(expected, 15);
    const a = checkVectors([[1e200, 2e200], [1, 2], [0, 0]], 'a', 'test'), b = checkVectors([[3e-200, 1e-200]], 'b', 'test');
    const { scores } = cosineSimilarityMatrixSync(a, b);
    expect(scores[0]).toBeCloseTo(expected, 15);
    expect(scores[1]).toBeCloseTo(expected, 15);
    const ordinary = Float64Array.of(1, 2, 3e50, 1e-50);
    expect(checkVectors({ data: ordinary, dim: 2 }, 'a', 'test').data).toBe(ordinary); // ordinary rows are used as they are
    expect(scores[2]).toBeNaN(); // a true zero vector stays undefined
  });
});

describe('self-intersecting polygons are refused (TE-208)', () => {
  it('in requests, pair IoU and the library', async () => {
    const od = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'polygon', datums: [{ uid: 'i', groundtruths: [{ uid: 'g', polygon: { exterior: SQUARE }, labels: ['a'] }], predictions: [{ uid: 'p', polygon: { exterior: BOW_TIE }, labels: ['a'], scores: [0.9] }] }] }, metrics: [{ id: 'pr', method: 'precision_recall' }] };
    await expect(evaluate(od)).rejects.toThrow(/predictions\[0\]`.*simple polygon rings.*ring 0 whose edges 0 and 2 cross.*TE-208/);
    const pairs = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'polygon', datums: [] }, metrics: [{ id: 'p', method: 'polygon_iou', pairs: [[{ exterior: BOW_TIE }, { exterior: BOW_TIE }]] }] };
    await expect(evaluate(pairs)).rejects.toThrow(/simple polygon rings.*TE-208/);
    const batch = {
      labels: ['a'], datumUids: ['i'],
      groundTruths: { offsets: Int32Array.of(0, 1), labels: Int32Array.of(0), uids: ['g'] },
      predictions: { offsets: Int32Array.of(0, 0), uids: [], labelOffsets: Int32Array.of(0), labels: new Int32Array(0), scores: new Float64Array(0) },
      geometry: { kind: 'polygon' as const, groundTruths: [[BOW_TIE as [number, number][]]], predictions: [] },
    };
    expect(() => new ValorObjectDetection().update(batch)).toThrow(/simple rings.*edges 0 and 2 crossing.*TE-208/);
  });

  it('holes are checked like the exterior ring', async () => {
    const HOLE_BOW_TIE = [[2, 2], [8, 8], [8, 2], [2, 8], [2, 2]];
    const od = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'polygon', datums: [{ uid: 'i', groundtruths: [{ uid: 'g', polygon: { exterior: SQUARE, interiors: [HOLE_BOW_TIE] }, labels: ['a'] }], predictions: [] }] }, metrics: [{ id: 'pr', method: 'precision_recall' }] };
    await expect(evaluate(od)).rejects.toThrow(/groundtruths\[0\]`.*simple polygon rings.*ring 1 whose edges 0 and 2 cross.*TE-208/);
    const batch = {
      labels: ['a'], datumUids: ['i'],
      groundTruths: { offsets: Int32Array.of(0, 1), labels: Int32Array.of(0), uids: ['g'] },
      predictions: { offsets: Int32Array.of(0, 0), uids: [], labelOffsets: Int32Array.of(0), labels: new Int32Array(0), scores: new Float64Array(0) },
      geometry: { kind: 'polygon' as const, groundTruths: [[SQUARE, HOLE_BOW_TIE] as [number, number][][]], predictions: [] },
    };
    expect(() => new ValorObjectDetection().update(batch)).toThrow(/simple rings.*ring 1.*edges 0 and 2 crossing.*TE-208/);
  });

  it('a polygon key other than exterior / interiors (a typo that would drop a hole) is TE-102', async () => {
    const HOLE = [[2, 2], [8, 2], [8, 8], [2, 8]];
    const od = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'polygon', datums: [{ uid: 'i', groundtruths: [{ uid: 'g', polygon: { exterior: SQUARE, interior: [HOLE] }, labels: ['a'] }], predictions: [] }] }, metrics: [{ id: 'pr', method: 'precision_recall' }] };
    await expect(evaluate(od)).rejects.toThrow(/groundtruths\[0\]`.*only the keys 'exterior', 'interiors' in a polygon.*the unknown key "interior".*TE-102/);
    const pairs = (a: object) => ({ task: 'object_detection', semantics: 'valor', data: { annotation_type: 'polygon', datums: [] }, metrics: [{ id: 'p', method: 'polygon_iou', pairs: [[a, { exterior: SQUARE }]] }] });
    await expect(evaluate(pairs({ exterior: SQUARE, holes: [HOLE] }))).rejects.toThrow(/the unknown key "holes".*TE-102/);
    expect((await evaluate(pairs({ exterior: SQUARE, interiors: [HOLE] }))).p).toEqual([0.64]); // the hole counts
  });

  it('unknown keys in Valor data, datums and annotations are TE-102 naming the datum; metadata is accepted', async () => {
    const cls = (datum: object, data: object = {}) => evaluate({ task: 'classification', data: { datums: [{ uid: 'u', groundtruth: 'a', predictions: ['a', 'b'], scores: [0.6, 0.4], ...datum }], ...data }, metrics: [{ id: 'x', method: 'rocauc' }] });
    await expect(cls({ groundtruths: ['b'] })).rejects.toThrow(/`data.datums\[0\]`.*have only the keys 'uid', 'groundtruth', .*datum uid "u".*the unknown key "groundtruths".*TE-102/);
    await expect(cls({}, { datum: [] })).rejects.toThrow(/`data`.*the unknown key "datum".*TE-102/);
    await expect(cls({ metadata: { split: 'val' } })).resolves.toHaveProperty('x');
    const box = { uid: 'g', xmin: 0, xmax: 1, ymin: 0, ymax: 1, labels: ['a'] };
    const od = (ann: object, datum: object = {}) => evaluate({ task: 'object_detection', semantics: 'valor', data: { annotation_type: 'bounding_box', datums: [{ uid: 'i', groundtruths: [ann], predictions: [], ...datum }] }, metrics: [{ id: 'x', method: 'precision_recall' }] });
    await expect(od({ ...box, x_max: 2 })).rejects.toThrow(/groundtruths\[0\]`.*groundtruth "g".*the unknown key "x_max".*TE-102/);
    await expect(od(box, { prediction: [] })).rejects.toThrow(/the unknown key "prediction".*TE-102/);
    await expect(od({ ...box, metadata: {} })).resolves.toHaveProperty('x');
    const seg = { task: 'semantic_segmentation', data: { datums: [{ uid: 's', shape: [1, 2], groundtruths: [{ label: 'a', mask: ['10'], labels: ['b'] }], predictions: [] }] }, metrics: [{ id: 'x', method: 'precision_recall_iou' }] };
    await expect(evaluate(seg)).rejects.toThrow(/groundtruths\[0\]`.*the unknown key "labels".*TE-102/);
  });

  it('simple rings, touching only at shared vertices, are accepted', async () => {
    const pairs = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'polygon', datums: [] }, metrics: [{ id: 'p', method: 'polygon_iou', pairs: [[{ exterior: SQUARE }, { exterior: [[0, 0], [10, 0], [5, 5], [0, 0]] }]] }] };
    expect((await evaluate(pairs)).p).toEqual([0.25]);
  });
});

describe('COCO options and image sizes', () => {
  it('an unknown evaluateCoco option key (a typo) is TE-102, not silently a bbox evaluation', async () => {
    await expect(evaluateCoco(GT, [], { iouTyp: 'segm' } as never)).rejects.toThrow(/'iouTyp' option of evaluateCoco must be one of the known options \(iouType, .*TE-102/);
  });

  it('an image too large for 32-bit run lengths is TE-207 naming the annotation, not a wrapped mask or a kernel name', async () => {
    const gt = { ...GT, images: [{ id: 1, width: 200000, height: 200000 }], annotations: [{ ...GT.annotations[0], segmentation: [[0, 0, 10, 0, 10, 10]] }] };
    const run = evaluateCoco(gt as never, [{ image_id: 1, category_id: 1, segmentation: [[0, 0, 10, 0, 10, 10]], score: 0.9 }], { iouType: 'segm' });
    await expect(run).rejects.toThrow(/`(gt|dt)` \(record 0\).*image of at most 4294967295 pixels.*200000 × 200000.*TE-207/);
    await expect(run).rejects.not.toThrow(/RleMerge/);
  });
});

describe('COCO results files', () => {
  it('null instead of a list is one TE line', async () => {
    await expect(evaluateCoco(GT, null as never)).rejects.toThrow(/`dt` \(record root\).*JSON array of result records.*TE-204/);
  });

  it('a 4-number polygon is a box [x, y, w, h], as pycocotools reads it', async () => {
    const asBox = await evaluateCoco(GT, dt({ segmentation: [[10, 10, 20, 20]] }), { iouType: 'segm' });
    const asPolygon = await evaluateCoco(GT, dt({ segmentation: [[10, 10, 10, 30, 30, 30, 30, 10]] }), { iouType: 'segm' });
    expect(asBox.stats).toEqual(asPolygon.stats);
    expect(asBox.stats[0]).toBeCloseTo(1, 12);
    await expect(evaluateCoco(GT, dt({ segmentation: [[10, 10, 20, 20], [1, 2, 3, 4, 5, 6]] }), { iouType: 'segm' })).rejects.toThrow(/`dt` \(record 0\).*boxes \[x, y, w, h\] of 4 numbers.*6 numbers in entry 1.*TE-206/);
  });

  it('a polygon too far from the image to rasterise names the file and record, not the rasteriser', async () => {
    const error = await evaluateCoco(GT, [...dt({ segmentation: [[10, 10, 30, 10, 30, 30]] }), ...dt({ segmentation: [[0, 0, 2 ** 53 + 2, 0, 10, 10]] })], { iouType: 'segm' }).catch((e: Error) => e);
    expect(String(error)).toMatch(/`dt` \(record 1\).*polygon coordinates near the image.*TE-206/);
    expect(String(error)).not.toMatch(/PolygonToRle/);
  });

  it('an odd-length polygon is accepted as pycocotools does: the unpaired last number is ignored', async () => {
    const odd = await evaluateCoco(GT, dt({ segmentation: [[10, 10, 30, 10, 30, 30, 10, 30, 99]] }), { iouType: 'segm' });
    const even = await evaluateCoco(GT, dt({ segmentation: [[10, 10, 30, 10, 30, 30, 10, 30]] }), { iouType: 'segm' });
    expect(odd.stats).toEqual(even.stats);
  });

  it('an f1IouThr that is not one of the IoU thresholds is refused, 0.9 matches the linspace value', async () => {
    await expect(evaluateCoco(GT, dt({ bbox: [10, 10, 20, 20] }), { scoreThreshold: 0.5, f1IouThr: 0.77 })).rejects.toThrow(/'f1IouThr' option of evaluateCoco must be one of the IoU thresholds.*Got 0\.77.*TE-101/);
    await expect(evaluateCoco(GT, dt({ bbox: [10, 10, 20, 20] }), { scoreThreshold: 0.5, f1IouThr: 2 })).rejects.toThrow(/TE-101/);
    const r = await evaluateCoco(GT, dt({ bbox: [10, 10, 20, 20] }), { scoreThreshold: 0.5, f1IouThr: 0.9 });
    expect(r.classF1?.iouThr).toBeCloseTo(0.9, 12);
  });
});

describe('decided and documented: refuse, or accept like the reference', () => {
  const cls = (datums: unknown[]) => ({ task: 'classification', data: { datums }, metrics: [{ id: 'pr', method: 'precision_recall' }] });
  const datum = (uid: string, scores = [0.7, 0.3]) => ({ uid, groundtruth: 'dog', predictions: ['dog', 'cat'], scores });

  it('duplicate datum uids are refused (outputs name datums by uid)', async () => {
    await expect(evaluate(cls([datum('a'), datum('b'), datum('a')]))).rejects.toThrow(/`data\.datums\[2\]\.uid` \(record 2\).*unique across datums \(datum 0 has it too\).*"a".*TE-203/);
  });

  it('a duplicate datum uid is the same error, TE-203, in every task (one datum reader)', async () => {
    const twice = (task: string, method: string, d: Record<string, unknown>) => ({ task, data: { datums: [{ uid: 'a', ...d }, { uid: 'a', ...d }] }, metrics: [{ id: 'm', method }] });
    const requests = [
      twice('object_detection', 'precision_recall', { groundtruths: [], predictions: [] }),
      twice('semantic_segmentation', 'precision_recall_iou', { shape: [1, 1], groundtruths: [], predictions: [] }),
      twice('retrieval', 'mrr', { grades: [1] }),
      twice('text', 'rouge', { response: 'a b', references: ['a b c'] }),
    ];
    for (const request of requests) {
      await expect(evaluate(request), request.task).rejects.toThrow(/`data\.datums\[1\]\.uid` \(record 1\).*unique across datums \(datum 0 has it too\).*"a".*TE-203/);
    }
  });

  it('duplicate annotation uids within a datum are accepted, as Valor does', async () => {
    const od = { task: 'object_detection', semantics: 'valor', data: { annotation_type: 'bounding_box', datums: [{ uid: 'i', groundtruths: [box('g', 10, ['a']), box('g', 10, ['a'])], predictions: [box('p', 10, ['a'], [0.9])] }] }, metrics: [{ id: 'pr', method: 'precision_recall', iou_thresholds: [0.5], score_thresholds: [0.5] }] };
    const out = await evaluate(od) as { pr: { Counts: Array<{ value: unknown }> } };
    expect(out.pr.Counts[0]?.value).toEqual({ tp: 1, fp: 0, fn: 1 });
  });

  it('scores outside [0, 1] are accepted as ranks, as Valor does', async () => {
    const out = await evaluate(cls([datum('a', [7, -2])])) as { pr: { Accuracy: Array<{ value: number }> } };
    expect(out.pr.Accuracy[0]?.value).toBe(1);
  });

  it('COCO GT: duplicate annotation, image or category ids and negative areas are refused', async () => {
    const ann = GT.annotations[0]!;
    await expect(evaluateCoco({ ...GT, annotations: [ann, { ...ann }] }, dt({ bbox: [10, 10, 20, 20] }))).rejects.toThrow(/`gt` \(record annotations\[1\]\).*`id` unique among the annotations.*id 1 again.*TE-203/);
    await expect(evaluateCoco({ ...GT, categories: [{ id: 1, name: 'a' }, { id: 1, name: 'b' }] }, dt({ bbox: [10, 10, 20, 20] }))).rejects.toThrow(/categories\[1\].*unique among the categories.*TE-203/);
    await expect(evaluateCoco({ ...GT, images: [GT.images[0]!, { id: 1, width: 5, height: 5 }] }, dt({ bbox: [10, 10, 20, 20] }))).rejects.toThrow(/images\[1\].*unique among the images.*TE-203/);
    await expect(evaluateCoco({ ...GT, annotations: [{ ...ann, area: -5 }] }, dt({ bbox: [10, 10, 20, 20] }))).rejects.toThrow(/non-negative `area`.*-5.*TE-208/);
  });

  it('`--img-ids ,` is refused instead of evaluating no image', async () => {
    const { runCli } = await import('../src/cli/run-cli');
    await expect(runCli(['coco', '--gt', 'gt.json', '--dt', 'dt.json', '--img-ids', ','])).rejects.toThrow(/'--img-ids' option of tensoreval coco must be a comma-separated list of at least one image id.*TE-101/);
  });

  it('unknown library option keys are refused (TE-102), not ignored', async () => {
    const { rouge, sentenceBleu, sacreBleu } = await import('@tensoreval/metrics/text');
    expect(() => rouge('a b', 'a b', { stemmer: true } as never)).toThrow(/The 'stemmer' option of rouge must be one of the known options \(types, useStemmer, tokenizer\).*TE-102/);
    expect(() => sentenceBleu([['a']], ['a'], { smooth: 'method1' } as never)).toThrow(/'smooth' option of sentenceBleu.*TE-102/);
    expect(() => sacreBleu(['a'], [['a']], { tokenizer: 'intl' } as never)).toThrow(/'tokenizer' option of sacreBleu.*TE-102/);
  });
});
