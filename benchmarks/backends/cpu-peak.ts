/**
 * `npm run bench:cpu-peak`: GFLOP/s of the dependency-free float32 path (`wasm`, 1 and all threads)
 * next to onnxruntime's CPU engine, through the public API (`cosineSimilarity`, `cosineTopK`: host
 * normalisation and copies included), interleaved rounds, medians. The issue's yardstick is
 * the machine's float32 matmul peak: numpy/OpenBLAS measured 193–203 GFLOP/s on this kind of 2-core
 * machine, so 25 % is about 50 GFLOP/s. Writes benchmarks/results/cpu-peak-<host>-<date>.json.
 *
 * The peak is also measured in the same run: numpy's OpenBLAS sgemm (openblas-peak.py --samples) before
 * each block of rounds and after the last, where python3 with numpy is present; each result then
 * records its share of that measured peak beside its share of the issue's 198 GFLOP/s.
 *
 * `--against REV` also runs the wasm kernels of git revision REV (built into a temp folder with
 * their own copy of core, so the two never share a registry) next to the current ones, called
 * directly on both sides, in the same interleaved rounds: their ratio survives a loaded machine.
 *
 *   tsx benchmarks/backends/cpu-peak.ts [--runs 5] [--against REV] [--tag NAME]
 *   node --experimental-wasm-relaxed-simd --import tsx benchmarks/backends/cpu-peak.ts   # Node 20: fused multiply-adds
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, hostname, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as wasmHere from '@tensoreval/backend-wasm';
import { build } from 'tsup';
import { cosineSimilarity, cosineTopK } from 'tensoreval';
import { benchFlag, repoRoot } from '../coco/bench-args';
import { lcg } from '../data';
import { median } from '../kernels/measure';

const runs = Number(benchFlag('runs', '5'));
const against = benchFlag('against', '');
const tag = benchFlag('tag', '');
const DIM = 384;
const OPENBLAS_PEAK_GFLOPS = 198; // midpoint of the 193–203 GFLOP/s issue 10 quotes; measured here by openblas-peak.py (results/openblas-peak-*.json)
/** Pause before each timed call, so spinning threads of the previous engine are not timed with it. */
const SETTLE_MS = 50;

function rows(n: number, seed: number): Float32Array {
  const r = lcg(seed);
  return Float32Array.from({ length: n * DIM }, () => r() * 2 - 1);
}

type WasmKernels = Pick<typeof wasmHere, 'configureWasmBackend' | 'wasmBackend' | 'pairwiseCosineWasm' | 'cosineTopKWasm'>;
interface Case { name: string; flops: number; run: (backend: 'wasm' | 'onnx') => Promise<unknown>; direct: (w: WasmKernels) => Promise<unknown> }
const a = rows(2048, 1), b = rows(2048, 2), q = rows(1024, 3), corpus = rows(16384, 4);
const cases: Case[] = [
  { name: 'cosineSimilarity 2048 × 2048 × 384', flops: 2 * 2048 * 2048 * DIM, run: (backend) => cosineSimilarity(a, b, DIM, { backend }), direct: (w) => w.pairwiseCosineWasm(a, b, DIM) },
  { name: 'cosineTopK 1024 × 16384 × 384, k 10', flops: 2 * 1024 * 16384 * DIM, run: (backend) => cosineTopK(q, corpus, DIM, 10, { backend }), direct: (w) => w.cosineTopKWasm(q, corpus, DIM, 10) },
];
interface Engine { label: string; backend: 'wasm' | 'onnx'; threads?: number; direct?: WasmKernels }

