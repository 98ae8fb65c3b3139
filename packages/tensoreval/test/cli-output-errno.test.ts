import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportFailure } from '../src/cli/failure-line';
import { runCli } from '../src/cli/run-cli';
import { captureWrites } from './capture-stdio';

// Unwritable outputs in process, with the file system stubbed to refuse: runs the same as root (where
// a read-only file is writable) and on any file system. The spawned-process variants are in
// cli-output.node.test.ts.

const refused = vi.hoisted(() => new Map<string, { op: 'access' | 'writeFile'; code: string }>());

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>();
  const fail = (path: unknown, op: 'access' | 'writeFile'): Error | undefined => {
    const rule = refused.get(String(path));
    if (!rule || rule.op !== op) return undefined;
    return Object.assign(new Error(`${rule.code}: refused by the test, ${op} '${String(path)}'`), { code: rule.code });
  };
  return {
    ...real,
    access: (path: Parameters<typeof real.access>[0], mode?: number) => { const e = fail(path, 'access'); return e ? Promise.reject(e) : real.access(path, mode); },
    writeFile: (path: Parameters<typeof real.writeFile>[0], ...rest: [never, never]) => { const e = fail(path, 'writeFile'); return e ? Promise.reject(e) : real.writeFile(path, ...rest); },
  };
});

const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-cli-errno-'));
const request = join(tmp, 'request.json');
writeFileSync(request, JSON.stringify({ task: 'classification', data: { datums: [{ uid: 'u1', groundtruth: 'dog', predictions: ['dog', 'cat'], scores: [0.7, 0.3] }] }, metrics: [{ id: 'a', method: 'rocauc' }] }));

afterEach(() => refused.clear());

/** Runs the CLI in process as the bin does: the exit code and everything written to stdout / stderr. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = captureWrites(process.stdout), stderr = captureWrites(process.stderr);
  try {
    const code = await runCli(args).catch(reportFailure);
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    stdout.restore();
    stderr.restore();
  }
}

function expectOneLine(r: { code: number; stderr: string }, code: string): void {
  expect(r.code).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toContain(`tensoreval: error ${code}:`);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('unwritable --out, in process', () => {
  it('a read-only file (access EACCES) is refused before the work', async () => {
    const out = join(tmp, 'read-only.json');
    writeFileSync(out, '');
    refused.set(out, { op: 'access', code: 'EACCES' });
    const r = await cli(['evaluate', request, '--out', out]);
    expectOneLine(r, 'TE-101');
    expect(r.stderr).toMatch(/'--out' option of tensoreval evaluate must be a writable file \(permission denied\)/);
    expect(readFileSync(out, 'utf8')).toBe(''); // untouched
  });

  it.each(['EACCES', 'EISDIR', 'ENOENT'])('a write that fails late with %s saves the result to a temporary file named in the line', async (errno) => {
    const out = join(tmp, `late-${errno}.json`);
    refused.set(out, { op: 'writeFile', code: errno });
    const r = await cli(['evaluate', request, '--out', out]);
    expectOneLine(r, 'TE-209');
    expect(r.stderr).toContain(`Cannot write --out ${out}: ${errno}: refused by the test`);
    const saved = /saved to (\S+) instead/.exec(r.stderr)?.[1];
    expect(saved).toBeDefined();
    expect(JSON.parse(readFileSync(saved as string, 'utf8'))).toHaveProperty('a.mROCAUC');
  });
});
