/**
 * Peak memory of `tensoreval coco` on gzip bombs (a few hundred KiB that inflate to many times a
 * reader's bound), one pass and --workers 2 and 4, LVIS and bbox: a results file inflating to 1 GiB
 * (inflated up to the streaming limit, then streamed) and a GT inflating to 640 MiB (inflated up to
 * the longest string, then TE-209). Each run's peak RSS comes from GNU time (`/usr/bin/time -f %M`);
 * medians of interleaved rounds. Writes benchmarks/results/coco-gzip-bomb-<host>-<date>.json.
 *
 *   tsx benchmarks/coco/gzip-bomb-memory.ts [--rounds 3]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { median } from '../kernels/measure';
import { benchFlag, repoRoot, writeBenchResult } from './bench-args';

/** A gzip file of `members` members, each 16 MiB of zero bytes (not JSON). */
function bomb(members: number): Buffer {
  const member = gzipSync(Buffer.alloc(16 << 20));
  return Buffer.concat(Array.from({ length: members }, () => member));
}

/** Peak RSS in MiB and the exit code of one CLI run. */
function peak(args: string[]): { mib: number; code: number; stderr: string } {
  const r = spawnSync('/usr/bin/time', ['-f', 'peak-kib %M', process.execPath, '--import', 'tsx', 'packages/tensoreval/src/cli.ts', 'coco', ...args, '--quiet'], { cwd: repoRoot, encoding: 'utf8' });
  const kib = Number(/peak-kib (\d+)/.exec(r.stderr)?.[1]);
  return { mib: kib / 1024, code: r.status ?? -1, stderr: r.stderr.split('\n')[0] ?? '' };
}

function main(): void {
  const rounds = Number(benchFlag('rounds', '3'));
  const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-bomb-'));
  const lvis = join(repoRoot, 'test-data/reference/coco/lvis/lvis_small');
  const dtBomb = join(tmp, 'dt-bomb.json.gz'), gtBomb = join(tmp, 'gt-bomb.json.gz');
  const dtBytes = bomb(64), gtBytes = bomb(40);
  writeFileSync(dtBomb, dtBytes);
  writeFileSync(gtBomb, gtBytes);
  const cases: Record<string, string[]> = {};
  for (const workers of [1, 2, 4]) {
    for (const lvisFlag of [[], ['--lvis']]) {
      const tag = `${lvisFlag.length > 0 ? 'lvis' : 'bbox'}-workers${workers}`;
      cases[`results-bomb-${tag}`] = ['--gt', join(lvis, 'gt.json'), '--dt', dtBomb, ...lvisFlag, '--workers', String(workers)];
      cases[`gt-bomb-${tag}`] = ['--gt', gtBomb, '--dt', join(lvis, 'dt.json'), ...lvisFlag, '--workers', String(workers)];
    }
  }
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  // every run's exit and first stderr line: each must be one TE-209 line (no stack, no crash)
  const errors: Record<string, string[]> = Object.fromEntries(Object.keys(cases).map((name) => [name, []]));
  try {
    for (let r = 0; r < rounds; r++) {
      for (const [name, args] of Object.entries(cases)) {
        const run = peak(args);
        samples[name]?.push(run.mib);
        errors[name]?.push(`exit ${run.code}: ${run.stderr}`);
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const summary = Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, { peakRssMiB: median(s) }]));
  console.table(summary);
  writeBenchResult('coco-gzip-bomb', {
    benchmark: 'Peak RSS of tensoreval coco (from sources under tsx) on gzip bombs: results inflating to 1 GiB, GT to 640 MiB',
    rounds,
    inputs: { resultsBombBytes: dtBytes.length, resultsInflatedBytes: 64 * (16 << 20), gtBombBytes: gtBytes.length, gtInflatedBytes: 40 * (16 << 20) },
    summary, errors, samples,
  });
}

main();
