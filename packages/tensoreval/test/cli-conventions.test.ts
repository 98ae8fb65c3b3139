import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TensorEvalError } from '@tensoreval/core';
import { evaluateCoco } from 'tensoreval';
import { backendsSpec } from '../src/cli/backends-command';
import { cocoSpec } from '../src/cli/coco-command';
import type { CommandSpec } from '../src/cli/command-spec';
import { doctorSpec } from '../src/cli/doctor-command';
import { evaluateSpec } from '../src/cli/evaluate-command';
import { reportSpec } from '../src/cli/report-command';
import { COMMANDS, runCli } from '../src/cli/run-cli';
import { schemaSpec } from '../src/cli/schema-command';
import { workerSpec } from '../src/cli/worker-command';
import { createStageReport } from '../src/cli/stage-report';
import { captureWrites } from './capture-stdio';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const val = join(repoRoot, 'test-data/reference/coco/cocoapi_val2014_100');
const GT = join(val, 'instances_val2014_100.json');
const DT = join(val, 'instances_val2014_fakebbox100_results.json');
const version = (JSON.parse(readFileSync(join(repoRoot, 'packages/tensoreval/package.json'), 'utf8')) as { version: string }).version;

/** The CLI as a process (exit codes are set by cli.ts). */
function cli(args: string[], cwd = repoRoot, nodeFlags: string[] = [], timeoutMs = 0): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeFlags, '--import', 'tsx', join(repoRoot, 'packages/tensoreval/src/cli.ts'), ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 26, timeout: timeoutMs, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** runCli in this process with stdout/stderr captured. */
async function inProcess(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = captureWrites(process.stdout), stderr = captureWrites(process.stderr);
  try {
    const code = await runCli(args);
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    stdout.restore();
    stderr.restore();
  }
}

afterEach(() => { vi.restoreAllMocks(); });

/** Every command's table: `--help` is generated from it and the parser accepts exactly its flags. */
const SPECS: readonly CommandSpec[] = [cocoSpec, evaluateSpec, schemaSpec, reportSpec, backendsSpec, doctorSpec, workerSpec];

