import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { encodeRleString, rleBatchFromStrings } from '@tensoreval/core';
import { decodeMaskRefs, scanBoxResults } from './scan-box-results';

const root = fileURLToPath(new URL('../../../../../test-data/reference/coco/', import.meta.url));

/** What JSON.parse gives for the scanned fields. */
function viaJsonParse(text: string) {
  const records = JSON.parse(text) as Array<{ image_id: number; category_id: number; score: number; bbox: number[] }>;
  return {
    imageId: records.map((r) => r.image_id), categoryId: records.map((r) => r.category_id),
    score: records.map((r) => r.score), boxes: records.flatMap((r) => r.bbox.slice(0, 4)),
  };
}

describe('scanBoxResults', () => {
  const files = readdirSync(root).flatMap((d) => {
    try { return readdirSync(join(root, d)).filter((f) => /dt|results/.test(f) && f.endsWith('.json')).map((f) => join(d, f)); } catch { return []; }
  });
  it.each(files)('reads %s exactly as JSON.parse, or declines', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const s = scanBoxResults(text);
    if (s === undefined) return; // irregular (mask-only, string ids): the JSON.parse path takes it
    const j = viaJsonParse(text);
    expect(Array.from(s.imageId)).toEqual(j.imageId);
    expect(Array.from(s.categoryId)).toEqual(j.categoryId);
    expect(Array.from(s.score)).toEqual(j.score);
    expect(Array.from(s.boxes)).toEqual(j.boxes);
  });
  it.each(files)('decodes the compressed masks of %s exactly as the RLE codec, or declines', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const s = scanBoxResults(text, { masks: 'decode' });
    if (s === undefined) return;
    const records = JSON.parse(text) as Array<{ segmentation: { size: [number, number]; counts: string }; bbox: number[] }>;
    const expected = rleBatchFromStrings(records.map((r) => r.segmentation));
    expect(Array.from(s.masks!.counts)).toEqual(Array.from(expected.counts));
    expect(Array.from(s.masks!.offsets)).toEqual(Array.from(expected.offsets));
    expect(Array.from(s.masks!.heights)).toEqual(Array.from(expected.heights));
    expect(Array.from(s.masks!.widths)).toEqual(Array.from(expected.widths));
    expect(Array.from(s.boxes)).toEqual(records.flatMap((r) => r.bbox.slice(0, 4)));
  });
  it.each(files)('lazily scanned masks of %s decode, for any rows, exactly as the eager scan', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const eager = scanBoxResults(text, { masks: 'decode' });
    const lazy = scanBoxResults(text, { masks: 'locate' });
    if (eager === undefined) return;
    expect(lazy?.maskRefs).toBeDefined();
    expect(lazy!.masks).toBeUndefined();
    expect(Array.from(lazy!.score)).toEqual(Array.from(eager.score));
    const n = eager.count;
    const rows = Int32Array.from({ length: n }, (_, i) => (i * 7919) % n).reverse();
    const got = decodeMaskRefs(lazy!.maskRefs!, rows)!;
    for (let q = 0; q < n; q++) {
      const r = rows[q] as number;
      expect(Array.from(got.counts.subarray(got.offsets[q], got.offsets[q + 1]))).toEqual(Array.from(eager.masks!.counts.subarray(eager.masks!.offsets[r], eager.masks!.offsets[r + 1])));
      expect([got.heights[q], got.widths[q]]).toEqual([eager.masks!.heights[r], eager.masks!.widths[r]]);
    }
  });
  it('lazy masks: backslashes unescaped, malformed strings rejected when decoded, other shapes declined', () => {
    const rec = (seg: unknown) => JSON.stringify([{ image_id: 1, category_id: 1, score: 0.5, bbox: [0, 0, 1, 1], segmentation: seg }]);
    const withBackslash = encodeRleString(Uint32Array.of(0, 44, 0, 44, 12));
    const s = scanBoxResults(rec({ counts: withBackslash, extra: [1], size: [10, 10] }), { masks: 'locate' });
    expect(Array.from(decodeMaskRefs(s!.maskRefs!, Int32Array.of(0))!.counts)).toEqual([0, 44, 0, 44, 12]);
    for (const counts of [encodeRleString(Uint32Array.of(0, 50)), 'bad~', 'P`0']) {
      const bad = scanBoxResults(rec({ size: [10, 10], counts }), { masks: 'locate' });
      expect(decodeMaskRefs(bad!.maskRefs!, Int32Array.of(0))).toBeUndefined();
    }
    expect(scanBoxResults(rec([[0, 0, 1, 0, 1, 1]]), { masks: 'locate' })).toBeUndefined();
    expect(scanBoxResults(rec({ size: [4, 5], counts: [20] }), { masks: 'locate' })).toBeUndefined();
    expect(scanBoxResults(rec({ size: [4, 5], counts: 'RLE' }).replace('RLE', String.raw`a\u0041`), { masks: 'locate' })).toBeUndefined();
    expect(scanBoxResults(rec({ size: [4, 5], counts: 'RLE' }).replace('RLE', 'a\u0001b'), { masks: 'locate' })).toBeUndefined(); // a raw control character: invalid JSON
    expect(scanBoxResults(JSON.stringify([{ image_id: 1, category_id: 1, score: 0.5, bbox: [0, 0, 1, 1] }]), { masks: 'locate' })).toBeUndefined();
  });
  it('unescapes backslashes in RLE strings and declines other mask shapes', () => {
    const rec = (seg: unknown) => JSON.stringify([{ image_id: 1, category_id: 1, score: 0.5, bbox: [0, 0, 1, 1], segmentation: seg }]);
    const withBackslash = encodeRleString(Uint32Array.of(0, 44, 0, 44, 12)); // 44 encodes as '\\'
    expect(withBackslash).toContain('\\');
    const s = scanBoxResults(rec({ counts: withBackslash, extra: [1], size: [10, 10] }), { masks: 'decode' });
    expect(Array.from(s!.masks!.counts)).toEqual([0, 44, 0, 44, 12]);
    expect(scanBoxResults(rec([[0, 0, 1, 0, 1, 1]]), { masks: 'decode' })).toBeUndefined();
    expect(scanBoxResults(rec({ size: [4, 5], counts: [20] }), { masks: 'decode' })).toBeUndefined();
    expect(scanBoxResults(rec({ size: [4, 5], counts: 'RLE' }).replace('RLE', String.raw`a\u0041`), { masks: 'decode' })).toBeUndefined(); // a \u escape
    expect(scanBoxResults(rec({ size: [10, 10], counts: encodeRleString(Uint32Array.of(0, 50)) }), { masks: 'decode' })).toBeUndefined(); // runs do not cover 10 × 10
    expect(scanBoxResults(JSON.stringify([{ image_id: 1, category_id: 1, score: 0.5, bbox: [0, 0, 1, 1] }]), { masks: 'decode' })).toBeUndefined();
  });
  it('reads the synthetic results with their masks (the segm fast path is exercised)', () => {
    expect(scanBoxResults(readFileSync(join(root, 'synthetic-small/dt.json'), 'utf8'), { masks: 'decode' })?.masks?.heights).toHaveLength(4175);
  });
  it('scans the box results fixtures (the fast path is exercised)', () => {
    expect(scanBoxResults(readFileSync(join(root, 'cocoapi_val2014_100/instances_val2014_fakebbox100_results.json'), 'utf8'))?.count).toBe(734);
  });
  it('tells the known keys from longer keys that start like them', () => {
    const text = JSON.stringify([{ image_idx: 9, image_id: 3, scores: [1], category_id2: 8, category_id: 4, bboxes: [9, 9, 9, 9], bbox: [1, 2, 3, 4], score: 0.5, segmentations: 1, size: 2, counts: 'x' }]);
    const s = scanBoxResults(text);
    expect([s?.imageId[0], s?.categoryId[0], s?.score[0], Array.from(s!.boxes)]).toEqual([3, 4, 0.5, [1, 2, 3, 4]]);
    const m = JSON.stringify([{ image_id: 1, category_id: 1, score: 0.5, bbox: [0, 0, 1, 1], segmentations: 7, segmentation: { sizes: [1, 1], size: [10, 10], countsx: 'y', counts: encodeRleString(Uint32Array.of(0, 100)) } }]);
    expect(Array.from(scanBoxResults(m, { masks: 'decode' })!.masks!.counts)).toEqual([0, 100]);
    expect(scanBoxResults(m, { masks: 'locate' })!.maskRefs!.heights[0]).toBe(10);
  });
  it('parses numbers exactly like JSON.parse, including long and exponent forms', () => {
    const nums = ['0', '-0', '1', '-12.5', '0.1', '0.30000000000000004', '123456789012345', '1234567890123456789', '1e-7', '2.5E+3', '0.8999999999999999', '417.3332824707031', '-1.0000000000000002',
      '9007199254740991', '9007199254740992', '9007199254740993', '0.9007199254740991', '0.9007199254740993', '900719925474099.25', '0.4723173975944519', '0.009280869737267494', '0.0045015206560492516',
      '1.000000000000000000001', '0.0000000000000000000001', '0.00000000000000000000001', '0.0000000000000000000000123', '123456789012345.6', '99999999999999999999'];
    const text = `[${nums.map((v) => `{"image_id": 1, "category_id": 2, "score": ${v}, "bbox": [${v}, 0, 1, 2], "extra": {"a": ["}", "\\"", [1, 2]], "b": null}}`).join(',\n')}]`;
    const s = scanBoxResults(text);
    expect(s?.count).toBe(nums.length);
    expect(Array.from(s!.score)).toEqual(nums.map((v) => JSON.parse(v) as number));
    expect(Object.is(s!.score[1], -0)).toBe(true);
  });
  it.each([
    ['a string image id', '[{"image_id": "1", "category_id": 1, "score": 0.5, "bbox": [0, 0, 1, 1]}]'],
    ['a missing score', '[{"image_id": 1, "category_id": 1, "bbox": [0, 0, 1, 1]}]'],
    ['an empty bbox', '[{"image_id": 1, "category_id": 1, "score": 0.5, "bbox": []}]'],
    ['a bbox of 5 numbers', '[{"image_id": 1, "category_id": 1, "score": 0.5, "bbox": [0, 0, 1, 1, 9]}]'],
    ['an escaped key', '[{"image\\u005fid": 1, "category_id": 1, "score": 0.5, "bbox": [0, 0, 1, 1]}]'],
    ['an empty array', '[]'],
    ['a truncated array', '[{"image_id": 1, "category_id": 1, "score": 0.5, "bbox": [0, 0, 1, 1]}'],
    ['trailing garbage', '[{"image_id": 1, "category_id": 1, "score": 0.5, "bbox": [0, 0, 1, 1]}] x'],
    ['an overflowing number', '[{"image_id": 1, "category_id": 1, "score": 1e999, "bbox": [0, 0, 1, 1]}]'],
  ])('declines %s (the JSON.parse path reports it)', (_what, text) => {
    expect(scanBoxResults(text)).toBeUndefined();
  });
});
