/**
 * `npm run bench:kernels`: every backend × kernel × size bucket, interleaved, medians; cosine
 * GFLOP/s next to onnxruntime's own Gemm on the same shapes; cosineTopK on 100k × 100k × 384.
 * Writes benchmarks/results/<machine>-backends-<date>.json and the `auto` table module the facade
 * installs (packages/tensoreval/src/kernels-api/auto-priorities.ts).
 *
 *   npm run bench:kernels                  # everything (several minutes on 2 shared cores)
 *   npm run bench:kernels -- --quick       # smallest bucket per kernel, no top-k run, nothing written
 *   npm run bench:kernels -- --no-write    # print only
 *   npm run bench:kernels -- --table-from benchmarks/results/<file>.json   # re-derive the auto table only
 *   npm run bench:kernels -- --only PairwiseCosine   # one kernel (+ top-k): its own results file, and only its rules in the auto table
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import '@tensoreval/backend-cpu';
import { configureOnnxBackend, onnxBackend, pairwiseCosineOnnx, normalizedRowsF32 } from '@tensoreval/backend-onnx';
import { tfjsBackend } from '@tensoreval/backend-tfjs';
import { gpujsBackend } from '@tensoreval/backend-gpujs';
import { wasmBackend } from '@tensoreval/backend-wasm';
import { deviceKind, getBackend, getKernel, initBackend, runKernel, type AutoPriorityTables, type KernelName, type KernelOutputs } from '@tensoreval/core';
import { autoPriorities } from '../../packages/tensoreval/src/kernels-api/auto-priorities';
import { autoTableModule, deriveAutoTables, type BucketResult } from './auto-table';
import { measureInterleavedAsync, type AsyncCandidate } from './measure-async';
import { mainOutput, maxAbsDiff } from './outputs';
import { runTopKBenchmark, type TopKRow } from './top-k';
import { backendWorkloads, SIZE_UNITS } from './workloads';

const argv = process.argv.slice(2);
const args = new Set(argv);
const quick = args.has('--quick');
const write = !quick && !args.has('--no-write');
const onlyAt = argv.indexOf('--only');
/** One kernel's rows only: a results file of its own, and only that kernel's rules replaced in the auto table. */
const only = onlyAt >= 0 ? (argv[onlyAt + 1] as KernelName) : undefined;
const REPS = 5;
const SLOW_MS = 3000;
const TOLERANCE = 1e-4; // float32 backends vs the float64 reference (integer outputs must match exactly)

const root = join(import.meta.dirname, '..', '..');
const BACKENDS = ['cpu', 'onnx', 'wasm', 'tfjs', 'gpujs'];
const log: string[] = [];
configureOnnxBackend({ log: (line) => log.push(line) });

const AUTO_MODULE = join(root, 'packages', 'tensoreval', 'src', 'kernels-api', 'auto-priorities.ts');

/**
 * Rebuilds the auto tables from a committed results file (after a change of the ranking rule, no
 * re-measuring). A one-kernel results file (`only`) replaces just that kernel's rules.
 */
function tableFromResults(file: string): void {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { date: string; machine: string; cpu: string; cores: number; only?: KernelName; rows: Array<BucketResult & { medianMs: number | string }> };
  const buckets = saved.rows.filter((r) => r.backend !== 'ort-gemm').map((r) => ({ ...r, medianMs: Number(r.medianMs), minMs: Number(r.minMs) }));
  const table = deriveAutoTables(buckets);
  const machine = `${saved.machine} (${saved.cpu}, ${saved.cores} cores)`;
  if (saved.only) mergeKernelRules(saved.only, table, machine, saved.date);
  else writeFileSync(AUTO_MODULE, autoTableModule(table, machine, saved.date, SIZE_UNITS));
  console.log(`# auto table from ${file}: ${JSON.stringify(table, (_k, v: unknown) => (v === Infinity ? 'Infinity' : v))}`);
}

/** One kernel's rules from a one-kernel run go into the committed tables; every other kernel keeps its own run's rules. */
function mergeKernelRules(kernel: KernelName, derived: AutoPriorityTables, machine: string, date: string): void {
  const tables: AutoPriorityTables = { ...autoPriorities.tables };
  for (const kind of Object.keys(derived) as Array<keyof AutoPriorityTables>) {
    const rules = derived[kind]?.[kernel];
    if (rules) tables[kind] = { ...tables[kind], [kernel]: rules };
  }
  const kernelRuns = { ...autoPriorities.kernelRuns, [kernel]: { date, machine } };
  writeFileSync(AUTO_MODULE, autoTableModule(tables, autoPriorities.machine, autoPriorities.date, SIZE_UNITS, kernelRuns));
}

