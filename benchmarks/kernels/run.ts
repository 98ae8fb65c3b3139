/**
 * `npm run bench`: times every kernel registered by @tensoreval/backend-cpu on seeded data
 * (benchmarks/data.ts) at several sizes, interleaving samples across cases, and prints medians and
 * throughput. Results go to benchmarks/results/<machine>-<date>.json.
 *
 *   npm run bench                     all kernels, all sizes (about a minute on 2 cores)
 *   npm run bench -- --quick          smallest size only (a smoke run)
 *   npm run bench -- --kernels TopK,RocAuc --samples 15 --out my.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import '@tensoreval/backend-cpu';
import { getBackend, initBackend, listKernels, type KernelAttrs, type KernelInputs, type KernelName } from '@tensoreval/core';
import { naiveCosine, referenceSweep, referenceTopK } from './baselines';
import { measureInterleaved, type Measurement, type Timed } from './measure';
import { workloads, type Workload } from './workloads';

interface Args {
  quick: boolean;
  kernels?: Set<string>;
  samples: number;
  out?: string;
  write: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { quick: false, samples: 7, write: true };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--quick') args.quick = true;
    else if (a === '--no-write') args.write = false;
    else if (a === '--kernels') args.kernels = new Set((argv[++i] ?? '').split(','));
    else if (a === '--samples') args.samples = Math.max(3, Number(argv[++i]));
    else if (a === '--out') args.out = argv[++i];
    else throw new Error(`Unknown argument ${a}. Use --quick, --kernels A,B, --samples N, --out FILE, --no-write.`);
  }
  return args;
}

interface Case extends Timed {
  kernel: string;
  variant: string;
  unit: string;
  size: number;
  elements: number;
  shape: string;
  /** index of the kernel case this baseline is compared with */
  baselineOf?: number;
}

function kernelCase(kernel: KernelName, variant: string, unit: string, size: number, w: Workload): Case {
  const config = listKernels('cpu').find((c) => c.kernelName === kernel);
  const backend = getBackend('cpu');
  if (!config || !backend) throw new Error(`cpu kernel ${kernel} is not registered`);
  const run = () => config.kernelFunc({ inputs: w.inputs as never, attrs: w.attrs as never, backend });
  if (run() instanceof Promise) throw new Error(`cpu kernel ${kernel} returned a promise; the benchmark times synchronous kernels`);
  return { kernel, variant, unit, size, elements: w.elements, shape: w.shape, run };
}

/** Largest size at which baselines run: they are 3-100× slower and would dominate the run time. */
const BASELINE_MAX_SIZE = 1e5;

/** Baselines for the kernels whose point is to avoid them (same inputs, equivalent work). */
function baselineCase(c: Case, w: Workload, index: number): Case | undefined {
  if (c.size > BASELINE_MAX_SIZE) return undefined;
  const base = { kernel: c.kernel, unit: c.unit, size: c.size, elements: c.elements, shape: c.shape, baselineOf: index };
  if (c.kernel === 'PrecisionRecallSweep') {
    const attrs = w.attrs as KernelAttrs<'PrecisionRecallSweep'>;
    return { ...base, variant: 'baseline: comparator argsort', run: () => referenceSweep(w.inputs as KernelInputs<'PrecisionRecallSweep'>, attrs.rows) };
  }
  if (c.kernel === 'TopK') {
    const attrs = w.attrs as KernelAttrs<'TopK'>;
    return { ...base, variant: 'baseline: full comparator sort', run: () => referenceTopK((w.inputs as KernelInputs<'TopK'>).scores, attrs.cols, attrs.k, attrs.largest !== false) };
  }
  if (c.kernel === 'PairwiseCosine') {
    const attrs = w.attrs as KernelAttrs<'PairwiseCosine'>;
    return { ...base, variant: 'baseline: unblocked loops', run: () => naiveCosine(w.inputs as KernelInputs<'PairwiseCosine'>, attrs.dim) };
  }
  return undefined;
}

