/**
 * The software-adapter check: with a Vulkan driver installed (lavapipe here), what do `auto` and a
 * plain `onnx` choose, and how fast is it? Cosine 2048 × 2048 × 384 (auto, onnx, cpu) and top-10
 * over 10k queries × 100k corpus × 384 (auto). Before the device plan, onnx took lavapipe's WebGPU
 * EP here: 734 ms cosine (17.7× slower than its CPU EP) and about 851 s top-k.
 *
 * The baseline is the same workloads on the same machine without the driver: a child process whose Vulkan
 * loader finds no driver (VK_ICD_FILENAMES names none), i.e. onnxruntime's CPU engine as it ran before a
 * driver was installed. `ratioToNoDriver` is what "no slower than the CPU engine" means on any CPU
 * (absolute milliseconds differ from machine to machine).
 *
 *   tsx benchmarks/gpu/default-choice.ts [--no-write] [--runs 5] [--rounds 3] [--tag NAME]
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { onnxBackend } from '@tensoreval/backend-onnx';
import { median } from '../kernels/measure';
import { probeWebGpuAdapter } from '@tensoreval/core';
import { cosineSimilarity, cosineTopK, type KernelBackend } from 'tensoreval';
import { lcg } from '../data';
import { benchFlag } from '../coco/bench-args';

const write = !process.argv.includes('--no-write');
const runs = Number(benchFlag('runs', '5'));
const rounds = Number(benchFlag('rounds', '3'));
const tag = benchFlag('tag', '') ? `-${benchFlag('tag', '')}` : '';
/** set in the child that measures the machine as if no Vulkan driver were installed */
const CHILD = 'TENSOREVAL_DEFAULT_CHOICE_CHILD';
const root = join(import.meta.dirname, '..', '..');

function embeddings(rows: number, dim: number, seed: number): Float32Array {
  const r = lcg(seed);
  return Float32Array.from({ length: rows * dim }, () => r() * 2 - 1);
}

async function timeMs(run: () => Promise<unknown>, reps: number): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < reps; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

let data: { a: Float32Array; b: Float32Array; queries: Float32Array; corpus: Float32Array } | undefined;
/** The workloads' embeddings, generated once per process (the rounds reuse them). */
function workloadData(): NonNullable<typeof data> {
  data ??= { a: embeddings(2048, 384, 1), b: embeddings(2048, 384, 2), queries: embeddings(10_000, 384, 3), corpus: embeddings(100_000, 384, 4) };
  return data;
}

/** Median ms (of `runs`) of `auto` cosine 2048 × 2048 × 384 and ms of one `auto` top-10 over 10k × 100k × 384, in this process. */
async function autoTimings(): Promise<{ cosineMs: number; topKMs: number }> {
  const { a, b, queries, corpus } = workloadData();
  const cosineMs = await timeMs(() => cosineSimilarity(a, b, 384, { backend: 'auto' }), runs);
  const start = performance.now();
  await cosineTopK(queries, corpus, 384, 10, { backend: 'auto' });
  return { cosineMs, topKMs: performance.now() - start };
}

/** {@link autoTimings} in a child whose Vulkan loader finds no driver (no WebGPU adapter at all). */
function noDriverTimings(): { cosineMs: number; topKMs: number; adapterFound: boolean } {
  const r = spawnSync(process.execPath, [...process.execArgv, import.meta.filename, ...process.argv.slice(2)], {
    env: { ...process.env, [CHILD]: '1', VK_ICD_FILENAMES: '/nonexistent/no-vulkan-driver.json' }, encoding: 'utf8', maxBuffer: 1 << 24,
  });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`the no-driver child failed (${r.status}): ${r.stderr.slice(-2000)}`);
  return JSON.parse(line) as { cosineMs: number; topKMs: number; adapterFound: boolean };
}

