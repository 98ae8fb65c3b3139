import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { cocoCli, REPO_ROOT } from './coco-cli-run';
import { evaluateCoco } from 'tensoreval';

// counts the streamed JSON-array reads, to tell the streamed path from the whole-text one
const chunkedReads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@tensoreval/metrics/detection', async (importOriginal) => {
  const m = await importOriginal<typeof import('@tensoreval/metrics/detection')>();
  return { ...m, readJsonArray: (...a: Parameters<typeof m.readJsonArray>) => { chunkedReads.count++; return m.readJsonArray(...a); } };
});

const repoRoot = REPO_ROOT;
const val = join(repoRoot, 'test-data/reference/coco/cocoapi_val2014_100');
const GT = join(val, 'instances_val2014_100.json');
const DT = join(val, 'instances_val2014_fakebbox100_results.json');
const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-coco-cli-'));

const cli = cocoCli;

describe('tensoreval coco (CLI)', () => {
  it('writes --pr-arrays and the per-class F1 extras, with params in RESULT.json', async () => {
    const out = join(tmp, 'r.json'), arrays = join(tmp, 'pr.json');
    const r = await cli(['--gt', GT, '--dt', DT, '--out', out, '--pr-arrays', arrays, '--score-threshold', '0.5', '--max-dets', '1,10,100', '--quiet']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Per-category at score >= 0\.5, IoU=0\.5/);
    const result = JSON.parse(readFileSync(out, 'utf8'));
    expect(Object.keys(result)).toEqual(expect.arrayContaining(['iouType', 'stats', 'perCategory', 'params']));
    expect(result.params.maxDets).toEqual([1, 10, 100]);
    expect(result.classF1.perCategory).toHaveLength(80);
    const pr = JSON.parse(readFileSync(arrays, 'utf8'));
    expect(pr.shape).toEqual({ T: 10, R: 101, K: 80, A: 4, M: 3 });
    expect(pr.precision).toHaveLength(10 * 101 * 80 * 4 * 3);
    expect(pr.recall).toHaveLength(10 * 80 * 4 * 3);
  });

  it('--tide writes the TIDE breakdown to RESULT.json as the library computes it', async () => {
    const out = join(tmp, 'tide.json');
    const r = await cli(['--gt', GT, '--dt', DT, '--out', out, '--quiet', '--tide']);
    expect(r.code).toBe(0);
    const lib = await evaluateCoco(GT, DT, { tide: true });
    expect(JSON.parse(readFileSync(out, 'utf8')).tide).toEqual(JSON.parse(JSON.stringify(lib.tide)));
  });

  it('gives the same numbers as the library call for custom parameters', async () => {
    const out = join(tmp, 'custom.json');
    const r = await cli(['--gt', GT, '--dt', DT, '--out', out, '--quiet', '--area-rng', 'all=0:1e10,tiny=0:256', '--iou-thrs', '0.5,0.75', '--use-cats', '0', '--img-ids', '42,73,74']);
    expect(r.code).toBe(0);
    const lib = await evaluateCoco(GT, DT, { areaRng: [[0, 1e10], [0, 256]], areaRngLbl: ['all', 'tiny'], iouThrs: [0.5, 0.75], useCats: false, imgIds: [42, 73, 74] });
    expect(JSON.parse(readFileSync(out, 'utf8')).stats).toEqual(lib.stats);
  });

  it('exits non-zero with one line naming the file, the record and the rule', async () => {
    const records = JSON.parse(readFileSync(DT, 'utf8')) as Array<Record<string, unknown>>;
    (records[3] as Record<string, unknown>).image_id = 123456789;
    const bad = join(tmp, 'bad-image.json');
    writeFileSync(bad, JSON.stringify(records));
    const r = await cli(['--gt', GT, '--dt', bad, '--quiet']);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/bad-image\.json` \(record 3\).*image_id 123456789.*TE-205/);
  });

  it('rejects an unknown flag and an unreadable file clearly', async () => {
    expect((await cli(['--gt', GT, '--dt', DT, '--bogus', '1'])).stderr).toMatch(/--bogus/);
    expect((await cli(['--gt', GT, '--dt', DT, '--f1-iou', '0.5,0.75'])).stderr).toMatch(/'--f1-iou' option of tensoreval coco must be a number/);
    expect((await cli(['--gt', GT, '--dt', DT, '--score-threshold='])).stderr).toMatch(/'--score-threshold' option of tensoreval coco must be a number/);
    expect((await cli(['--gt', GT, '--dt', DT, '--backend', 'webgl'])).stderr).toMatch(/'--backend' option of tensoreval coco must be 'auto' or 'cpu'.*TE-101/);
    expect((await cli(['--gt', GT, '--dt', DT, '--numpy-summation', 'fast'])).stderr).toMatch(/'--numpy-summation' option of tensoreval coco must be 'blocked' \(numpy 1\.x\) or 'whole'/);
    const r = await cli(['--gt', GT, '--dt', join(tmp, 'missing.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/missing\.json.*readable file.*TE-209/);
  });

  it('streams a gzip results file that inflates past streamAboveBytes, however small the file itself is', async () => {
    const packed = join(tmp, 'dt.json.gz');
    const text = readFileSync(DT);
    writeFileSync(packed, gzipSync(text));
    const streamAboveBytes = Math.floor(text.length / 2); // above the gzip file's size, below the inflated text's
    expect(gzipSync(text).length).toBeLessThan(streamAboveBytes);
    const before = chunkedReads.count;
    const streamed = await evaluateCoco(GT, packed, { streamAboveBytes });
    expect(chunkedReads.count).toBe(before + 1);
    const whole = await evaluateCoco(GT, DT);
    expect(chunkedReads.count).toBe(before + 1);
    expect(streamed.stats).toEqual(whole.stats);
    expect(Buffer.from(streamed.arrays.precision.buffer).equals(Buffer.from(whole.arrays.precision.buffer))).toBe(true);
    // --workers judges the same inflated size (its threads then read as one pass does)
    const threaded = await evaluateCoco(GT, packed, { streamAboveBytes, workers: 2 });
    expect(Buffer.from(threaded.arrays.precision.buffer).equals(Buffer.from(whole.arrays.precision.buffer))).toBe(true);
  });

  it('reports a bad GT before a bad or missing results file, as one pass reads them', async () => {
    const badGt = join(tmp, 'bad-gt.json');
    writeFileSync(badGt, '{"images": [');
    await expect(evaluateCoco(badGt, join(tmp, 'missing.json'))).rejects.toThrow(/bad-gt\.json.*valid JSON.*TE-209/);
    await expect(evaluateCoco(GT, join(tmp, 'missing.json'))).rejects.toThrow(/missing\.json.*readable file.*TE-209/);
    const notJson = join(tmp, 'not-json.json');
    writeFileSync(notJson, '[{"image_id": 1,');
    await expect(evaluateCoco(badGt, notJson)).rejects.toThrow(/bad-gt\.json.*TE-209/);
  });

  it('reports bad boxes and unknown images by record on the fast box-results path too', async () => {
    const records = JSON.parse(readFileSync(DT, 'utf8')) as Array<Record<string, unknown>>;
    const negative = records.map((r, i) => (i === 5 ? { ...r, bbox: [1, 2, -3, 4] } : r));
    const path = join(tmp, 'negative.json');
    writeFileSync(path, JSON.stringify(negative));
    await expect(evaluateCoco(GT, path)).rejects.toThrow(/negative\.json` \(record 5\).*non-negative width and height.*TE-208/);
    const unknown = records.map((r, i) => (i === 7 ? { ...r, image_id: 5 } : r));
    writeFileSync(path, JSON.stringify(unknown));
    await expect(evaluateCoco(GT, path)).rejects.toThrow(/negative\.json` \(record 7\).*image_id 5.*TE-205/);
  });

  it('reads a results file by streaming when it is above the streaming size', async () => {
    const streamed = await evaluateCoco(GT, DT, { streamAboveBytes: 1 });
    const whole = await evaluateCoco(GT, DT);
    expect(streamed.stats).toEqual(whole.stats);
  });
});
