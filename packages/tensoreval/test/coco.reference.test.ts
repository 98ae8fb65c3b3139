import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateCoco } from 'tensoreval';
import { listCocoCases, preparedResults, type CocoCase } from './coco-fixtures';

const cases = listCocoCases();
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

function expectPerCategory(c: CocoCase, got: Array<{ categoryId: number | string; AP: number; AP50: number; AP75: number; AR100: number }>): void {
  const byId = new Map(got.map((p) => [p.categoryId, p]));
  for (const p of c.expected.per_category) {
    const q = byId.get(p.category_id);
    expect(q, `category ${p.category_id}`).toBeDefined();
    expect([q!.AP, q!.AP50, q!.AP75, q!.AR100], `category ${p.category_id}`).toEqual([p.AP, p.AP50, p.AP75, p.AR100]);
  }
}

describe('COCO reference fixtures (pycocotools 2.0.11), library call', () => {
  it('finds the fixtures', () => expect(cases.length).toBeGreaterThan(0));
  it.each(cases.map((c) => [c.id, c] as const))('%s: 12 stats and per-category values are identical', async (_id, c) => {
    const { records } = preparedResults(c);
    const gt = JSON.parse(readFileSync(join(c.dir, c.expected.gt), 'utf8'));
    const r = await evaluateCoco(gt, records as never, { iouType: c.expected.iouType });
    expect(r.stats).toEqual(c.expected.stats);
    expectPerCategory(c, r.perCategory);
  });
});

describe('COCO reference fixtures, CLI', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-coco-'));
  const runs = new Map<string, Promise<{ stdout: string; out: string }>>();

  /** Spawns `tensoreval coco` for a case once; several run at a time to keep the suite short. */
  function runCli(c: CocoCase, i: number): Promise<{ stdout: string; out: string }> {
    const { records, changed } = preparedResults(c);
    let dtPath = join(c.dir, c.expected.dt);
    if (changed) {
      dtPath = join(tmp, `dt-${i}.json`);
      writeFileSync(dtPath, JSON.stringify(records));
    }
    const out = join(tmp, `result-${i}.json`);
    const argv = ['--import', 'tsx', 'packages/tensoreval/src/cli.ts', 'coco', '--gt', join(c.dir, c.expected.gt), '--dt', dtPath, '--iou-type', c.expected.iouType, '--out', out, '--quiet'];
    return new Promise((resolve, reject) => {
      execFile(process.execPath, argv, { cwd: repoRoot, encoding: 'utf8' }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout, out })));
    });
  }

  beforeAll(async () => {
    const queue = cases.map((c, i) => [c, i] as const);
    const workers = Array.from({ length: 4 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [c, i] = next;
        const p = runCli(c, i);
        runs.set(c.id, p);
        await p.catch(() => undefined);
      }
    });
    await Promise.all(workers);
  });

  it.each(cases.map((c) => [c.id, c] as const))('%s: RESULT.json stats and per-category values are identical', async (_id, c) => {
    const { stdout, out } = await (runs.get(c.id) as Promise<{ stdout: string; out: string }>);
    expect(stdout.split('\n').filter((l) => l.startsWith(' Average')).length).toBe(12);
    const result = JSON.parse(readFileSync(out, 'utf8'));
    expect(result.iouType).toBe(c.expected.iouType);
    expect(result.stats).toEqual(c.expected.stats);
    expectPerCategory(c, result.perCategory);
  });
});
