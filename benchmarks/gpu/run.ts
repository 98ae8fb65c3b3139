/**
 * `npm run bench:gpu`: kernels × sizes × engines on every device class that answers here: each
 * accelerated backend under TENSOREVAL_DEVICE=webgpu (any adapter, software included), cuda and
 * auto, next to the cpu backend. Each (backend, device) runs in its own process (engine-child.ts).
 * Writes benchmarks/results/<machine>-gpu-<date>.json with the adapter's name, the CPU and the date.
 *
 *   npm run bench:gpu              # smallest size per kernel (a software adapter takes minutes at full size)
 *   npm run bench:gpu -- --full    # three sizes per kernel, up to 2048 × 2048 × 384 cosine
 *   npm run bench:gpu -- --no-write
 *   npm run bench:gpu -- --only=MatchBoxDetections,MatchDetections   # just those kernels
 */
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { errorFirstLine, probeWebGpuAdapter } from '@tensoreval/core';

const argv = process.argv.slice(2);
const full = argv.includes('--full');
const write = !argv.includes('--no-write');
const only = argv.find((a) => a.startsWith('--only='));
const root = join(import.meta.dirname, '..', '..');
const RUNS: Array<[backend: string, device: string]> = [
  ['cpu', 'cpu'],
  ['onnx', 'auto'], ['onnx', 'webgpu'], ['onnx', 'cuda'],
  ['tfjs', 'auto'], ['tfjs', 'webgpu'], ['tfjs', 'cuda'],
  ['gpujs', 'auto'], ['gpujs', 'webgpu'],
];

function child(backend: string, device: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const args = ['--import', 'tsx', join(import.meta.dirname, 'engine-child.ts'), backend, ...(full ? ['--full'] : []), ...(only ? [only] : [])];
    // stderr is dropped: Dawn's limit warnings and engine chatter; failures come back as JSON or an exit code.
    execFile(process.execPath, args, { cwd: root, env: { ...process.env, TENSOREVAL_DEVICE: device }, maxBuffer: 1 << 24, timeout: 20 * 60_000 }, (error, stdout) => {
      const line = stdout.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(line) as Record<string, unknown>);
      } catch {
        resolve({ backend, device, error: error ? errorFirstLine(error) : 'no output' });
      }
    });
  });
}

async function main(): Promise<void> {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown cpu';
  const webgpu = await probeWebGpuAdapter();
  const adapter = webgpu.found ? webgpu.adapter : 'none';
  const date = new Date().toISOString();
  const machine = process.env.TENSOREVAL_MACHINE ?? `${(webgpu.found ? webgpu.adapter : cpu).replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 40)}-${availableParallelism()}c`;
  console.log(`# bench:gpu on ${cpu} (${availableParallelism()} cores), WebGPU adapter: ${adapter}${webgpu.found ? ` (type ${webgpu.type})` : ''}, ${date}`);
  const runs: Array<Record<string, unknown>> = [];
  for (const [backend, device] of RUNS) {
    const r = await child(backend, device);
    runs.push(r);
    const got = r.got as { api: string; adapter: string; type: string } | undefined;
    console.log(`\n## ${backend} under TENSOREVAL_DEVICE=${device}: ${got ? `${got.api}, ${got.adapter} (type ${got.type})` : `unavailable: ${String(r.error).slice(0, 160)}`}`);
    for (const row of (r.rows as Array<Record<string, unknown>> | undefined) ?? []) {
      const ms = row.error ? `error: ${String(row.error).slice(0, 100)}` : `${Number(row.medianMs).toFixed(2)} ms (min ${Number(row.minMs).toFixed(2)}, reps ${String(row.reps)}), max |diff| vs cpu ${String(row.maxAbsDiffVsCpu)}`;
      console.log(`  ${String(row.kernel).padEnd(22)} ${String(row.workload).padEnd(28)} ${ms}`);
    }
  }
  if (!write) return;
  const subset = only ? `${only.slice(7).replace(/,/g, '-').toLowerCase()}-` : '';
  const file = join(root, 'benchmarks', 'results', `${machine}-gpu-${subset}${date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify({ date, machine, cpu, cores: availableParallelism(), loadAverage: loadavg(), node: process.version, webgpu, full, ...(only ? { only: only.slice(7) } : {}), runs }, null, 1)}\n`);
  console.log(`\n# wrote ${file}`);
}

void main();