/** The wasm backend's sources at git revision `rev`, bundled with their own core and cpu backend. */
async function wasmKernelsAt(rev: string): Promise<WasmKernels> {
  const dir = mkdtempSync(join(tmpdir(), 'tensoreval-wasm-'));
  const tar = execFileSync('git', ['archive', '--format=tar', rev, 'packages/backend-wasm/src'], { cwd: repoRoot, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  const outDir = join(dir, 'dist');
  await build({
    entry: [join(dir, 'packages/backend-wasm/src/index.ts')], outDir, format: ['esm'], platform: 'node', target: 'node20',
    noExternal: [/./], dts: false, silent: true, config: false,
    esbuildOptions: (o) => { o.nodePaths = [join(repoRoot, 'node_modules')]; },
  });
  const file = readdirSync(outDir).find((f) => /^index\.m?js$/.test(f));
  if (!file) throw new Error(`no bundle of the wasm backend at ${rev} in ${outDir}`);
  return await import(pathToFileURL(join(outDir, file)).href) as WasmKernels;
}

/** GFLOP/s of `samples` OpenBLAS float32 4096³ matmuls on every core, or why none could be timed (no python3 / numpy). */
function openBlasSamples(samples: number): { numpy: string; samplesGflops: number[] } | { unavailable: string } {
  const env = { ...process.env };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  const r = spawnSync('python3', [join(repoRoot, 'benchmarks', 'backends', 'openblas-peak.py'), '--samples', String(samples)], { env, encoding: 'utf8' });
  const line = r.stdout?.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) return { unavailable: (r.error?.message ?? r.stderr?.trim().split('\n').pop() ?? `exit ${r.status}`).slice(0, 200) };
  return JSON.parse(line) as { numpy: string; samplesGflops: number[] };
}

const threadCounts = [1, availableParallelism()];
const plural = (threads: number) => `${threads} thread${threads > 1 ? 's' : ''}`;
/** Per thread count the public API, then (with --against) both kernels called directly; onnx once, in every block. */
function enginesFor(before: WasmKernels | undefined): Engine[] {
  return [
    ...threadCounts.flatMap((threads): Engine[] => [
      { label: `wasm, ${plural(threads)}`, backend: 'wasm', threads },
      ...(before ? [
        { label: `wasm kernels called directly, ${plural(threads)}`, backend: 'wasm' as const, threads, direct: wasmHere },
        { label: `wasm kernels at ${against}, called directly, ${plural(threads)}`, backend: 'wasm' as const, threads, direct: before },
      ] : []),
    ]),
    { label: 'onnx (onnxruntime CPU engine)', backend: 'onnx' },
  ];
}

const poolThreads = new Map<WasmKernels, number>();
/** The thread count takes effect at the backend's next init: restart its pool when it changes. */
async function useWasmThreads(w: WasmKernels, threads: number): Promise<void> {
  if (poolThreads.get(w) === threads) return;
  w.configureWasmBackend({ maxThreads: threads });
  w.wasmBackend.dispose?.();
  await w.wasmBackend.init?.();
  poolThreads.set(w, threads);
  if (w.wasmBackend.describe?.().threads !== threads) throw new Error(`wasm backend runs ${String(w.wasmBackend.describe?.().threads)} threads, not ${threads}`);
}

async function main(): Promise<void> {
  await cosineSimilarity(a.subarray(0, 8 * DIM), b.subarray(0, 8 * DIM), DIM, { backend: 'wasm' }); // registers and initialises wasm
  const engines = enginesFor(against ? await wasmKernelsAt(against) : undefined);
  const samples = new Map<string, number[]>();
  const loads: number[] = [];
  const peakRuns: Array<ReturnType<typeof openBlasSamples>> = [];
  // One block of rounds per thread count: each pool restarts once (init, thread start and memory growth fall in the
  // untimed first round), and within a block every engine runs once per round, interleaved.
  for (const threads of threadCounts) {
    for (const w of new Set(engines.flatMap((e) => (e.threads === undefined ? [] : [e.direct ?? wasmHere])))) await useWasmThreads(w, threads);
    const block = engines.filter((e) => e.threads === undefined || e.threads === threads);
    peakRuns.push(openBlasSamples(3));
    for (let round = 0; round <= runs; round++) {
      for (const c of cases) {
        for (const e of block) {
          // onnxruntime's threads spin on after a run and took the cores from whichever call came next
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const t0 = performance.now();
          await (e.direct ? c.direct(e.direct) : c.run(e.backend));
          const ms = performance.now() - t0;
          loads.push(loadavg()[0] as number);
          if (round === 0) continue; // warm-up: module compile, thread start, memory growth, onnx session
          const key = `${c.name} | ${e.label}`;
          samples.set(key, [...(samples.get(key) ?? []), c.flops / ms / 1e6]);
        }
      }
    }
  }
  peakRuns.push(openBlasSamples(3));
  const peakSamples = peakRuns.flatMap((p) => ('samplesGflops' in p ? p.samplesGflops : []));
  const measuredPeak = peakSamples.length > 0 ? median(peakSamples) : undefined;
  const results = [...samples].map(([key, g]) => {
    const [kase, engine] = key.split(' | ') as [string, string];
    const gflops = median(g);
    return {
      case: kase, engine, medianGflops: +gflops.toFixed(2), bestGflops: +Math.max(...g).toFixed(2), shareOfOpenBlasPeak: +(gflops / OPENBLAS_PEAK_GFLOPS).toFixed(3),
      ...(measuredPeak ? { shareOfMeasuredPeak: +(gflops / measuredPeak).toFixed(3) } : {}),
    };
  });
  // per round, current kernels over those at REV: paired, so load that hits a whole round cancels
  const ratios = !against ? undefined : cases.flatMap((c) => threadCounts.map((threads) => {
    const here = samples.get(`${c.name} | wasm kernels called directly, ${plural(threads)}`) ?? [];
    const before = samples.get(`${c.name} | wasm kernels at ${against}, called directly, ${plural(threads)}`) ?? [];
    return { case: c.name, threads, medianRatio: +median(here.map((g, i) => g / (before[i] as number))).toFixed(2) };
  }));
  for (const r of ratios ?? []) console.log(`${r.case.padEnd(40)} current / ${against}, ${plural(r.threads)}: ${r.medianRatio}×`);
  const measuredShare = (r: (typeof results)[number]) => (r.shareOfMeasuredPeak === undefined ? '' : `, ${(r.shareOfMeasuredPeak * 100).toFixed(1)} % of the peak measured here`);
  for (const r of results) console.log(`${r.case.padEnd(40)} ${r.engine.padEnd(48)} ${String(r.medianGflops).padStart(7)} GFLOP/s (best ${r.bestGflops}, ${(r.shareOfOpenBlasPeak * 100).toFixed(1)} % of 198${measuredShare(r)})`);
  console.log(measuredPeak ? `OpenBLAS float32 peak measured in this run: median ${measuredPeak.toFixed(1)} GFLOP/s of ${peakSamples.length}` : `OpenBLAS peak not measured: ${JSON.stringify(peakRuns[0])}`);
  const date = new Date().toISOString();
  const relaxed = wasmHere.wasmBackend.describe?.().relaxedSimd === true;
  const out = {
    benchmark: 'dependency-free float32 cosine / top-k (wasm) against onnxruntime, GFLOP/s through the public API',
    machine: { host: hostname(), cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, execArgv: process.execArgv },
    // what the wasm backend ran: relaxed-simd is on where the runtime validates it (Node 22, or Node 20 with the flag)
    wasmRelaxedSimd: relaxed,
    ...(against ? { against, ratioToAgainst: ratios } : {}),
    date, runs, openBlasPeakGflops: OPENBLAS_PEAK_GFLOPS,
    // numpy/OpenBLAS timed before each block of rounds and after the last, in this run
    measuredPeak: measuredPeak ? { medianGflops: +measuredPeak.toFixed(2), samplesGflops: peakSamples.map((g) => +g.toFixed(2)), numpy: (peakRuns.find((p) => 'numpy' in p) as { numpy: string }).numpy } : peakRuns[0],
    medianLoad1: median(loads), results,
  };
  const file = join(repoRoot, 'benchmarks', 'results', `cpu-peak-${hostname()}-${date.slice(0, 10)}${relaxed ? '-relaxed-simd' : ''}${tag ? `-${tag}` : ''}.json`);
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`median load ${median(loads).toFixed(2)}; wrote ${file}`);
  process.exit(0);
}

void main();
