import { describe, expect, it } from 'vitest';
import { encodeRleString } from '@tensoreval/core';
import type { CocoDataset, CocoResult } from './coco-json';
import { evaluateCocoDatasets } from './coco-evaluate';
import { scanBoxResults } from './scan-box-results';

/** One TP gives precision 1/(1 + eps) (pycocotools adds np.spacing(1)): the mean is just below 1. */
function expectPerfect(v: number | undefined): void {
  expect(v).toBeGreaterThan(1 - 1e-15);
  expect(v).toBeLessThan(1);
}

function dataset(anns: Array<Partial<CocoDataset['annotations'][number]> & { bbox: number[] }>): CocoDataset {
  return {
    images: [{ id: 1, width: 100, height: 100 }, { id: 2, width: 100, height: 100 }],
    categories: [{ id: 1, name: 'cat' }, { id: 2, name: 'dog' }],
    annotations: anns.map((a, i) => ({ id: i + 1, image_id: 1, category_id: 1, iscrowd: 0, area: (a.bbox[2] as number) * (a.bbox[3] as number), ...a })),
  };
}

const det = (bbox: number[], score: number, extra: Partial<CocoResult> = {}): CocoResult => ({ image_id: 1, category_id: 1, bbox, score, ...extra });

describe('evaluateCocoDatasets semantics', () => {
  it('a perfect detector scores 1/(1+eps), as pycocotools', () => {
    const r = evaluateCocoDatasets(dataset([{ bbox: [10, 10, 20, 20] }]), [det([10, 10, 20, 20], 0.9)]);
    expectPerfect(r.stats[0]);
    expectPerfect(r.stats[1]);
  });

  it('an IoU exactly equal to the threshold matches', () => {
    // IoU = 50 / 100 = 0.5 exactly: a TP at 0.5 only
    const r = evaluateCocoDatasets(dataset([{ bbox: [0, 0, 10, 10] }]), [det([0, 0, 10, 5], 0.9)]);
    expectPerfect(r.stats[1]);
    expect(r.stats[2]).toBe(0);
  });

  it('a GT annotation with id 0 is never a true positive', () => {
    const gt = (ids: [number, number]) => dataset([{ id: ids[0], bbox: [0, 0, 10, 10] }, { id: ids[1], bbox: [50, 50, 10, 10] }]);
    const dts = [det([0, 0, 10, 10], 0.9), det([50, 50, 10, 10], 0.8)];
    // two TPs: precision 2/(2 + eps) rounds to exactly 1 and the envelope carries it to every recall
    expect(evaluateCocoDatasets(gt([5, 1]), dts).stats[0]).toBe(1);
    expect(evaluateCocoDatasets(gt([0, 1]), dts).stats[0]).toBeCloseTo(0.2525, 4);
  });

  it('crowd GT absorbs detections without counting them, and is not a positive', () => {
    const gt = dataset([{ bbox: [0, 0, 50, 50] }, { bbox: [60, 60, 30, 30], iscrowd: 1 }]);
    const r = evaluateCocoDatasets(gt, [det([0, 0, 50, 50], 0.9), det([60, 60, 10, 10], 0.95), det([70, 70, 10, 10], 0.97)]);
    expectPerfect(r.stats[0]);
  });

  it('area range bounds are inclusive: area 1024 is both small and medium', () => {
    const r = evaluateCocoDatasets(dataset([{ bbox: [0, 0, 32, 32] }]), [det([0, 0, 32, 32], 0.9)]);
    expectPerfect(r.stats[3]); // small
    expectPerfect(r.stats[4]); // medium
    expect(r.stats[5]).toBe(-1); // large: no GT
  });

  it('counts detections of unknown categories as skipped and otherwise ignores them', () => {
    const gt = dataset([{ bbox: [10, 10, 20, 20] }]);
    const base = evaluateCocoDatasets(gt, [det([10, 10, 20, 20], 0.9)]);
    const r = evaluateCocoDatasets(gt, [det([10, 10, 20, 20], 0.9), det([10, 10, 20, 20], 0.99, { category_id: 77 })]);
    expect(r.counts.skippedUnknownCategory).toBe(1);
    expect(r.stats).toEqual(base.stats);
  });

  it('maxDets with fewer than 3 entries or without 100 gives every stat instead of crashing', () => {
    const gt = dataset([{ bbox: [10, 10, 20, 20] }]);
    const r = evaluateCocoDatasets(gt, [det([10, 10, 20, 20], 0.9)], { maxDets: [1, 10] });
    expectPerfect(r.stats[0]); // largest maxDets stands in for 100
    expect(r.summary[8]?.maxDets).toBe(10);
    const wide = evaluateCocoDatasets(gt, [det([10, 10, 20, 20], 0.9)], { maxDets: [300, 1, 10, 100] });
    expect(wide.params.maxDets).toEqual([1, 10, 100, 300]);
    expect(wide.summary[0]?.maxDets).toBe(100);
  });

  it('maxDets cuts per image and category by score', () => {
    const gt = dataset([{ bbox: [10, 10, 20, 20] }]);
    // the better-scored detection is a miss: with maxDets 1 the hit is cut
    const r = evaluateCocoDatasets(gt, [det([60, 60, 20, 20], 0.95), det([10, 10, 20, 20], 0.9)]);
    expect(r.stats[6]).toBe(0); // AR@1
    expect(r.stats[7]).toBe(1); // AR@10
  });

  it('useCats=false pools categories', () => {
    const gt = dataset([{ bbox: [10, 10, 20, 20] }]);
    const wrongCat = [det([10, 10, 20, 20], 0.9, { category_id: 2 })];
    expect(evaluateCocoDatasets(gt, wrongCat).stats[0]).toBe(0);
    const pooled = evaluateCocoDatasets(gt, wrongCat, { useCats: false });
    expectPerfect(pooled.stats[0]);
    expect(pooled.perCategory).toEqual([]);
  });

  it('imgIds restricts the evaluation and counts detections outside it', () => {
    const gt = dataset([{ bbox: [10, 10, 20, 20] }, { bbox: [10, 10, 20, 20], image_id: 2 }]);
    const dts = [det([10, 10, 20, 20], 0.9), det([50, 50, 20, 20], 0.99, { image_id: 2 })];
    const r = evaluateCocoDatasets(gt, dts, { imgIds: [1] });
    expectPerfect(r.stats[0]);
    expect(r.counts.outsideImgIds).toBe(1);
    expect(evaluateCocoDatasets(gt, dts).stats[0]).toBeLessThan(0.6);
  });

  it('custom area ranges with labels drive the summary lines', () => {
    const gt = dataset([{ bbox: [0, 0, 10, 10] }, { bbox: [50, 50, 40, 40] }]);
    const r = evaluateCocoDatasets(gt, [det([0, 0, 10, 10], 0.9)], { areaRng: [[0, 1e10], [0, 200], [200, 1e4], [1e4, 1e10]], areaRngLbl: ['all', 'small', 'medium', 'large'] });
    expectPerfect(r.stats[3]);
    expect(r.stats[4]).toBe(0);
    expect(r.params.areaRng[1]).toEqual([0, 200]);
  });

  it('reports per-class precision, recall, F1 at a score threshold and the F1-optimal threshold', () => {
    const gt = dataset([{ bbox: [0, 0, 10, 10] }, { bbox: [50, 50, 10, 10] }]);
    const dts = [det([0, 0, 10, 10], 0.9), det([80, 80, 10, 10], 0.7), det([50, 50, 10, 10], 0.6)];
    const r = evaluateCocoDatasets(gt, dts, { scoreThreshold: 0.65 });
    const row = r.classF1?.perCategory[0];
    expect(row).toMatchObject({ categoryId: 1, tp: 1, fp: 1, precision: 0.5, recall: 0.5, f1: 0.5 });
    // F1 is 2/3 at score >= 0.9, 1/2 at >= 0.7 and 4/5 at >= 0.6
    expect(row?.bestThreshold).toBe(0.6);
    expect(row?.bestF1).toBeCloseTo(0.8, 12);
    // the whole sweep, one point per distinct score, highest first
    expect(Array.from(row?.curve.score ?? [])).toEqual([0.9, 0.7, 0.6]);
    expect(Array.from(row?.curve.precision ?? [])).toEqual([1, 0.5, 2 / 3]);
    expect(Array.from(row?.curve.recall ?? [])).toEqual([0.5, 0.5, 1]);
  });
});

