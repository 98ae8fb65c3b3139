/**
 * `npm run bench:coco`: whole-process wall time and peak RSS of `tensoreval coco` on a seeded
 * COCO-val-sized set (see generate.ts), bbox, segm and boundary (the segm data), and keypoints on a
 * seeded COCO-keypoints-val-sized set (generate-keypoints.ts), several fresh-process runs each,
 * interleaved; reports medians and the load average (the machine is shared). Writes
 * benchmarks/results/coco-<host>-<date>.json.
 *
 *   tsx benchmarks/coco/run.ts [--runs 5] [--data benchmarks/.data/coco] [--cases bbox,segm,keypoints,boundary]
 *                              [--pycocotools PYTHON [--py-runs 3]] [--workers N] [--tag NAME]
 *
 * With --pycocotools (a Python with pycocotools installed), each bbox, segm and keypoints run of
 * tensoreval is followed by a whole-process pycocotools run on the same files (pycocotools-whole.py),
 * for `--py-runs` rounds, so both see the same machine load; the stats must agree (numpy 2.x sums
 * 'whole', so tensoreval runs with --numpy-summation whole there), and the results file records
 * both medians and their ratio. `--workers N` runs tensoreval with that many threads.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleCli } from './bundle-cli';
import { writeCocoBenchmarkSet } from './generate';
import { writeKeypointBenchmarkSet } from './generate-keypoints';
import { median } from '../kernels/measure';
import { benchFlag, repoRoot, writeBenchResult } from './bench-args';

const root = repoRoot;
const flag = benchFlag;
const runs = Number(flag('runs', '5'));
const dataDir = resolve(root, flag('data', 'benchmarks/.data/coco'));
const selected = flag('cases', 'bbox,segm,keypoints,boundary').split(',');

interface Sample { wallS: number; peakRssMiB: number; userS: number; sysS: number; load1: number }

const python = flag('pycocotools', '');
const pyRuns = Number(flag('py-runs', '3'));
const PY_CASES = ['bbox', 'segm', 'keypoints'];
const workers = flag('workers', '1');

/** `tensoreval coco` on one case, as a command line. */
function cocoCommand(cli: string, gt: string, dt: string, iouType: string, extra: string[] = []): string[] {
  return [process.execPath, cli, 'coco', '--gt', gt, '--dt', dt, '--iou-type', iouType, '--quiet', '--workers', workers, ...extra];
}