describe('CLI conventions', () => {
  it('--version and -V print the package version and exit 0', async () => {
    for (const flag of ['--version', '-V']) expect(await inProcess([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('--help lists the commands and the exit codes on stdout with exit 0; no arguments is a usage error on stderr', async () => {
    const help = await inProcess(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Commands:\n {2}coco .*\n {2}evaluate /);
    expect(help.stdout).toMatch(/Exit codes:\n {2}0 .*\n {2}1 .*\n {2}2 /);
    const none = await inProcess([]);
    expect(none).toMatchObject({ code: 2, stdout: '' });
    expect(none.stderr).toBe(help.stdout);
  });

  it('every command of `tensoreval --help` has a spec (one table per command)', () => {
    expect(SPECS.map((s) => s.name).sort()).toEqual(COMMANDS.map((c) => c.name).sort());
  });

  for (const spec of SPECS) {
    it(`${spec.name} --help names and explains every flag it parses, with exit 0`, async () => {
      for (const args of [[spec.name, '--help'], [spec.name, '-h'], ['help', spec.name]]) {
        const r = await inProcess(args);
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^Usage: tensoreval ${spec.name} `));
        for (const [name, flag] of Object.entries(spec.flags)) {
          const line = r.stdout.split('\n').findIndex((l) => l.startsWith(`  --${name}${flag.value ? ` ${flag.value}` : ''}`));
          expect(line, `--${name}`).toBeGreaterThan(0);
          expect(flag.help.length, `--${name} description`).toBeGreaterThan(10);
        }
      }
      // an unknown flag is a TE-102 naming the command's flags and pointing at --help
      await expect(runCli([spec.name, '--no-such-flag', '1'])).rejects.toThrow(new RegExp(`--no-such-flag.*tensoreval ${spec.name} --help.*TE-102`));
      const switches = Object.keys(spec.flags).filter((n) => spec.flags[n]!.value === undefined);
      // a switch takes no value: `--quiet=false` is refused, never read as on
      for (const name of switches) await expect(runCli([spec.name, `--${name}=false`])).rejects.toThrow(new RegExp(`'--${name}' option of tensoreval ${spec.name} must be given without a value.*TE-102`));
      // a command whose table declares no arguments takes none
      if (spec.args === undefined) await expect(runCli([spec.name, 'stray'])).rejects.toThrow(new RegExp(`'arguments' option of tensoreval ${spec.name} must be flags only.*Got "stray".*TE-102`));
    });
  }

  it('an unknown flag is one TE-102 line (exit 2) for every command, before any work', async () => {
    for (const spec of SPECS) {
      const error = await runCli([spec.name, '--no-such-flag']).then(() => undefined, (e: unknown) => e);
      // cli.ts prints a TensorEvalError as one line and exits 2
      expect(error, spec.name).toBeInstanceOf(TensorEvalError);
      expect((error as TensorEvalError).code).toBe('TE-102');
      expect((error as Error).message).not.toContain('\n');
    }
    // as a process: worker would otherwise wait on Redis for ever
    const r = await cli(['worker', '--no-such-flag']);
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toMatch(/^tensoreval: error TE-102: The '--no-such-flag' option of tensoreval worker must be one of --queue, --queue-name, --concurrency, --lock-ms, --connect-timeout, --quiet \(see tensoreval worker --help\)\. Got "--no-such-flag" instead\. See errors\/TE-102\.md\n$/);
  });

  it('coco --out - writes RESULT.json to stdout (summary on stderr), creates no file named -, and exits 0', async () => {
    // the CLI runs in the repository (where tsx resolves); '-' must not become a file there
    const cwd = repoRoot;
    expect(existsSync(join(cwd, '-'))).toBe(false);
    const r = await cli(['coco', '--gt', GT, '--dt', DT, '--out', '-', '--quiet'], cwd);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).stats).toHaveLength(12);
    expect(r.stderr).toMatch(/Average Precision {2}\(AP\) @\[ IoU=0\.50:0\.95/);
    expect(existsSync(join(cwd, '-'))).toBe(false);
  });

  it('the process ends when its command is done, with its output whole, even while a library keeps a timer running', async () => {
    // a ref'd interval that never stops stands for the Redis client's buffer-shrinking timer after
    // a queue run; without the explicit exit the process would wait on it for ever
    const dir = mkdtempSync(join(tmpdir(), 'tensoreval-exit-'));
    const preload = join(dir, 'lingering-timer.cjs');
    writeFileSync(preload, 'setInterval(() => {}, 50);\n');
    try {
      const r = await cli(['coco', '--gt', GT, '--dt', DT, '--out', '-', '--quiet'], repoRoot, ['--require', preload], 30_000);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).stats).toHaveLength(12);
      const bad = await cli(['cocoa'], repoRoot, ['--require', preload], 30_000);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/TE-102/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('exit codes: 2 with one line for bad usage (unknown command, a coco --backend other than auto or cpu)', async () => {
    const unknown = await cli(['cocoa']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toMatch(/'coco', 'evaluate'.*TE-102/);
    const backend = await cli(['coco', '--gt', GT, '--dt', DT, '--backend', 'onnx']);
    expect(backend.code).toBe(2);
    expect(backend.stderr).toMatch(/'--backend' option of tensoreval coco must be 'auto' or 'cpu' \(the COCO path is float64.*Got "onnx".*TE-101/);
  });

  it("evaluateCoco's backend is 'auto' or 'cpu' (the same float64 path); another is TE-101, not a silent cpu run", async () => {
    await expect(evaluateCoco(GT, DT, { backend: 'onnx' } as never)).rejects.toThrow(/'backend' option of evaluateCoco must be 'auto' or 'cpu'.*TE-101/);
    const [auto, cpu] = await Promise.all([evaluateCoco(GT, DT, { backend: 'auto' }), evaluateCoco(GT, DT, { backend: 'cpu' })]);
    expect(auto.stats).toEqual(cpu.stats);
  });
});

describe('named COCO stages with their times', () => {
  it('writes one pycocotools-style line per stage on a TTY and records the times', () => {
    let text = '';
    const tty = { isTTY: true, write: (s: string) => { text += s; return true; } } as unknown as NodeJS.WriteStream;
    const report = createStageReport({ read: 'Reading', evaluate: 'Running per image evaluation' }, true, tty);
    report.enter('read');
    report.enter('evaluate');
    report.finish();
    expect(text).toMatch(/^\[1\/2\] Reading\.\.\. DONE \(t=\d+\.\d\ds\)\n\[2\/2\] Running per image evaluation\.\.\. DONE \(t=\d+\.\d\ds\)\n$/);
    expect(report.timings().map((t) => t.stage)).toEqual(['read', 'evaluate']);
  });

  it('is silent when stderr is not a TTY or with --quiet', () => {
    let text = '';
    const pipe = { isTTY: false, write: (s: string) => { text += s; return true; } } as unknown as NodeJS.WriteStream;
    const tty = { isTTY: true, write: (s: string) => { text += s; return true; } } as unknown as NodeJS.WriteStream;
    for (const [stream, enabled] of [[pipe, true], [tty, false]] as const) {
      const report = createStageReport({ load: 'Loading' }, enabled, stream);
      report.enter('load');
      report.finish();
      expect(report.timings()).toHaveLength(1);
    }
    expect(text).toBe('');
  });
});
