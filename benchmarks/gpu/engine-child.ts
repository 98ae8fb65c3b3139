/**
 * One (backend, device class) of `npm run bench:gpu`, in its own process because the device class
 * is fixed when a backend initialises. Prints one JSON line: the device it got and, per workload,
 * median/min milliseconds and the max difference from the cpu backend's output.
 *
 *   TENSOREVAL_DEVICE=webgpu tsx benchmarks/gpu/engine-child.ts onnx [--full] [--only=Kernel,...]
 */
import '@tensoreval/backend-cpu';
import '@tensoreval/backend-onnx';
import '@tensoreval/backend-tfjs';
import '@tensoreval/backend-gpujs';
import { getBackend, getKernel, hostCpuDevice, initBackend, listBackends, requestedDevice, runKernel, type KernelName, type KernelOutputs } from '@tensoreval/core';
import { measureInterleavedAsync } from '../backends/measure-async';
import { mainOutput, maxAbsDiff } from '../backends/outputs';
import { backendWorkloads, sweepWorkloads } from '../backends/workloads';
import { matchWorkloads } from './match-workloads';
import { rasterWorkloads } from './raster-workloads';

const [backend = 'cpu', ...rest] = process.argv.slice(2);
const full = rest.includes('--full');
// --only=K1,K2: just those kernels (a software adapter takes minutes over all of them)
const only = rest.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const REPS = 3;
const SLOW_MS = 3000;

async function main(): Promise<void> {
  const device = requestedDevice();
  if (!(await initBackend(backend))) {
    process.stdout.write(`${JSON.stringify({ backend, device, error: listBackends().find((b) => b.name === backend)?.error ?? 'unavailable' })}\n`);
    return;
  }
  const rows: Array<Record<string, unknown>> = [];
  // the kernels this engine has and --only keeps: the lists that build their inputs up front build only these
  const runs = (kernel: KernelName) => getKernel(kernel, backend) !== undefined && (!only || only.includes(kernel));
  for (const w of [...backendWorkloads(!full), ...sweepWorkloads(!full, runs), ...rasterWorkloads(!full), ...matchWorkloads(!full, runs)]) {
    const config = getKernel(w.kernel, backend);
    if (!config || !runs(w.kernel)) continue;
    config.cpuHandoffBelow = 0; // time the engine itself, not the cpu handoff
    const inputs = w.inputs();
    let out: KernelOutputs<KernelName> | undefined;
    const [m] = await measureInterleavedAsync([{ name: backend, run: async () => { out = await runKernel(w.kernel, inputs as never, w.attrs as never, { backend }); } }], REPS, SLOW_MS);
    const ref = await runKernel(w.kernel, inputs as never, w.attrs as never, { backend: 'cpu' });
    rows.push({
      kernel: w.kernel, workload: w.label, size: w.size, medianMs: m?.medianMs, minMs: m?.minMs, reps: m?.reps,
      ...(m?.error ? { error: m.error } : { maxAbsDiffVsCpu: out ? maxAbsDiff(mainOutput(w.kernel, out), mainOutput(w.kernel, ref)) : null }),
    });
  }
  const b = getBackend(backend);
  process.stdout.write(`${JSON.stringify({ backend, device, got: b?.device?.() ?? hostCpuDevice(), details: b?.describe?.() ?? {}, rows })}\n`);
}

main().then(() => process.exit(0), (error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