describe('evaluateCocoDatasets segm', () => {
  it('gives identical results whatever the mask chunk size', () => {
    const square = (x: number, y: number, s: number) => [[x, y, x + s, y, x + s, y + s, x, y + s]];
    const gt = dataset([{ bbox: [10, 10, 20, 20], segmentation: square(10, 10, 20) }, { bbox: [50, 50, 30, 30], segmentation: square(50, 50, 30) }, { bbox: [5, 60, 10, 10], segmentation: square(5, 60, 10), image_id: 2 }]);
    const dts = [det([12, 10, 20, 20], 0.9), det([50, 52, 30, 28], 0.8), det([5, 60, 10, 10], 0.7, { image_id: 2 }), det([0, 0, 40, 40], 0.6)];
    const whole = evaluateCocoDatasets(gt, dts, { iouType: 'segm' });
    const chunked = evaluateCocoDatasets(gt, dts, { iouType: 'segm', maskChunkRows: 1 });
    expect(chunked.stats).toEqual(whole.stats);
    expect(Array.from(chunked.arrays.precision)).toEqual(Array.from(whole.arrays.precision));
    expect(whole.stats[0]).toBeGreaterThan(0.3);
  });
});

describe('evaluateCocoDatasets bad input', () => {
  const gt = dataset([{ bbox: [10, 10, 20, 20] }]);
  it('rejects a detection on an image that is not in the GT, naming the record', () => {
    expect(() => evaluateCocoDatasets(gt, [det([0, 0, 1, 1], 0.5), det([0, 0, 1, 1], 0.5, { image_id: 99 })], { dtSource: 'dt.json' })).toThrow(/`dt\.json` \(record 1\).*image_id 99.*TE-205/);
  });
  it('rejects a negative box size', () => {
    expect(() => evaluateCocoDatasets(gt, [det([0, 0, -1, 1], 0.5)], { dtSource: 'dt.json' })).toThrow(/`dt\.json` \(record 0\).*non-negative width and height.*TE-208/);
  });
  it('rejects a missing score', () => {
    expect(() => evaluateCocoDatasets(gt, [{ image_id: 1, category_id: 1, bbox: [0, 0, 1, 1] } as unknown as CocoResult], { dtSource: 'dt.json' })).toThrow(/record 0.*`score`.*TE-204/);
  });
  it('rejects a later record without bbox when the first record has one (loadRes rule)', () => {
    expect(() => evaluateCocoDatasets(gt, [det([0, 0, 1, 1], 0.5), { image_id: 1, category_id: 1, score: 0.4 } as CocoResult], { dtSource: 'dt.json' })).toThrow(/record 1.*bbox/);
  });
  it('rejects a malformed compressed RLE', () => {
    const dts = [{ image_id: 1, category_id: 1, score: 0.5, segmentation: { size: [100, 100], counts: 'bad string~~' } }] as CocoResult[];
    const gtSegm = { ...gt, annotations: gt.annotations.map((a) => ({ ...a, segmentation: [[10, 10, 30, 10, 30, 30, 10, 30]] })) };
    expect(() => evaluateCocoDatasets(gtSegm, dts, { iouType: 'segm', dtSource: 'dt.json' })).toThrow(/dt\.json\[0\]\.segmentation\.counts.*COCO compressed RLE.*TE-206/);
  });
  it('rejects an RLE whose counts do not cover the mask', () => {
    const dts = [{ image_id: 1, category_id: 1, score: 0.5, bbox: [0, 0, 2, 2], segmentation: { size: [4, 4], counts: [3, 2] } }] as CocoResult[];
    const gtSegm = { ...gt, annotations: gt.annotations.map((a) => ({ ...a, segmentation: [[10, 10, 30, 10, 30, 30, 10, 30]] })) };
    expect(() => evaluateCocoDatasets(gtSegm, dts, { iouType: 'segm', dtSource: 'dt.json' })).toThrow(/`dt\.json` \(record 0\).*summing to height × width.*TE-206/);
  });
  it('lazily scanned masks: a malformed RLE gives the JSON.parse path error wherever that path decodes it (also in cells without GT), and none where it does not', () => {
    const gtSegm = { ...gt, annotations: gt.annotations.map((a) => ({ ...a, segmentation: [[10, 10, 30, 10, 30, 30, 10, 30]] })) };
    const rec = (category_id: number, image_id: number, counts: string) => ({ image_id, category_id, score: 0.5, bbox: [10, 10, 20, 20], segmentation: { size: [100, 100], counts } });
    const viaParse = (text: string, opts = {}) => {
      try { return evaluateCocoDatasets(gtSegm, JSON.parse(text) as CocoResult[], { iouType: 'segm', dtSource: 'dt.json', ...opts }).stats; } catch (e) { return (e as Error).message; }
    };
    const viaLazy = (text: string, opts = {}) => {
      const scanned = scanBoxResults(text, { masks: 'locate' });
      expect(scanned?.maskRefs).toBeDefined();
      try { return evaluateCocoDatasets(gtSegm, scanned!, { iouType: 'segm', dtSource: 'dt.json', ...opts }).stats; } catch (e) { return (e as Error).message; }
    };
    for (const counts of ['bad string~~', '0', 'P`0']) {
      // category 1 has GT on image 1; category 2 has none (the mask takes part in no pair)
      for (const text of [JSON.stringify([rec(1, 1, counts)]), JSON.stringify([rec(2, 1, counts)])]) {
        const expected = viaParse(text);
        expect(expected).toMatch(/dt\.json.*TE-206/);
        expect(viaLazy(text)).toBe(expected);
      }
      // on an image outside imgIds neither path decodes it
      const outside = JSON.stringify([rec(1, 1, encodeRleString(Uint32Array.of(4000, 200, 5800))), rec(1, 2, counts)]);
      expect(viaLazy(outside, { imgIds: [1] })).toEqual(viaParse(outside, { imgIds: [1] }));
      expect(typeof viaParse(outside, { imgIds: [1] })).not.toBe('string');
    }
  });
  it('rejects a GT annotation without area, naming the file and annotation', () => {
    const bad = { ...gt, annotations: [{ id: 1, image_id: 1, category_id: 1, iscrowd: 0, bbox: [0, 0, 1, 1] }] } as unknown as CocoDataset;
    expect(() => evaluateCocoDatasets(bad, [], { gtSource: 'gt.json' })).toThrow(/`gt\.json` \(record annotations\[0\]\).*`area`.*TE-204/);
  });
  it('rejects odd parameters with the option template', () => {
    expect(() => evaluateCocoDatasets(gt, [], { maxDets: [0] })).toThrow(/^The 'maxDets' option of evaluateCoco must be/);
    expect(() => evaluateCocoDatasets(gt, [], { recThrs: [0.5, 0.1] })).toThrow(/^The 'recThrs' option of evaluateCoco must be ascending/);
    expect(() => evaluateCocoDatasets(gt, [], { iouType: 'mask' as 'bbox' })).toThrow(/'iouType'/);
    expect(() => evaluateCocoDatasets(gt, [], { iouType: 'keypoints' })).toThrow(/^Expected `gt` \(record annotations\[0\]\) of evaluateCoco to have a `keypoints` list of 51 numbers/);
  });
  it('evaluates an empty results list: categories with GT score 0', () => {
    expect(evaluateCocoDatasets(gt, []).stats[0]).toBe(0);
  });
});
