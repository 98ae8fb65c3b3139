import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateCoco } from 'tensoreval';
import { repoRoot, runTensoreval } from './cli-process';

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

  it('LVIS (federated, capped): RESULT.json and the summary are byte-identical for N = 1 and 3; TIDE stays one pass (TE-103)', async () => {
    const lvis = join(repoRoot, 'test-data/reference/coco/lvis/lvis_small');
    const runs = await Promise.all([1, 3].map(async (n) => {
      const out = join(tmp, `lvis-${n}.json`);
      const r = await cli(['--gt', join(lvis, 'gt.json'), '--dt', join(lvis, 'dt.json'), '--lvis', '--workers', String(n), '--out', out, '--quiet']);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return { stdout: r.stdout, json: readFileSync(out, 'utf8') };
    }));
    expect(JSON.parse(runs[0]!.json).counts.lvis.overCap).toBeGreaterThanOrEqual(0);
    expect(runs[1]!.json).toBe(runs[0]!.json);
    expect(runs[1]!.stdout).toBe(runs[0]!.stdout);
    await expect(evaluateCoco(gt, join(dir, 'dt_bbox.json'), { workers: 2, tide: true })).rejects.toThrow(/'workers'.*tide.*TE-103/);
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
    await expect(evaluateCoco(gt, join(dir, 'dt.json'), { workers: 1.5 })).rejects.toThrow(/The 'workers' option of evaluateCoco must be an integer/);
  });
});