async function main(): Promise<void> {
  const webgpu = await probeWebGpuAdapter();
  if (process.env[CHILD] === '1') {
    console.log(JSON.stringify({ ...(await autoTimings()), adapterFound: webgpu.found }));
    return;
  }
  const date = new Date().toISOString();
  const cpu = cpus()[0]?.model.trim() ?? 'unknown cpu';
  console.log(`# default choice on ${cpu} (${availableParallelism()} cores), WebGPU adapter: ${webgpu.found ? `${webgpu.adapter} (type ${webgpu.type})` : 'none'}, TENSOREVAL_DEVICE=${process.env.TENSOREVAL_DEVICE ?? ''}`);
  const { a, b } = workloadData();
  const cosine: Record<string, number> = {};
  // auto's own timing is the rounds' median below (one value, measured as the no-driver child measures it)
  for (const backend of ['onnx', 'cpu'] as KernelBackend[]) {
    cosine[backend] = await timeMs(() => cosineSimilarity(a, b, 384, { backend }), backend === 'cpu' ? 3 : runs);
    console.log(`cosine 2048×2048×384 ${backend}: ${cosine[backend]?.toFixed(1)} ms`);
  }
  // interleaved rounds (a child without the driver, then this process with it), medians: the machine's
  // load drifts between minutes
  const withRounds: Array<{ cosineMs: number; topKMs: number }> = [], noRounds: Array<{ cosineMs: number; topKMs: number }> = [];
  for (let round = 0; round < rounds; round++) {
    const no = noDriverTimings();
    if (no.adapterFound) throw new Error('the no-driver child still found a WebGPU adapter');
    noRounds.push(no);
    withRounds.push(await autoTimings());
    console.log(`round ${round + 1}/${rounds}: auto cosine ${no.cosineMs.toFixed(1)} ms without the driver, ${withRounds[round]!.cosineMs.toFixed(1)} ms with it; top-10 over 10k × 100k × 384 ${(no.topKMs / 1000).toFixed(2)} s / ${(withRounds[round]!.topKMs / 1000).toFixed(2)} s`);
  }
  const med = (xs: Array<{ cosineMs: number; topKMs: number }>) => ({ cosineMs: median(xs.map((x) => x.cosineMs)), topKMs: median(xs.map((x) => x.topKMs)) });
  const withDriver = med(withRounds), noDriver = med(noRounds);
  cosine.auto = withDriver.cosineMs;
  const provider = onnxBackend.describe?.().executionProvider;
  console.log(`onnx execution provider: ${String(provider)}; cpu/auto ${(Number(cosine.cpu) / Number(cosine.auto)).toFixed(1)}×, cpu/onnx ${(Number(cosine.cpu) / Number(cosine.onnx)).toFixed(1)}×`);
  const ratioToNoDriver = { cosine: withDriver.cosineMs / noDriver.cosineMs, topK: withDriver.topKMs / noDriver.topKMs };
  console.log(`medians without / with the driver: cosine ${noDriver.cosineMs.toFixed(1)} / ${withDriver.cosineMs.toFixed(1)} ms, top-k ${(noDriver.topKMs / 1000).toFixed(2)} / ${(withDriver.topKMs / 1000).toFixed(2)} s`);
  console.log(`with / without the driver: cosine ${ratioToNoDriver.cosine.toFixed(3)}, top-k ${ratioToNoDriver.topK.toFixed(3)}`);
  if (!write) return;
  const file = join(root, 'benchmarks', 'results', `default-choice-${webgpu.found && webgpu.type === 'cpu' ? 'lavapipe' : 'machine'}-${date.slice(0, 10)}${tag}.json`);
  // The load average says how far the timings are from an idle machine (shared machines run other work).
  writeFileSync(file, `${JSON.stringify({ date, cpu, cores: availableParallelism(), loadAverage: loadavg(), node: process.version, webgpu, onnxProvider: provider, runs,
    cosine2048x2048x384MedianMs: cosine, topK10k100k384AutoMs: withDriver.topKMs,
    withDriverAuto: withDriver, noDriverAuto: noDriver, rounds: { withDriver: withRounds, noDriver: noRounds }, ratioToNoDriver }, null, 1)}\n`);
  console.log(`# wrote ${file}`);
}

void main();
