import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateCoco } from 'tensoreval';
import { repoRoot, runTensoreval } from './cli-process';
import { trickyResults } from './coco-tricky';

const dir = join(repoRoot, 'test-data/reference/coco/synthetic-small');
const gt = join(dir, 'gt.json');
const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-workers-'));

// from sources under tsx: worker threads inherit tsx, so they really run
const cli = (args: string[]) => runTensoreval(['coco', ...args]);

describe('tensoreval coco --workers N: the same output for every N', () => {
  it.each([['bbox', 'dt_bbox.json'], ['segm', 'dt.json']] as const)('%s: RESULT.json and the summary are byte-identical for N = 1 and 3', async (iouType, dt) => {
    const runs = await Promise.all([1, 3].map(async (n) => {
      const out = join(tmp, `${iouType}-${n}.json`);
      const r = await cli(['--gt', gt, '--dt', join(dir, dt), '--iou-type', iouType, '--workers', String(n), '--score-threshold', '0.4', '--out', out, '--quiet']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return { stdout: r.stdout, json: readFileSync(out, 'utf8') };
    }));
    for (const r of runs.slice(1)) {
      expect(r.json).toBe((runs[0] as { json: string }).json);
      expect(r.stdout).toBe((runs[0] as { stdout: string }).stdout);
    }
  });

  it('LVIS (federated, capped): RESULT.json and the summary are byte-identical for N = 1 and 3', async () => {
    const lvis = join(repoRoot, 'test-data/reference/coco/lvis/lvis_small');
    const runs = await Promise.all([1, 3].map(async (n) => {
      const out = join(tmp, `lvis-${n}.json`);
      const r = await cli(['--gt', join(lvis, 'gt.json'), '--dt', join(lvis, 'dt.json'), '--lvis', '--workers', String(n), '--out', out, '--quiet']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return { stdout: r.stdout, json: readFileSync(out, 'utf8') };
    }));
    // the fixture exercises the per-image cap and the federated filter, so the shards must carry both counts
    expect(JSON.parse(runs[0]!.json).counts.lvis).toMatchObject({ overCap: 36, federatedDropped: 132 });
    expect(runs[1]!.json).toBe(runs[0]!.json);
    expect(runs[1]!.stdout).toBe(runs[0]!.stdout);
  });

  it.each([['bbox', 'dt_bbox.json'], ['segm', 'dt.json']] as const)('%s with --tide: the TIDE breakdown of N = 3 equals one pass (each shard classifies its images\' errors)', async (iouType, dt) => {
    const runs = await Promise.all([1, 3].map(async (n) => {
      const out = join(tmp, `tide-${iouType}-${n}.json`);
      const r = await cli(['--gt', gt, '--dt', join(dir, dt), '--iou-type', iouType, '--workers', String(n), '--tide', '--out', out, '--quiet']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return readFileSync(out, 'utf8');
    }));
    const tide = JSON.parse(runs[0]!).tide;
    // a breakdown with errors of several types, so the merge is exercised
    expect(Object.values(tide.errors as Record<string, { count: number }>).filter((e) => e.count > 0).length).toBeGreaterThan(3);
    expect(runs[1]).toBe(runs[0]);
    // library, shards in this thread, non-default thresholds
    const opts = { iouType, tide: { posThreshold: 0.75, bgThreshold: 0.2 } } as const;
    const one = await evaluateCoco(gt, join(dir, dt), opts);
    const four = await evaluateCoco(gt, join(dir, dt), { ...opts, workers: 4 });
    expect(four.tide).toEqual(one.tide);
  });

  it('a bad record fails the run with one TE line naming the shard, file and record', async () => {
    const records = JSON.parse(readFileSync(join(dir, 'dt_bbox.json'), 'utf8')) as Array<{ bbox: number[] }>;
    (records[7] as { bbox: number[] }).bbox = [1, 2, -3, 4];
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify(records));
    const r = await cli(['--gt', gt, '--dt', bad, '--workers', '2', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^tensoreval: error TE-208: shard 1 of 2: Expected `.*bad\.json` \(record 7\) of evaluateCoco/);
  });

  it('a bad GT annotation (loaded once, in one thread) fails the run with one pass\'s TE line', async () => {
    const data = JSON.parse(readFileSync(gt, 'utf8')) as { annotations: Array<{ area: number }> };
    (data.annotations[3] as { area: number }).area = -1;
    const badGt = join(tmp, 'bad-gt.json');
    writeFileSync(badGt, JSON.stringify(data));
    const one = await cli(['--gt', badGt, '--dt', join(dir, 'dt_bbox.json'), '--quiet']);
    const two = await cli(['--gt', badGt, '--dt', join(dir, 'dt_bbox.json'), '--workers', '2', '--quiet']);
    expect(one.code).toBe(2);
    expect(two.code).toBe(2);
    expect(two.stderr.trim().split('\n')).toHaveLength(1);
    expect(one.stderr).toMatch(/TE-208: Expected `.*bad-gt\.json` \(record annotations\[3\]\)/);
    // the same rule and record, from the shard that met it
    expect(two.stderr.replace(/shard \d of 2: /, '')).toBe(one.stderr);
  });

  it('--workers must be a positive integer', async () => {
    const r = await cli(['--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--workers', '0']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/The '--workers' option of tensoreval coco must be an integer in \[1, 256\]\. Got "0" instead\./);
  });

  it('library: evaluateCoco({ workers }) equals one pass (shards run in this thread from sources)', async () => {
    const one = await evaluateCoco(gt, join(dir, 'dt.json'), { iouType: 'segm' });
    const four = await evaluateCoco(gt, join(dir, 'dt.json'), { iouType: 'segm', workers: 4 });
    expect(Buffer.from(four.arrays.precision.buffer).equals(Buffer.from(one.arrays.precision.buffer))).toBe(true);
    expect(four.stats).toEqual(one.stats);
    expect(four.counts).toEqual(one.counts);
    // one category group (useCats 0): fewer accumulate slices than threads
    const pooled = await evaluateCoco(gt, join(dir, 'dt_bbox.json'), { useCats: false });
    const pooled3 = await evaluateCoco(gt, join(dir, 'dt_bbox.json'), { useCats: false, workers: 3 });
    expect(Buffer.from(pooled3.arrays.precision.buffer).equals(Buffer.from(pooled.arrays.precision.buffer))).toBe(true);
    expect(pooled3.stats).toEqual(pooled.stats);
    await expect(evaluateCoco(gt, join(dir, 'dt.json'), { workers: 1.5 })).rejects.toThrow(/The 'workers' option of evaluateCoco must be an integer/);
  });
});

describe('--workers N over a results file read once and scanned in ranges', () => {
  // other keys holding brackets, commas, escapes and non-ASCII text, gzip-compressed
  const tricky = (file: string, name: string) => {
    const path = join(tmp, name);
    writeFileSync(path, gzipSync(trickyResults(JSON.parse(readFileSync(join(dir, file), 'utf8')))));
    return path;
  };

  it.each([['bbox', 'dt_bbox.json'], ['segm', 'dt.json']] as const)('%s, tricky strings, gz: the library result for N = 1..4 equals one pass', async (iouType, file) => {
    const dt = tricky(file, `tricky-${iouType}.json.gz`);
    const one = await evaluateCoco(gt, dt, { iouType, scoreThreshold: 0.4 });
    expect(one.counts.detections).toBe(4175);
    for (let n = 1; n <= 4; n++) {
      const r = await evaluateCoco(gt, dt, { iouType, scoreThreshold: 0.4, workers: n });
      expect(r.stats).toEqual(one.stats);
      expect(r.counts).toEqual(one.counts);
      expect(r.perCategory).toEqual(one.perCategory);
      expect(r.classF1).toEqual(one.classF1);
      for (const k of ['precision', 'recall', 'scores'] as const) expect(Buffer.from(r.arrays[k].buffer).equals(Buffer.from(one.arrays[k].buffer))).toBe(true);
    }
  });

  it('segm, tricky strings, gz, real threads: RESULT.json and the summary are byte-identical for N = 1, 2 and 4', async () => {
    const dt = tricky('dt.json', 'tricky-cli-segm.json.gz');
    const runs = await Promise.all([1, 2, 4].map(async (n) => {
      const out = join(tmp, `tricky-segm-${n}.json`);
      const r = await cli(['--gt', gt, '--dt', dt, '--iou-type', 'segm', '--workers', String(n), '--out', out, '--quiet']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return { stdout: r.stdout, json: readFileSync(out, 'utf8') };
    }));
    for (const r of runs.slice(1)) {
      expect(r.json).toBe(runs[0]!.json);
      expect(r.stdout).toBe(runs[0]!.stdout);
    }
  });

  it('a bad record in the last range is named by its index in the whole file (real threads)', async () => {
    const records = JSON.parse(readFileSync(join(dir, 'dt_bbox.json'), 'utf8')) as Array<{ bbox: number[] }>;
    const late = records.length - 3;
    records[late]!.bbox = [1, 2, -3, 4];
    const bad = join(tmp, 'bad-late.json');
    writeFileSync(bad, JSON.stringify(records));
    const r = await cli(['--gt', gt, '--dt', bad, '--workers', '4', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^tensoreval: error TE-208: shard 1 of 4: Expected \`.*bad-late\\.json\` \\(record ${late}\\) of evaluateCoco`));
  });

  it('a record the scanner does not take (a string score) in a late range: one pass\'s error, by its index in the whole file', async () => {
    const records = JSON.parse(readFileSync(join(dir, 'dt.json'), 'utf8')) as Array<Record<string, unknown>>;
    const late = records.length - 2;
    records[late]!.score = 'high';
    const bad = join(tmp, 'bad-score.json.gz');
    writeFileSync(bad, gzipSync(trickyResults(records)));
    const one = await evaluateCoco(gt, bad, { iouType: 'segm' }).then(() => 'no error', (e: Error) => e.message);
    expect(one).toMatch(new RegExp(`record ${late}\\).*TE-201`));
    for (const n of [2, 4]) await expect(evaluateCoco(gt, bad, { iouType: 'segm', workers: n })).rejects.toThrow(`shard 1 of ${n}: ${one}`);
  });

  it.each([['non-ASCII other keys (each shard decodes the whole text)', true], ['an ASCII file (each shard decodes only its span)', false]] as const)('a malformed mask string in a late range, %s: one pass\'s error, by its index in the whole file', async (_what, withTricky) => {
    const records = JSON.parse(readFileSync(join(dir, 'dt.json'), 'utf8')) as Array<{ segmentation: { counts: string } }>;
    const late = records.length - 4;
    records[late]!.segmentation.counts = `${records[late]!.segmentation.counts}~`;
    const bad = join(tmp, 'bad-mask.json');
    writeFileSync(bad, withTricky ? trickyResults(records as never) : JSON.stringify(records));
    const one = await evaluateCoco(gt, bad, { iouType: 'segm' }).then(() => 'no error', (e: Error) => e.message);
    expect(one).toMatch(new RegExp(`bad-mask\\.json\\[${late}\\]\\.segmentation\\.counts.*TE-206`));
    const messages = await Promise.all([2, 4].map((n) => evaluateCoco(gt, bad, { iouType: 'segm', workers: n }).then(() => 'no error', (e: Error) => e.message)));
    for (const [k, m] of messages.entries()) {
      expect(m.startsWith(`shard `) && m.includes(` of ${k === 0 ? 2 : 4}: `)).toBe(true);
      expect(m.slice(m.indexOf(': ') + 2)).toBe(one);
    }
  });
});
