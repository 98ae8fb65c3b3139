import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Output files and stdout of the CLI: unwritable paths fail before the work, and a result computed
// but not deliverable (full device, stdout closed early) is saved to a temporary file named in the one error line.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const val = join(repoRoot, 'test-data/reference/coco/cocoapi_val2014_100');
const GT = join(val, 'instances_val2014_100.json');
const DT = join(val, 'instances_val2014_fakebbox100_results.json');
const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-cli-output-'));
const request = join(tmp, 'request.json');
writeFileSync(request, JSON.stringify({ task: 'classification', data: { datums: [{ uid: 'u1', groundtruth: 'dog', predictions: ['dog', 'cat'], scores: [0.7, 0.3] }] }, metrics: [{ id: 'a', method: 'rocauc' }] }));

interface Run { code: number; stdout: string; stderr: string }

/** Runs the CLI from source; `closeStdout` closes the reading end at once, like `| head -0`. */
function cli(args: string[], closeStdout = false): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/tensoreval/src/cli.ts', ...args], { cwd: repoRoot });
    let stdout = '', stderr = '';
    if (closeStdout) child.stdout.destroy();
    else child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

/** One line, a TE code, no stack. */
function expectOneLine(r: Run, code: string): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain(`error ${code}:`);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

/** The temporary file the error line names, parsed. */
function rescued(stderr: string): unknown {
  const file = /saved to (\S+) instead/.exec(stderr)?.[1];
  expect(file).toBeDefined();
  return JSON.parse(readFileSync(file as string, 'utf8'));
}

describe('CLI output: checked before the work, never lost after it', () => {
  it('refuses a missing directory and a directory before evaluating', async () => {
    const runs = await Promise.all([
      cli(['evaluate', request, '--out', join(tmp, 'no-such-dir', 'r.json')]),
      cli(['evaluate', request, '--out', tmp]),
      cli(['coco', '--gt', GT, '--dt', DT, '--quiet', '--pr-arrays', join(tmp, 'missing', 'pr.json')]),
      cli(['coco', '--gt', GT, '--dt', DT, '--quiet', '--out', tmp]),
    ]);
    for (const r of runs) expectOneLine(r, 'TE-101');
    expect(runs[0]!.stderr).toMatch(/'--out' option of tensoreval evaluate must be a path in an existing directory/);
    expect(runs[1]!.stderr).toMatch(/must be a file path, not a directory/);
    expect(runs[2]!.stderr).toMatch(/'--pr-arrays' option of tensoreval coco/);
    for (const r of runs.slice(2)) expect(r.stdout).toBe(''); // no summary: nothing was evaluated
    // a read-only file: root may write anything, so that case is stubbed in cli-output-errno.test.ts
  });

  it.skipIf(!existsSync('/dev/full'))('saves a result that fails to write late to a temporary file and names it', async () => {
    const r = await cli(['evaluate', request, '--out', '/dev/full']);
    expectOneLine(r, 'TE-209');
    expect(r.stderr).toMatch(/Cannot write --out \/dev\/full: ENOSPC/);
    expect(rescued(r.stderr)).toHaveProperty('a.mROCAUC');
  });

  it('stdout closed early (EPIPE): one line naming where the result went, no stack', async () => {
    const r = await cli(['evaluate', request], true);
    expectOneLine(r, 'TE-209');
    expect(r.stderr).toMatch(/result to stdout: write EPIPE/);
    expect(rescued(r.stderr)).toHaveProperty('a.mROCAUC');
    // coco's summary is for reading: a closed stdout just ends it, and --out still gets the result
    mkdirSync(join(tmp, 'c'), { recursive: true });
    const out = join(tmp, 'c', 'r.json');
    const c = await cli(['coco', '--gt', GT, '--dt', DT, '--quiet', '--out', out], true);
    expect(c).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(readFileSync(out, 'utf8')).stats).toHaveLength(12);
  });

  it('user text in the error line is escaped: one line, no terminal escapes', async () => {
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify({ task: 'classification', data: { datums: [] }, metrics: [{ id: 'a\nb\u001b[31mred\u009b', method: 'nope' }] }));
    const r = await cli(['evaluate', bad]);
    expectOneLine(r, 'TE-102');
    expect(r.stderr).not.toMatch(/[\u001b\u009b]/);
    expect(r.stderr).toContain(String.raw`metric 'a\nb\u001b[31mred\u009b'`);
  });
});
