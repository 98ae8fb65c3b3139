import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { inCi } from '@tensoreval/core/testing';
import { evaluateCoco } from 'tensoreval';
import { repoRoot } from './cli-process';

// counts the GT files the main thread parses: none where the worker loaded the GT
const gtParses = vi.hoisted(() => ({ count: 0 }));
vi.mock('../src/coco-files', async (importOriginal) => {
  const m = await importOriginal<typeof import('../src/coco-files')>();
  return { ...m, readJsonFile: (path: string) => { gtParses.count++; return m.readJsonFile(path); } };
});

// A GT of 1 MiB or more is loaded in a worker thread (the built '@tensoreval/metrics/coco-gt-worker')
// while the main thread reads the results file. The reference GT is padded past that size with an
// unused key, so the numbers must stay the reference's and the errors one pass's.
const dir = join(repoRoot, 'test-data/reference/coco/cocoapi_val2014_100');
const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-gt-worker-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const gt = JSON.parse(readFileSync(join(dir, 'instances_val2014_100.json'), 'utf8')) as Record<string, unknown>;
const padded = join(tmp, 'gt-padded.json');
writeFileSync(padded, JSON.stringify({ ...gt, info: { ...(gt.info as object), padding: 'x'.repeat(1 << 20) } }));

/** Whether the built worker entry exists (the suite runs after `npm run build` in CI). */
const built = (() => {
  try {
    return existsSync(createRequire(import.meta.url).resolve('@tensoreval/metrics/coco-gt-worker'));
  } catch {
    return false;
  }
})();

describe('evaluateCoco with a GT large enough for the GT worker', () => {
  it('has the worker built where the suite runs in CI', () => {
    if (inCi()) expect(built).toBe(true);
  });

  it.each([
    ['bbox', 'instances_val2014_fakebbox100_results.json'],
    ['segm', 'instances_val2014_fakesegm100_results.json'],
  ] as const)('gives the reference numbers for %s', async (iouType, results) => {
    const expected = JSON.parse(readFileSync(join(dir, `cocoapi_val2014_100.${iouType}.expected.json`), 'utf8')) as { stats: number[] };
    const parsesBefore = gtParses.count;
    const r = await evaluateCoco(padded, join(dir, results), { iouType, scoreThreshold: 0.5 });
    expect(Array.from(r.stats)).toEqual(expected.stats);
    // the worker loaded the GT: this thread parsed none (without a build, the fallback parses it here)
    expect(gtParses.count - parsesBefore).toBe(built ? 0 : 1);
    const small = await evaluateCoco(join(dir, 'instances_val2014_100.json'), join(dir, results), { iouType, scoreThreshold: 0.5 });
    expect(Buffer.from(r.arrays.precision.buffer).equals(Buffer.from(small.arrays.precision.buffer))).toBe(true);
    expect(r.classF1).toEqual(small.classF1);
    expect(r.perCategory).toEqual(small.perCategory);
  });

  it('judges a gzip GT by the size it inflates to: a small .json.gz of a large GT is loaded in the worker', async () => {
    const gz = join(tmp, 'gt-padded.json.gz');
    writeFileSync(gz, gzipSync(readFileSync(padded)));
    expect(readFileSync(gz).length).toBeLessThan(1 << 20);
    const results = join(dir, 'instances_val2014_fakebbox100_results.json');
    const parsesBefore = gtParses.count;
    const r = await evaluateCoco(gz, results, { scoreThreshold: 0.5 });
    expect(gtParses.count - parsesBefore).toBe(built ? 0 : 1);
    const plain = await evaluateCoco(padded, results, { scoreThreshold: 0.5 });
    expect(Array.from(r.stats)).toEqual(Array.from(plain.stats));
  });

  it('reports errors in one pass order: a bad GT before a missing results file, a bad record by its index', async () => {
    await expect(evaluateCoco(padded, join(tmp, 'missing.json'))).rejects.toThrow(/missing\.json.*readable file.*TE-209/);
    const badGt = join(tmp, 'bad-gt.json');
    writeFileSync(badGt, `{"info": {"padding": "${'x'.repeat(1 << 20)}"}, "images": [`);
    await expect(evaluateCoco(badGt, join(tmp, 'missing.json'))).rejects.toThrow(/bad-gt\.json.*valid JSON.*TE-209/);
    const records = JSON.parse(readFileSync(join(dir, 'instances_val2014_fakebbox100_results.json'), 'utf8')) as Array<Record<string, unknown>>;
    const bad = join(tmp, 'bad-dt.json');
    writeFileSync(bad, JSON.stringify(records.map((r, i) => (i === 5 ? { ...r, bbox: [1, 2, -3, 4] } : r))));
    await expect(evaluateCoco(padded, bad)).rejects.toThrow(/bad-dt\.json` \(record 5\).*non-negative width and height.*TE-208/);
    // a GT rule the worker's load breaks: the main thread's parse and load report it as one pass does
    const noImages = join(tmp, 'gt-no-image-ids.json');
    writeFileSync(noImages, JSON.stringify({ ...gt, images: (gt.images as Array<Record<string, unknown>>).map(({ id: _id, ...rest }) => rest), info: { padding: 'x'.repeat(1 << 20) } }));
    const viaMain = await evaluateCoco(noImages, join(dir, 'instances_val2014_fakebbox100_results.json')).then(() => 'no error', (e: Error) => e.message);
    expect(viaMain).toMatch(/gt-no-image-ids\.json.*TE-2\d\d/);
  });
});
