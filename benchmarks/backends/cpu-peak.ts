/**
 * `npm run bench:cpu-peak`: GFLOP/s of the dependency-free float32 path (`wasm`, 1 and all threads)
 * next to onnxruntime's CPU engine, through the public API (`cosineSimilarity`, `cosineTopK`: host
 * normalisation and copies included), interleaved fresh rounds, medians. The yardstick is
 * the machine's float32 matmul peak: numpy/OpenBLAS measured 193–203 GFLOP/s on this kind of 2-core
 * machine, so 25 % is about 50 GFLOP/s. Writes benchmarks/results/cpu-peak-<host>-<date>.json.
 *
 *   tsx benchmarks/backends/cpu-peak.ts [--runs 5]
 *   node --experimental-wasm-relaxed-simd --import tsx benchmarks/backends/cpu-peak.ts   # Node 20: fused multiply-adds
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, hostname, loadavg } from 'node:os';
import { join } from 'node:path';
import { configureWasmBackend, wasmBackend } from '@tensoreval/backend-wasm';
import { cosineSimilarity, cosineTopK } from 'tensoreval';
import { benchFlag, repoRoot } from '../coco/bench-args';
import { lcg } from '../data';
import { median } from '../kernels/measure';

const runs = Number(benchFlag('runs', '5'));
const DIM = 384;
const OPENBLAS_PEAK_GFLOPS = 198; // midpoint of the 193–203 GFLOP/s numpy measured (issue 10)

function rows(n: number, seed: number): Float32Array {
  const r = lcg(seed);
  return Float32Array.from({ length: n * DIM }, () => r() * 2 - 1);
}

interface Case { name: string; flops: number; run: (backend: 'wasm' | 'onnx') => Promise<unknown> }
const a = rows(2048, 1), b = rows(2048, 2), q = rows(1024, 3), corpus = rows(16384, 4);
const cases: Case[] = [
  { name: 'cosineSimilarity 2048 × 2048 × 384', flops: 2 * 2048 * 2048 * DIM, run: (backend) => cosineSimilarity(a, b, DIM, { backend }) },
  { name: 'cosineTopK 1024 × 16384 × 384, k 10', flops: 2 * 1024 * 16384 * DIM, run: (backend) => cosineTopK(q, corpus, DIM, 10, { backend }) },
];
const engines: Array<{ label: string; backend: 'wasm' | 'onnx'; threads?: number }> = [
  { label: 'wasm, 1 thread', backend: 'wasm', threads: 1 },
  { label: `wasm, ${availableParallelism()} threads`, backend: 'wasm', threads: availableParallelism() },
  { label: 'onnx (onnxruntime CPU engine)', backend: 'onnx' },
];

let wasmThreads = 0;
/** The thread count takes effect at the backend's next init: restart its pool when it changes. */
async function useWasmThreads(threads: number): Promise<void> {
  if (threads === wasmThreads) return;
  configureWasmBackend({ maxThreads: threads });
  wasmBackend.dispose?.();
  await wasmBackend.init?.();
  wasmThreads = threads;
  if (wasmBackend.describe?.().threads !== threads) throw new Error(`wasm backend runs ${String(wasmBackend.describe?.().threads)} threads, not ${threads}`);
}

async function main(): Promise<void> {
  await cosineSimilarity(a.subarray(0, 8 * DIM), b.subarray(0, 8 * DIM), DIM, { backend: 'wasm' }); // registers and initialises wasm
  const samples = new Map<string, number[]>();
  const loads: number[] = [];
  for (let round = 0; round <= runs; round++) {
    for (const c of cases) {
      for (const e of engines) {
        if (e.threads !== undefined) await useWasmThreads(e.threads);
        const t0 = performance.now();
        await c.run(e.backend);
        const ms = performance.now() - t0;
        loads.push(loadavg()[0] as number);
        if (round === 0) continue; // warm-up: module compile, thread start, onnx session
        const key = `${c.name} | ${e.label}`;
        samples.set(key, [...(samples.get(key) ?? []), c.flops / ms / 1e6]);
      }
    }
  }
  const results = [...samples].map(([key, g]) => {
    const [kase, engine] = key.split(' | ') as [string, string];
    const gflops = median(g);
    return { case: kase, engine, medianGflops: +gflops.toFixed(2), bestGflops: +Math.max(...g).toFixed(2), shareOfOpenBlasPeak: +(gflops / OPENBLAS_PEAK_GFLOPS).toFixed(3) };
  });
  for (const r of results) console.log(`${r.case.padEnd(40)} ${r.engine.padEnd(32)} ${String(r.medianGflops).padStart(7)} GFLOP/s (best ${r.bestGflops}, ${(r.shareOfOpenBlasPeak * 100).toFixed(1)} % of peak)`);
  const date = new Date().toISOString();
  const relaxed = wasmBackend.describe?.().relaxedSimd === true;
  const out = {
    benchmark: 'dependency-free float32 cosine / top-k (wasm) against onnxruntime, GFLOP/s through the public API',
    machine: { host: hostname(), cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', node: process.version, execArgv: process.execArgv },
    // what the wasm backend ran: relaxed-simd is on where the runtime validates it (Node 22, or Node 20 with the flag)
    wasmRelaxedSimd: relaxed,
    date, runs, openBlasPeakGflops: OPENBLAS_PEAK_GFLOPS, medianLoad1: median(loads), results,
  };
  const file = join(repoRoot, 'benchmarks', 'results', `cpu-peak-${hostname()}-${date.slice(0, 10)}${relaxed ? '-relaxed-simd' : ''}.json`);
  writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  console.log(`median load ${median(loads).toFixed(2)}; wrote ${file}`);
  process.exit(0);
}

void main();
