import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/evaluate';
import { corrupt, corruptionArb, pathsOf } from './corrupt';
import { expectCleanOutcome, fuzzParams, requestIds } from './outcome';

// Seeded, bounded fuzzing of the metric-request boundary: random corruptions of valid requests end in
// a correct result or one TE error. A failure prints its seed and the shrunk corruption.

const SQUARE = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
const SEEDS = {
  classification: {
    task: 'classification',
    data: { datums: [{ uid: 'u1', groundtruth: 'dog', predictions: ['dog', 'cat'], scores: [0.7, 0.3] }, { uid: 'u2', groundtruth: 'cat', predictions: ['dog', 'cat'], scores: [0.4, 0.6] }] },
    metrics: [{ id: 'pr', method: 'precision_recall', score_thresholds: [0.5] }, { id: 'cm', method: 'confusion_matrix_with_examples', limit: 2 }, { id: 'roc', method: 'rocauc' }],
  },
  boxes: {
    task: 'object_detection', semantics: 'valor',
    data: { annotation_type: 'bounding_box', datums: [{ uid: 'i1', groundtruths: [{ uid: 'g1', xmin: 0, xmax: 10, ymin: 0, ymax: 10, labels: ['a'] }], predictions: [{ uid: 'p1', xmin: 1, xmax: 10, ymin: 0, ymax: 9, labels: ['a', 'b'], scores: [0.8, 0.2] }] }] },
    metrics: [{ id: 'pr', method: 'precision_recall', iou_thresholds: [0.5], score_thresholds: [0.5] }, { id: 'cm', method: 'confusion_matrix', iou_thresholds: [0.5], score_thresholds: [0.5] }],
  },
  cocoBoxes: {
    task: 'object_detection',
    data: { annotation_type: 'bounding_box', datums: [{ uid: 'i1', groundtruths: [{ uid: 'g1', xmin: 0, xmax: 10, ymin: 0, ymax: 10, labels: ['a'] }], predictions: [{ uid: 'p1', xmin: 1, xmax: 10, ymin: 0, ymax: 9, labels: ['a'], scores: [0.8] }] }] },
    metrics: [{ id: 'pr', method: 'precision_recall', iou_thresholds: [0.5, 0.75] }],
  },
  polygons: {
    task: 'object_detection', semantics: 'valor',
    data: { annotation_type: 'polygon', datums: [{ uid: 'i1', groundtruths: [{ uid: 'g1', polygon: { exterior: SQUARE }, labels: ['a'] }], predictions: [{ uid: 'p1', polygon: { exterior: [[0, 0], [10, 0], [5, 8], [0, 0]] }, labels: ['a'], scores: [0.9] }] }] },
    metrics: [{ id: 'pr', method: 'precision_recall', iou_thresholds: [0.3] }, { id: 'iou', method: 'polygon_iou', pairs: [[{ exterior: SQUARE }, { exterior: SQUARE }]] }],
  },
  bitmasks: {
    task: 'object_detection', semantics: 'valor',
    data: { annotation_type: 'bitmask', datums: [{ uid: 'm1', groundtruths: [{ uid: 'g', mask: ['110', '110'], labels: ['a'] }], predictions: [{ uid: 'p', mask: { shape: [2, 3], rle_row_major: [0, 2, 1, 2, 1] }, labels: ['a'], scores: [0.5] }] }] },
    metrics: [{ id: 'pr', method: 'precision_recall', iou_thresholds: [0.5] }, { id: 'ex', method: 'examples', offset: 0, limit: 5 }],
  },
  segmentation: {
    task: 'semantic_segmentation',
    data: { datums: [{ uid: 's1', shape: [2, 2], groundtruths: [{ label: 'a', mask: ['10', '01'] }], predictions: [{ label: 'a', mask: ['11', '01'] }] }] },
    metrics: [{ id: 'iou', method: 'precision_recall_iou' }],
  },
};

describe('fuzz: metric requests', () => {
  it.each(Object.entries(SEEDS))('%s: every corruption ends in a result or one TE error', async (_, seed) => {
    expect(await expectCleanOutcome(() => evaluate(seed), requestIds(seed))).toBe('ok'); // the seed itself is valid
    await fc.assert(
      fc.asyncProperty(corruptionArb, async (corruptions) => {
        const request = corrupt(seed as Parameters<typeof corrupt>[0], corruptions);
        await expectCleanOutcome(() => evaluate(request), requestIds(request));
      }),
      fuzzParams(11, 150),
    );
  });
});

// Every field name Valor defines at the data, datum, annotation, polygon and mask levels (and `metadata`).
const VALOR_KEYS = new Set(['annotation_type', 'datums', 'uid', 'groundtruth', 'groundtruths', 'predictions', 'scores', 'shape', 'labels', 'label', 'xmin', 'xmax', 'ymin', 'ymax', 'polygon', 'mask', 'exterior', 'interiors', 'rle_row_major', 'metadata']);
/** data, a datum, an annotation, a polygon or an RLE mask: the objects whose keys are Valor's fields */
const isFieldObject = (path: (string | number)[]): boolean => path[0] === 'data' && (path.length <= 3 || path.length === 5 || (path.length === 6 && (path[5] === 'polygon' || path[5] === 'mask')));

describe('fuzz: unknown keys in Valor data', () => {
  const valorSeeds = ['classification', 'boxes', 'polygons', 'bitmasks', 'segmentation'] as const;
  it.each(valorSeeds)('%s: any key Valor does not define, at any level of data, is TE-102', async (name) => {
    const seed = SEEDS[name] as unknown as Parameters<typeof corrupt>[0];
    const targets = pathsOf(seed).filter((p) => {
      const node = p.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], seed);
      return isFieldObject(p) && node !== null && typeof node === 'object' && !Array.isArray(node);
    });
    await fc.assert(fc.asyncProperty(fc.nat(targets.length - 1), fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !VALOR_KEYS.has(k)), async (t, key) => {
      const request = JSON.parse(JSON.stringify(seed)) as Record<string, unknown>;
      const target = (targets[t] as (string | number)[]).reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], request) as Record<string, unknown>;
      Object.defineProperty(target, key, { value: 1, enumerable: true, writable: true, configurable: true });
      const error = await evaluate(request).then(() => undefined, (e: unknown) => e);
      expect((error as { code?: string } | undefined)?.code, `key ${JSON.stringify(key)} at ${JSON.stringify(targets[t])}`).toBe('TE-102');
    }), fuzzParams(12, 60));
  });
});
