import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { setWarningHandler, type TensorEvalWarning } from '@tensoreval/core';
import { evaluate } from '../src/evaluate';
import { compareOutput } from './valor-compare';
import { caseToRequest, expectedOutputs, listValorCases, type ValorCase } from './valor-cases';

const TOLERANCE = 1e-12;
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cases = listValorCases();

function expectedErrors(c: ValorCase): boolean {
  return Object.values(expectedOutputs(c)).some((v) => v !== null && typeof v === 'object' && 'error' in v);
}

function diffsOf(c: ValorCase, actual: Record<string, unknown>): string[] {
  const expected = expectedOutputs(c);
  return Object.keys(expected).flatMap((id) => compareOutput(actual[id], expected[id], TOLERANCE, id));
}

describe('valor-lite reference cases through evaluate()', () => {
  afterAll(() => setWarningHandler(undefined));
  for (const c of cases) {
    it(c.file, async () => {
      if (expectedErrors(c)) {
        await expect(evaluate(caseToRequest(c))).rejects.toThrow();
        return;
      }
      const warnings: TensorEvalWarning[] = [];
      setWarningHandler((w) => warnings.push(w));
      const actual = await evaluate(caseToRequest(c));
      setWarningHandler(undefined);
      expect(diffsOf(c, actual).slice(0, 10)).toEqual([]);
      // valor-lite's own warnings (overlap trimming); the text cases' nltk-style BLEU warnings were not recorded.
      if (c.task !== 'text') {
        const expectedWarnings = (c.expected.warnings as string[] | undefined) ?? [];
        expect(warnings.map((w) => w.message).sort()).toEqual([...expectedWarnings].sort());
      }
    });
  }
});

// The first case of each task plus one quirk case, through the command line exactly as a user runs it.
const CLI_SAMPLE = cases.filter((c, i) => !expectedErrors(c) && (c.file === 'od_quirk_multilabel_prediction_box.json' || cases.findIndex((o) => o.task === c.task) === i));

describe('valor-lite reference cases through `tensoreval evaluate`', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tensoreval-valor-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(process.execPath, ['--import', 'tsx', 'packages/tensoreval/src/cli.ts', 'evaluate', ...args], { cwd: repoRoot, encoding: 'utf8' }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      });
    });
  }

  it.each(CLI_SAMPLE.map((c) => [c.file, c] as const))('%s', async (_file, c) => {
    const requestPath = join(dir, c.file);
    const outPath = join(dir, `${c.file}.out.json`);
    writeFileSync(requestPath, JSON.stringify(caseToRequest(c)));
    const run = await runCli([requestPath, '--out', outPath, '--quiet']);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('tensoreval:'))).toEqual([]);
    expect(run.code).toBe(0);
    expect(diffsOf(c, JSON.parse(readFileSync(outPath, 'utf8')) as Record<string, unknown>).slice(0, 10)).toEqual([]);
  });

  it('exits 2 with one line naming the file, the datum and the rule on bad input', async () => {
    const requestPath = join(dir, 'bad.json');
    writeFileSync(requestPath, JSON.stringify({
      task: 'object_detection', semantics: 'valor',
      data: { annotation_type: 'bounding_box', datums: [{ uid: 'img7', groundtruths: [{ uid: 'g', xmin: 5, xmax: 1, ymin: 0, ymax: 1, labels: ['a'] }], predictions: [] }] },
      metrics: [{ id: 'pr', method: 'precision_recall' }],
    }));
    const run = await runCli([requestPath, '--quiet']);
    expect(run.code).toBe(2);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(requestPath);
    expect(lines[0]).toContain('img7');
    expect(lines[0]).toContain('xmax >= xmin');
  });
});
