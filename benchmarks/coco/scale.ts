/**
 * `npm run bench:coco-scale`: `tensoreval coco` on the COCO-val-sized set (generate.ts) in one thread,
 * with `--workers 2`, and on a BullMQ queue (`--queue --shards 2`, and `--shards 8`, with two `tensoreval worker`
 * processes on a loopback redis-server), whole-process wall time, fresh processes, interleaved,
 * medians. Checks every run's RESULT.json is byte-identical to the one-thread run. Writes
 * benchmarks/results/coco-scale-<host>-<date>.json.
 *
 *   tsx benchmarks/coco/scale.ts [--runs 3] [--iou-type bbox] [--data benchmarks/.data/coco] [--tag NAME]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleCli } from './bundle-cli';
import { writeCocoBenchmarkSet } from './generate';
import { median } from '../kernels/measure';
import { benchFlag, repoRoot, writeBenchResult } from './bench-args';

const root = repoRoot;
const flag = benchFlag;
const runs = Number(flag('runs', '3'));
const iouType = flag('iou-type', 'bbox');
const dataDir = resolve(root, flag('data', 'benchmarks/.data/coco'));
const PORT = 6399;

function timed(cli: string, extra: string[], out: string): { wallS: number; load1: number } {
  const load1 = loadavg()[0] as number;
  const dt = join(dataDir, iouType === 'bbox' ? 'dt_bbox.json' : 'dt.json');
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [cli, 'coco', '--gt', join(dataDir, 'gt.json'), '--dt', dt, '--iou-type', iouType, '--quiet', '--out', out, ...extra], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallS = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`tensoreval coco ${extra.join(' ')} failed (${r.status}): ${r.stderr}`);
  return { wallS, load1 };
}

function waitFor(child: ChildProcess, re: RegExp): Promise<void> {
  return new Promise((ok) => {
    let text = '';
    const on = (b: Buffer) => { text += b.toString(); if (re.test(text)) ok(); };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
  });
}

async function main(): Promise<void> {
  if (!existsSync(join(dataDir, 'dt.json'))) writeCocoBenchmarkSet(dataDir);
  const cli = await bundleCli(join(root, 'benchmarks/.data/tensoreval-cli.mjs'));
  const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-scale-'));
  const redis = spawn('redis-server', ['--port', String(PORT), '--bind', '127.0.0.1', '--dir', tmp, '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await waitFor(redis, /Ready to accept connections/);
  const url = `redis://127.0.0.1:${PORT}`;
  const workers = [0, 1].map(() => spawn(process.execPath, [cli, 'worker', '--queue', url], { stdio: ['ignore', 'pipe', 'pipe'] }));
  await Promise.all(workers.map((w) => waitFor(w, /waiting for jobs/)));
  // 8 shards on the 2 workers: each worker serves 4 shards of the run (and reads its inputs once for them)
  const configs: Record<string, string[]> = { 'workers-1': [], 'workers-2': ['--workers', '2'], 'queue-2x2-workers': ['--queue', url, '--shards', '2'], 'queue-8-shards-2-workers': ['--queue', url, '--shards', '8'] };
  const samples: Record<string, Array<{ wallS: number; load1: number }>> = Object.fromEntries(Object.keys(configs).map((k) => [k, []]));
  let identical = true;
  try {
    timed(cli, [], join(tmp, 'warm.json'));
    const ref = readFileSync(join(tmp, 'warm.json'), 'utf8');
    for (let i = 0; i < runs; i++) {
      for (const [name, extra] of Object.entries(configs)) {
        const out = join(tmp, `${name}.json`);
        const s = timed(cli, extra, out);
        identical &&= readFileSync(out, 'utf8') === ref;
        samples[name]!.push(s);
        process.stdout.write(`${name} run ${i + 1}/${runs}: ${s.wallS.toFixed(2)} s (load ${s.load1.toFixed(1)})\n`);
      }
    }
  } finally {
    for (const w of workers) w.kill('SIGKILL');
    redis.kill('SIGTERM');
  }
  const summary = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, { medianWallS: median(xs.map((s) => s.wallS)), medianLoad1: median(xs.map((s) => s.load1)) }]));
  const result = {
    benchmark: `tensoreval coco ${iouType}, whole process: one thread vs --workers 2 vs --queue --shards 2 and --shards 8 (2 loopback workers)`,
    data: { dir: dataDir, generator: 'benchmarks/coco/generate.ts (seed 2014): 5,000 images, 80 categories, ~37k GT, ~420k detections' },
    runs, identicalOutput: identical, summary, samples,
  };
  const out = writeBenchResult(`coco-scale-${iouType}`, result);
  process.stdout.write(`${JSON.stringify(summary, null, 1)}\nidentical output: ${identical}\nwrote ${out}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