/** One fresh process under /usr/bin/time -v: wall clock and peak RSS as the kernel reports them, and its stdout. */
function runOnce(command: string[]): Sample & { stdout: string } {
  const load1 = loadavg()[0] as number;
  const r = spawnSync('/usr/bin/time', ['-v', ...command], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${command.slice(0, 3).join(' ')} failed (${r.status}): ${r.stderr}`);
  const field = (re: RegExp) => {
    const m = re.exec(r.stderr);
    if (!m) throw new Error(`cannot read ${re} from /usr/bin/time output`);
    return m[1] as string;
  };
  // "h:mm:ss" or "m:ss.ss", read right to left: seconds, minutes, hours
  const [sec, min, hour] = field(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/).split(':').reverse().map(Number).concat([0, 0]) as [number, number, number];
  return {
    wallS: sec + 60 * min + 3600 * hour,
    peakRssMiB: Number(field(/Maximum resident set size \(kbytes\): (\d+)/)) / 1024,
    userS: Number(field(/User time \(seconds\): ([\d.]+)/)),
    sysS: Number(field(/System time \(seconds\): ([\d.]+)/)),
    load1,
    stdout: r.stdout,
  };
}

/** Medians and spread of samples. */
function summarise(xs: readonly Sample[]) {
  return {
    medianWallS: median(xs.map((s) => s.wallS)),
    medianCpuS: median(xs.map((s) => s.userS + s.sysS)),
    peakRssMiB: Math.max(...xs.map((s) => s.peakRssMiB)),
    minWallS: Math.min(...xs.map((s) => s.wallS)),
    maxWallS: Math.max(...xs.map((s) => s.wallS)),
    medianLoad1: median(xs.map((s) => s.load1)),
  };
}

/** The stats tensoreval printed (its summary's last number per line) against pycocotools' JSON line. */
function sameStats(ours: string, theirs: string): boolean {
  const mine = ours.trim().split('\n').filter((l) => l.includes(' = ')).map((l) => Number(l.slice(l.lastIndexOf('=') + 1)));
  const ref = (JSON.parse(theirs.trim().split('\n').pop() as string) as number[]).map((x) => Number(x.toFixed(3)));
  return mine.length === ref.length && mine.every((x, i) => x === ref[i]);
}

/** Side by side with pycocotools: tensoreval then pycocotools, `pyRuns` rounds per case. */
function sideBySide(cli: string, cases: ReadonlyArray<{ iouType: string; gt: string; dt: string }>) {
  const version = spawnSync(python, ['-c', 'import pycocotools, numpy, sys; from importlib.metadata import version; print(version("pycocotools"), numpy.__version__, sys.version.split()[0])'], { encoding: 'utf8' });
  if (version.status !== 0) throw new Error(`--pycocotools ${python}: cannot import pycocotools (${version.stderr.trim()})`);
  const [pycocotools, numpy, pythonVersion] = version.stdout.trim().split(' ');
  const script = join(root, 'benchmarks/coco/pycocotools-whole.py');
  const out: Record<string, unknown> = {};
  for (const c of cases.filter((x) => PY_CASES.includes(x.iouType))) {
    const ours: Sample[] = [], theirs: Sample[] = [];
    for (let i = 0; i < pyRuns; i++) {
      // numpy 2.x sums the summary means in one pairwise pass: tensoreval's 'whole' mode
      const a = runOnce(cocoCommand(cli, c.gt, c.dt, c.iouType, ['--numpy-summation', 'whole']));
      const b = runOnce([python, script, c.gt, c.dt, c.iouType]);
      if (!sameStats(a.stdout, b.stdout)) throw new Error(`${c.iouType}: tensoreval's summary differs from pycocotools' stats`);
      const { stdout: _a, ...sa } = a;
      const { stdout: _b, ...sb } = b;
      ours.push(sa);
      theirs.push(sb);
      process.stdout.write(`${c.iouType} side by side ${i + 1}/${pyRuns}: tensoreval ${a.wallS.toFixed(2)} s, pycocotools ${b.wallS.toFixed(2)} s (load ${a.load1.toFixed(1)})\n`);
    }
    const t = summarise(ours), p = summarise(theirs);
    out[c.iouType] = { tensoreval: t, pycocotools: p, speedupWall: p.medianWallS / t.medianWallS, speedupCpu: p.medianCpuS / t.medianCpuS, samples: { tensoreval: ours, pycocotools: theirs } };
  }
  return { pycocotools, numpy, python: pythonVersion, cases: out };
}

async function main(): Promise<void> {
  if (!existsSync(join(dataDir, 'dt.json'))) {
    process.stdout.write(`generating the benchmark set in ${dataDir} ...\n`);
    writeCocoBenchmarkSet(dataDir);
  }
  if (selected.includes('keypoints') && !existsSync(join(dataDir, 'dt_kpts.json'))) {
    process.stdout.write(`generating the keypoint benchmark set in ${dataDir} ...\n`);
    writeKeypointBenchmarkSet(dataDir);
  }
  const cli = await bundleCli(join(root, 'benchmarks/.data/tensoreval-cli.mjs'));
  const cases = [
    { iouType: 'bbox', gt: join(dataDir, 'gt.json'), dt: join(dataDir, 'dt_bbox.json') },
    { iouType: 'segm', gt: join(dataDir, 'gt.json'), dt: join(dataDir, 'dt.json') },
    { iouType: 'keypoints', gt: join(dataDir, 'gt_kpts.json'), dt: join(dataDir, 'dt_kpts.json') },
    { iouType: 'boundary', gt: join(dataDir, 'gt.json'), dt: join(dataDir, 'dt.json') },
  ].filter((c) => selected.includes(c.iouType));
  const samples: Record<string, Sample[]> = Object.fromEntries(cases.map((c) => [c.iouType, []]));
  runOnce(cocoCommand(cli, join(dataDir, 'gt.json'), join(dataDir, 'dt_bbox.json'), 'bbox')); // warm the page cache
  for (let i = 0; i < runs; i++) {
    for (const c of cases) {
      const { stdout: _stdout, ...s } = runOnce(cocoCommand(cli, c.gt, c.dt, c.iouType));
      (samples[c.iouType] as Sample[]).push(s);
      process.stdout.write(`${c.iouType} run ${i + 1}/${runs}: ${s.wallS.toFixed(2)} s wall, ${(s.userS + s.sysS).toFixed(2)} s cpu, ${s.peakRssMiB.toFixed(0)} MiB peak RSS (load ${s.load1.toFixed(1)})\n`);
    }
  }
  const summary = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, summarise(xs)]));
  const measured = python === '' ? undefined : sideBySide(cli, cases);
  const result = {
    benchmark: 'tensoreval coco, whole process (node startup, file reading and parsing, evaluation, summary)',
    data: {
      dir: dataDir,
      generator: 'benchmarks/coco/generate.ts (seed 2014): 5,000 images, 80 categories, ~37k GT, ~420k detections (bbox, segm, boundary)',
      keypoints: 'benchmarks/coco/generate-keypoints.ts (seed 2017): 5,000 images, 1 category, 10,898 GT (17 points), 97,791 detections',
    },
    runs, workers: Number(workers),
    targets: { bboxWallS: 1.6, segmWallS: 3.8 },
    // recorded on another machine in the first wave (seconds, whole process); kept for comparison only
    reference: {
      pycocotools: { bbox: 26.56, segm: 32.14 }, fasterCocoEval: { bbox: 8.1, segm: 11.54 },
      keypoints: null, boundary: null,
    },
    // --pycocotools: measured here, interleaved with tensoreval runs on the same files
    ...(measured ? { sideBySide: measured } : {}),
    summary, samples,
  };
  const name = `coco-${cases.length === 4 ? '' : `${cases.map((c) => c.iouType).join('-')}-`}${workers === '1' ? '' : `workers${workers}-`}`.replace(/-$/, '');
  const out = writeBenchResult(name, result);
  process.stdout.write(`${JSON.stringify(summary, null, 1)}\nwrote ${out}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
