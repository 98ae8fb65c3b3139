/**
 * `npm run bench:thread-scaling`: how much faster two threads finish work split in two on this machine
 * — the ceiling `coco --workers 2` runs into. Each case times the same two halves of work in worker
 * threads, one after the other in one thread and then at once in two, interleaved rounds, medians:
 *
 * - `compute`: a loop over a 512 KiB table (stays in each core's cache);
 * - `scatter`: random writes over 16 MiB arrays (memory-bound, as the radix and counting sorts are);
 * - `coco-evaluate`: `evaluateCocoState` of image shard 1 and 2 of 2 on the bench:coco set (bbox), over
 *   a loaded GT and scanned columns each thread prepared beforehand (untimed): the evaluate round of
 *   `--workers 2`.
 *
 * `speedup` = (time of both halves in one thread) / (time of the two threads together). Writes
 * benchmarks/results/thread-scaling-<host>-<date>.json.
 *
 *   tsx benchmarks/coco/thread-scaling.ts [--rounds 5] [--data benchmarks/.data/coco]
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { median } from '../kernels/measure';
import { benchFlag, repoRoot, writeBenchResult } from './bench-args';
import { bundleScript } from './bundle-cli';
import type { Case, Job } from './thread-scaling-worker';

const workerFile = join(repoRoot, 'benchmarks/.data/thread-scaling-worker.mjs');

/** Runs `jobs` in one worker each, starts them together once all are set up; the ms of each and the wall time of all. */
async function together(jobs: Job[]): Promise<{ each: number[]; wall: number }> {
  const workers = jobs.map((j) => new Worker(workerFile, { workerData: j }));
  const readyAll = Promise.all(workers.map((w) => new Promise<void>((ok) => w.once('message', () => ok()))));
  await readyAll;
  const done = workers.map((w) => new Promise<number>((ok, fail) => { w.once('message', (m: { ms: number }) => ok(m.ms)); w.once('error', fail); }));
  const t0 = performance.now();
  for (const w of workers) w.postMessage('go');
  const each = await Promise.all(done);
  const wall = performance.now() - t0;
  await Promise.all(workers.map((w) => w.terminate()));
  return { each, wall };
}

async function main(): Promise<void> {
  const rounds = Number(benchFlag('rounds', '5'));
  const dataDir = resolve(repoRoot, benchFlag('data', 'benchmarks/.data/coco'));
  // worker threads do not load TypeScript here: the worker is bundled from sources first
  await bundleScript(join(repoRoot, 'benchmarks/coco/thread-scaling-worker.ts'), workerFile);
  const cases: Case[] = ['compute', 'scatter', ...(existsSync(join(dataDir, 'dt_bbox.json')) ? ['coco-evaluate' as const] : [])];
  const samples: Record<string, { sequential: number[]; parallel: number[]; perThreadAlone: number[]; perThreadTogether: number[] }> = {};
  for (const c of cases) samples[c] = { sequential: [], parallel: [], perThreadAlone: [], perThreadTogether: [] };
  for (let r = 0; r < rounds; r++) {
    for (const c of cases) {
      const s = samples[c]!;
      // both halves one after the other in one thread each time alone, then the two at once
      const first = await together([{ case: c, half: 0, dataDir }]);
      const second = await together([{ case: c, half: 1, dataDir }]);
      const both = await together([{ case: c, half: 0, dataDir }, { case: c, half: 1, dataDir }]);
      s.sequential.push((first.each[0] as number) + (second.each[0] as number));
      s.parallel.push(both.wall);
      s.perThreadAlone.push(first.each[0] as number, second.each[0] as number);
      s.perThreadTogether.push(...both.each);
      process.stdout.write(`round ${r + 1}/${rounds} ${c}: halves alone ${first.each[0]!.toFixed(0)} + ${second.each[0]!.toFixed(0)} ms, together ${both.each.map((x) => x.toFixed(0)).join(' / ')} ms (load ${loadavg()[0]!.toFixed(1)})\n`);
    }
  }
  const summary = Object.fromEntries(Object.entries(samples).map(([c, s]) => {
    const alone = median(s.perThreadAlone), together = median(s.perThreadTogether);
    return [c, { sequentialMs: median(s.sequential), parallelMs: median(s.parallel), speedup: median(s.sequential) / median(s.parallel), halfAloneMs: alone, halfTogetherMs: together, slowdownTogether: together / alone }];
  }));
  for (const [c, v] of Object.entries(summary)) console.log(`${c}: speedup of two threads ${v.speedup.toFixed(2)}× (a half takes ${v.halfAloneMs.toFixed(0)} ms alone, ${v.halfTogetherMs.toFixed(0)} ms beside the other: ${v.slowdownTogether.toFixed(2)}×)`);
  writeBenchResult('thread-scaling', {
    benchmark: 'two halves of the same work: one thread after the other vs two threads at once (the ceiling of --workers 2)',
    rounds, summary, samples,
  });
}

void main();
