import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { scanBoxResults, type ScannedBoxResults } from '@tensoreval/metrics/detection';
import { evaluateCoco } from 'tensoreval';
import { runCocoShard } from '../src/coco-shard';
import { joinColumns, scanResultsRange, type ScannedColumns } from '../src/coco-split';
import { rangeText, recordCuts, recordRanges } from '../src/json-record-ranges';
import { repoRoot } from './cli-process';
import { TRICKY, trickyResults } from './coco-tricky';

const dir = join(repoRoot, 'test-data/reference/coco/synthetic-small');

// counts the shards that read both files themselves (the path the split run replaces)
vi.mock('../src/coco-shard', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/coco-shard')>();
  return { ...actual, runCocoShard: vi.fn(actual.runCocoShard) };
});

async function scanInRanges(bytes: Uint8Array, parts: number, withMasks: boolean): Promise<ScannedColumns> {
  const ranges = recordRanges(bytes.length, recordCuts(bytes, parts));
  const scans = [];
  for (const range of ranges) {
    const s = await scanResultsRange({ kind: 'scan', bytes, range, withMasks });
    if ('declined' in s) throw new Error(`range ${range.start}..${range.end} declined`);
    scans.push(s);
  }
  return joinColumns(scans, withMasks);
}

function expectSameColumns(got: ScannedColumns, whole: ScannedBoxResults): void {
  expect(got.count).toBe(whole.count);
  for (const k of ['imageId', 'categoryId', 'score', 'boxes'] as const) expect(Array.from(got[k])).toEqual(Array.from(whole[k]));
  if (whole.maskRefs) {
    const refs = whole.maskRefs;
    for (const k of ['starts', 'ends', 'heights', 'widths'] as const) expect(Array.from(got.masks![k])).toEqual(Array.from(refs[k]));
  } else expect(got.masks).toBeUndefined();
}

describe('recordCuts / rangeText: a JSON array cut at top-level record boundaries', () => {
  it('property: the ranges, read as arrays, are the elements in order, for any strings and any number of parts', () => {
    const value = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom(...TRICKY), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));
    const element = fc.oneof(fc.dictionary(fc.string({ unit: 'binary' }), fc.oneof(value, fc.array(value, { maxLength: 3 }))), fc.array(value, { maxLength: 3 }), value);
    fc.assert(fc.property(fc.array(element, { maxLength: 12 }), fc.integer({ min: 1, max: 6 }), fc.boolean(), (elements, parts, spaced) => {
      const bytes = Buffer.from(JSON.stringify(elements, null, spaced ? 2 : undefined), 'utf8');
      const cuts = recordCuts(bytes, parts);
      expect(cuts.length).toBeLessThanOrEqual(Math.max(0, Math.min(parts, elements.length) - 1));
      const ranges = recordRanges(bytes.length, cuts);
      const back = ranges.flatMap((range) => JSON.parse(rangeText(bytes, range).text) as unknown[]);
      expect(back).toEqual(JSON.parse(bytes.toString('utf8')));
      // the ranges' own texts joined by the commas are the whole text (mask offsets rely on it)
      expect(ranges.map((range) => { const t = rangeText(bytes, range); return t.text.slice(t.prefix, t.prefix + t.length); }).join(',')).toBe(bytes.toString('utf8'));
    }), { numRuns: 300 });
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
    for (const bytes of [Buffer.from(JSON.stringify(records)), trickyResults(records)]) {
      const whole = scanBoxResults(bytes.toString('utf8'), { masks: withMasks ? 'locate' : 'skip' });
      expect(whole).toBeDefined();
      for (let parts = 1; parts <= 4; parts++) expectSameColumns(await scanInRanges(bytes, parts, withMasks), whole!);
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
