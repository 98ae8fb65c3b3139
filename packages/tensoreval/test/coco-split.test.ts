import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { scanBoxResults, type ScannedBoxResults } from '@tensoreval/metrics/detection';
import { evaluateCoco } from 'tensoreval';
import { runCocoShard } from '../src/coco-shard';
import { joinColumns, loadGtTask, scanResultsRange, type ScannedColumns } from '../src/coco-split';
import { rangeText, recordCuts, recordRanges } from '../src/json-record-ranges';
import { repoRoot } from './cli-process';
import { TRICKY, trickyResults } from './coco-tricky';

const dir = join(repoRoot, 'test-data/reference/coco/synthetic-small');

// counts the shards that read both files themselves (the path the split run replaces)
vi.mock('../src/coco-shard', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/coco-shard')>();
  return { ...actual, runCocoShard: vi.fn(actual.runCocoShard) };
});

function expectSameColumns(got: ScannedColumns, whole: ScannedBoxResults): void {
  expect(got.count).toBe(whole.count);
  for (const k of ['imageId', 'categoryId', 'score', 'boxes'] as const) expect(Array.from(got[k])).toEqual(Array.from(whole[k]));
  if (whole.maskRefs) {
    const refs = whole.maskRefs;
    for (const k of ['starts', 'ends', 'heights', 'widths'] as const) expect(Array.from(got.masks![k])).toEqual(Array.from(refs[k]));
  } else expect(got.masks).toBeUndefined();
}

/** The scans of each range, or undefined where a range declines. */
async function scanEachRange(bytes: Uint8Array, parts: number, withMasks: boolean): Promise<ScannedColumns | undefined> {
  const ranges = recordRanges(bytes.length, recordCuts(bytes, parts));
  const scans = [];
  for (const range of ranges) {
    const s = await scanResultsRange({ kind: 'scan', bytes, range, withMasks });
    if ('declined' in s) return undefined;
    scans.push(s);
  }
  const joined = joinColumns(scans, withMasks, bytes.length);
  // mask offsets are byte offsets exactly where the file is ASCII (then a shard decodes only its span)
  if (withMasks) expect(joined.masks!.charsAreBytes).toBe(bytes.every((b) => b < 0x80));
  return joined;
}

describe('recordCuts / rangeText: a results array cut at record boundaries found near each cut', () => {
  const num = fc.double({ min: -1e6, max: 1e6, noNaN: true });
  const record = fc.record({ image_id: fc.integer({ min: 1, max: 9 }), category_id: fc.integer({ min: 1, max: 3 }), score: fc.double({ min: 0, max: 1, noNaN: true }), bbox: fc.tuple(num, num, num, num) });
  // other keys' values: what could look like a record boundary to a cut
  const value = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...TRICKY, '},{', '}, {}', '},{"image_id":1}'), num, fc.constant(null));
  const other = fc.oneof(value, fc.array(value, { maxLength: 3 }), fc.array(fc.dictionary(fc.constantFrom('image_id', 'score', 'x'), value), { maxLength: 3 }));

  it('property: with any other keys, the scanned ranges either equal one scan of the whole text or one of them declines', async () => {
    await fc.assert(fc.asyncProperty(fc.array(fc.tuple(record, fc.dictionary(fc.constantFrom('note', 'extra', 'k'), other)), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), async (rows, parts, spaced) => {
      const bytes = Buffer.from(JSON.stringify(rows.map(([r, extra]) => ({ ...extra, ...r })), null, spaced ? 2 : undefined), 'utf8');
      const whole = scanBoxResults(bytes.toString('utf8'));
      const split = await scanEachRange(bytes, parts, false);
      if (split !== undefined) expectSameColumns(split, whole!);
      // the ranges' own texts joined by the commas are the whole text (mask offsets rely on it)
      const ranges = recordRanges(bytes.length, recordCuts(bytes, parts));
      expect(ranges.map((range) => { const t = rangeText(bytes, range); return t.text.slice(t.prefix, t.prefix + t.length); }).join(',')).toBe(bytes.toString('utf8'));
    }), { numRuns: 300 });
  });

  it('property: regular records are never declined, compact or pretty-printed', async () => {
    await fc.assert(fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), async (rows, parts, spaced) => {
      const bytes = Buffer.from(JSON.stringify(rows, null, spaced ? 2 : undefined), 'utf8');
      expect(recordCuts(bytes, parts).length).toBeLessThanOrEqual(Math.min(parts, rows.length) - 1);
      const split = await scanEachRange(bytes, parts, false);
      expect(split).toBeDefined();
      expectSameColumns(split!, scanBoxResults(bytes.toString('utf8'))!);
    }), { numRuns: 200 });
  });

  it('cuts near equal sizes: every part of a long array holds records', () => {
    const bytes = Buffer.from(readFileSync(join(dir, 'dt_bbox.json')));
    for (const parts of [2, 3, 4, 7]) {
      const ranges = recordRanges(bytes.length, recordCuts(bytes, parts));
      expect(ranges).toHaveLength(parts);
      for (const r of ranges) expect(r.end - r.start).toBeGreaterThan(bytes.length / parts / 2);
    }
  });
});