async function main(): Promise<void> {
  const ready: string[] = [];
  for (const name of BACKENDS) if (await initBackend(name)) ready.push(name);
  const cpu = cpus()[0]?.model ?? 'unknown cpu';
  const machine = process.env.TENSOREVAL_MACHINE ?? `${cpu.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase()}-${availableParallelism()}c`;
  const date = new Date().toISOString();
  // On a shared machine the load says how far absolute times can be trusted (ratios within a run hold better).
  const loadAtStart = loadavg()[0];
  console.log(`# backends × kernels on ${cpu}, ${availableParallelism()} cores, Node ${process.version}, ${date}`);
  console.log(`# ready: ${ready.join(', ')}; ${log.join('; ')}`);

  const buckets: BucketResult[] = [];
  const rows: Array<Record<string, unknown>> = [];
  for (const w of backendWorkloads(quick).filter((x) => only === undefined || x.kernel === only)) {
    const inputs = w.inputs();
    const reference = mainOutput(w.kernel, (await runKernel(w.kernel, inputs, w.attrs as never, { backend: 'cpu' })) as KernelOutputs<KernelName>);
    const candidates: AsyncCandidate[] = [];
    // Each backend's last output, checked against cpu after timing (no extra call for the slow engines).
    const outputs = new Map<string, KernelOutputs<KernelName>>();
    for (const name of ready) {
      if (!getKernel(w.kernel, name)) continue;
      const run = async () => outputs.set(name, (await runKernel(w.kernel, inputs, w.attrs as never, { backend: name })) as KernelOutputs<KernelName>);
      candidates.push({ name, run });
    }
    if (w.kernel === 'PairwiseCosine') {
      // onnxruntime's own Gemm on already-normalised float32 rows: the practical CPU limit for this shape.
      const dim = (w.attrs as { dim: number }).dim;
      const { a, b } = inputs as { a: Float32Array; b: Float32Array };
      const na = normalizedRowsF32(a, a.length / dim, dim);
      const nb = normalizedRowsF32(b, b.length / dim, dim);
      if (ready.includes('onnx')) candidates.push({ name: 'ort-gemm', run: () => pairwiseCosineOnnx({ a: na, b: nb }, { dim }, true) });
    }
    const measured = await measureInterleavedAsync(candidates, REPS, SLOW_MS);
    const cpuMs = measured.find((m) => m.name === 'cpu')?.medianMs ?? Number.NaN;
    for (const m of measured) {
      const out = outputs.get(m.name);
      const err = m.name === 'ort-gemm' ? 0 : out ? maxAbsDiff(mainOutput(w.kernel, out), reference) : Number.NaN;
      const exactOutput = w.kernel === 'BitmaskIntersections' || (w.kernel === 'ConfusionCounts');
      const ok = !m.error && (exactOutput ? err === 0 : err <= TOLERANCE);
      const flops = w.kernel === 'PairwiseCosine' ? (2 * w.size) / (m.medianMs * 1e6) : undefined;
      const device = deviceKind(getBackend(m.name === 'ort-gemm' ? 'onnx' : m.name)?.device?.());
      if (m.name !== 'ort-gemm') buckets.push({ kernel: w.kernel, size: w.size, backend: m.name, medianMs: m.medianMs, minMs: m.minMs, ok, device });
      rows.push({ kernel: w.kernel, shape: w.label, size: w.size, backend: m.name, device, medianMs: m.medianMs, minMs: m.minMs, reps: m.reps, maxAbsErrorVsCpu: err, ok, speedupVsCpu: cpuMs / m.medianMs, gflops: flops, error: m.error });
      console.log(
        `${w.kernel.padEnd(21)} ${w.label.padEnd(26)} ${m.name.padEnd(9)} median ${m.medianMs.toFixed(2).padStart(10)} ms  min ${m.minMs.toFixed(2).padStart(10)} ms  ×${m.reps}  ` +
          `vs cpu ${(cpuMs / m.medianMs).toFixed(2).padStart(7)}×  err ${err.toExponential(1)}${ok ? '' : ' MISMATCH'}${flops ? `  ${flops.toFixed(1)} GFLOP/s` : ''}${m.error ? `  ${m.error}` : ''}`,
      );
    }
  }

  const topK: TopKRow[] = quick ? [] : await runTopKBenchmark(ready, (line) => console.log(line));
  const table = deriveAutoTables(buckets);
  console.log(`# auto table: ${JSON.stringify(table, (_k, v: unknown) => (v === Infinity ? 'Infinity' : v))}`);
  if (!write) return;
  const day = date.slice(0, 10);
  // What actually ran (provider, tfjs backend, gpu.js kernel class), read after the kernels have run.
  const engines = Object.fromEntries(BACKENDS.map((name) => [name, getBackend(name)?.describe?.() ?? {}]));
  // the device each engine ran on, as it reports it (a GPU only where one answered), not an assumption about the machine
  const devices = Object.fromEntries(Object.entries(engines).map(([name, d]) => [name, (d as { device?: unknown }).device ?? null]));
  const result = { date, machine, cpu, ...(only ? { only } : {}), cores: availableParallelism(), node: process.version, devices, loadAverage1m: { start: loadAtStart, end: loadavg()[0] }, engines, reps: REPS, rows, topK, autoTable: table };
  const file = join(root, 'benchmarks', 'results', `${machine}-backends${only ? `-${only}` : ''}-${day}.json`);
  writeFileSync(file, `${JSON.stringify(result, (_k, v: unknown) => (v === Infinity ? 'Infinity' : v), 2)}\n`);
  if (only) {
    mergeKernelRules(only, table, `${machine} (${cpu}, ${availableParallelism()} cores)`, date);
    console.log(`# wrote ${file} and the ${only} rules of packages/tensoreval/src/kernels-api/auto-priorities.ts`);
    return;
  }
  writeFileSync(AUTO_MODULE, autoTableModule(table, `${machine} (${cpu}, ${availableParallelism()} cores)`, date, SIZE_UNITS));
  console.log(`# wrote ${file} and packages/tensoreval/src/kernels-api/auto-priorities.ts`);
}

const from = argv.indexOf('--table-from');
if (from >= 0) tableFromResults(argv[from + 1] ?? '');
else await main();
onnxBackend.dispose();
tfjsBackend.dispose();
gpujsBackend.dispose();
wasmBackend.dispose();
