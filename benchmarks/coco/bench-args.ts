import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, hostname, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

/** The repository root, for the COCO benchmarks' default paths. */
export const repoRoot = resolve(import.meta.dirname, '../..');

/** The short hash of the commit the benchmark measures ('unknown' outside a git checkout). */
function headCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** `--name value` from this process's arguments, or `fallback`: the COCO benchmarks' one flag reader. */
export function benchFlag(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] !== undefined ? (argv[i + 1] as string) : fallback;
}

/**
 * Writes a benchmark's results (with this machine, the commit, the date and the load at the end) to
 * benchmarks/results/<name>-<host>-<date>[-<tag>].json and returns the path; `--tag NAME` keeps a
 * run beside an earlier one of the same day.
 */
export function writeBenchResult(name: string, fields: Record<string, unknown>, tag = benchFlag('tag', '')): string {
  const date = new Date().toISOString();
  const out = {
    machine: { host: hostname(), cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
    commit: headCommit(), date, loadAverageAtEnd: loadavg(), ...fields,
  };
  const dir = join(repoRoot, 'benchmarks/results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}-${hostname()}-${date.slice(0, 10)}${tag ? `-${tag}` : ''}.json`);
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`# wrote ${file}`);
  return file;
}