describe('scanResultsRange + joinColumns: the whole file scanned in ranges equals one scan', () => {
  it.each([
    ['bbox', 'dt_bbox.json', false],
    ['segm (RLE strings, escaped backslashes)', 'dt.json', true],
  ] as const)('%s, plain and with tricky strings in other keys, N = 1..4', async (_name, file, withMasks) => {
    const records = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Array<Record<string, unknown>>;
    for (const [bytes, tricky] of [[Buffer.from(JSON.stringify(records)), false], [trickyResults(records), true]] as const) {
      const whole = scanBoxResults(bytes.toString('utf8'), { masks: withMasks ? 'locate' : 'skip' });
      expect(whole).toBeDefined();
      for (let parts = 1; parts <= 4; parts++) {
        const split = await scanEachRange(bytes, parts, withMasks);
        // a cut inside a tricky string declines (the run reads as one pass does); never a wrong column
        if (split === undefined) expect(tricky).toBe(true);
        else expectSameColumns(split, whole!);
      }
    }
  });

  it('a range the scanner does not take is declined (the run then reads as one pass does)', async () => {
    const records = JSON.parse(readFileSync(join(dir, 'dt_bbox.json'), 'utf8')) as Array<Record<string, unknown>>;
    (records[records.length - 5] as Record<string, unknown>).score = 'high';
    const bytes = Buffer.from(JSON.stringify(records));
    const ranges = recordRanges(bytes.length, recordCuts(bytes, 4));
    const outcomes = await Promise.all(ranges.map((range) => scanResultsRange({ kind: 'scan', bytes, range, withMasks: false })));
    expect(outcomes.map((o) => 'declined' in o)).toEqual([false, false, false, true]);
  });
});

describe('loadGtTask: the GT thread of a split run', () => {
  it.each(['bbox', 'segm'] as const)('%s: builds every typed array of the table and masks in shared memory (none copied there afterwards)', async (iouType) => {
    const outcome = await loadGtTask({ kind: 'gt', gtBytes: readFileSync(join(dir, 'gt.json')), gt: 'gt.json', iouType });
    if ('declined' in outcome) throw new Error('the GT was declined');
    const { table, masks } = outcome.gt;
    const arrays = [...Object.values(table), ...Object.values(masks ?? {})].filter((v) => ArrayBuffer.isView(v));
    expect(arrays.length).toBe(iouType === 'bbox' ? 10 : 14);
    for (const a of arrays) expect(a.buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});

describe('evaluateCoco({ workers }): which path reads the results', () => {
  it('regular results are read once and scanned in ranges: no shard reads the files itself', async () => {
    vi.mocked(runCocoShard).mockClear();
    const one = await evaluateCoco(join(dir, 'gt.json'), join(dir, 'dt.json'), { iouType: 'segm' });
    const three = await evaluateCoco(join(dir, 'gt.json'), join(dir, 'dt.json'), { iouType: 'segm', workers: 3 });
    expect(three.stats).toEqual(one.stats);
    expect(Buffer.from(three.arrays.precision.buffer).equals(Buffer.from(one.arrays.precision.buffer))).toBe(true);
    const b = join(repoRoot, 'test-data/reference/coco/boundary/synth15');
    const boundary = await evaluateCoco(join(b, 'gt.json'), join(b, 'dt.json'), { iouType: 'boundary', workers: 2 });
    expect(boundary.stats).toEqual((await evaluateCoco(join(b, 'gt.json'), join(b, 'dt.json'), { iouType: 'boundary' })).stats);
    expect(runCocoShard).not.toHaveBeenCalled();
  });

  it('keypoint results, and results the scanner declines, take the one-file-per-shard path', async () => {
    vi.mocked(runCocoShard).mockClear();
    const kp = join(repoRoot, 'test-data/reference/coco/keypoints/kp_small');
    const gtKp = join(kp, 'gt.json'), dtKp = join(kp, 'dt.json');
    expect((await evaluateCoco(gtKp, dtKp, { iouType: 'keypoints', workers: 2 })).stats).toEqual((await evaluateCoco(gtKp, dtKp, { iouType: 'keypoints' })).stats);
    expect(runCocoShard).toHaveBeenCalledTimes(2);
  });
});