function buildCases(args: Args): Case[] {
  const cases: Case[] = [];
  const registered = [...new Set(listKernels('cpu').map((c) => c.kernelName))].sort();
  for (const kernel of registered) {
    if (args.kernels && !args.kernels.has(kernel)) continue;
    // every registered kernel has a workload (checked by workloads.test.ts)
    for (const s of workloads.filter((w) => w.kernel === kernel)) {
      for (const size of args.quick ? s.sizes.slice(0, 1) : s.sizes) {
        const w = s.make(size);
        const c = kernelCase(kernel, s.variant ?? 'cpu', s.unit, size, w);
        cases.push(c);
        const b = baselineCase(c, w, cases.length - 1);
        if (b) cases.push(b);
      }
    }
  }
  return cases;
}

function machineInfo(): { machine: string; cpu: string; cores: number; node: string; platform: string; loadAverage: number[] } {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown cpu';
  const cores = os.cpus().length;
  const slug = `${cpu.toLowerCase().replace(/\(r\)|\(tm\)|cpu|@.*$/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${cores}c`;
  // 1/5/15-minute load averages: other processes on a shared machine slow every median.
  const loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100);
  return { machine: process.env.TENSOREVAL_MACHINE ?? slug, cpu, cores, node: process.version, platform: `${os.platform()} ${os.release()} ${os.arch()}`, loadAverage };
}

function formatCount(x: number): string {
  if (x >= 1e9) return `${(x / 1e9).toFixed(2)} G`;
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)} M`;
  if (x >= 1e3) return `${(x / 1e3).toFixed(2)} k`;
  return x.toFixed(0);
}

function table(cases: Case[], m: Measurement[]): string {
  const header = ['kernel', 'variant', 'size', 'shape', 'median ms', 'min ms', 'throughput', 'speedup vs baseline'];
  const rows = cases.map((c, i) => {
    const r = m[i] as Measurement;
    const baselineIndex = cases.findIndex((b) => b.baselineOf === i);
    const speedup = baselineIndex >= 0 ? `${((m[baselineIndex] as Measurement).medianMs / r.medianMs).toFixed(1)}×` : '';
    return [c.kernel, c.variant, `${formatCount(c.size)} ${c.unit}`, c.shape, r.medianMs.toFixed(3), r.minMs.toFixed(3),
      `${formatCount((c.elements / r.medianMs) * 1000)} ${c.unit}/s`, speedup];
  });
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => (r[k] as string).length)));
  const line = (cells: string[]) => cells.map((cell, k) => cell.padEnd(widths[k] as number)).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (!(await initBackend('cpu'))) throw new Error('the cpu backend failed to initialise');
  const started = Date.now();
  process.stderr.write('preparing seeded inputs...\n');
  const cases = buildCases(args);
  process.stderr.write(`timing ${cases.length} cases, ${args.samples} interleaved samples each...\n`);
  const measurements = measureInterleaved(cases, { samples: args.samples, minSampleMs: 20, warmupCalls: 2 });
  const info = machineInfo();
  console.log(`tensoreval kernel benchmark: backend cpu, ${info.cpu} (${info.cores} cores), Node ${info.node}, load average ${info.loadAverage.join(' ')}`);
  console.log(table(cases, measurements));
  console.log(`(${((Date.now() - started) / 1000).toFixed(1)} s in all; medians of ${args.samples} samples)`);
  if (!args.write) return;
  const date = new Date().toISOString().slice(0, 10);
  const file = args.out ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'results', `${info.machine}-${date}.json`);
  mkdirSync(dirname(file), { recursive: true });
  const results = cases.map((c, i) => {
    const r = measurements[i] as Measurement;
    return {
      kernel: c.kernel, backend: c.variant.startsWith('baseline') ? 'baseline' : 'cpu', variant: c.variant, unit: c.unit,
      size: c.size, elements: c.elements, shape: c.shape, ...r, throughputPerSecond: (c.elements / r.medianMs) * 1000,
    };
  });
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), ...info, quick: args.quick, results }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
