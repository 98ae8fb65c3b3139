import { errorFirstLine } from '../escape-text';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { cpus } from 'node:os';
import { pathToFileURL } from 'node:url';
import { adapterName, classifyAdapter, type AdapterFacts } from './adapter-type';
import type { AdapterType, DeviceInfo } from './device-request';

/** The WebGPU adapter this machine offers to Dawn (the `webgpu` package), or why there is none. */
export type WebGpuProbe =
  | { found: true; adapter: string; type: AdapterType; facts: AdapterFacts }
  | { found: false; reason: string };

export const WEBGPU_INSTALL_HINT = 'Install it with: npm i webgpu (Dawn for Node; needs a Vulkan, Metal or D3D12 driver)';

// Runs in a child process: Dawn prints two "maxDynamic… artificially reduced" warnings on stderr
// while it enumerates some Vulkan devices (lavapipe among them), and a probe must not print anything.
const PROBE_SCRIPT = `
const { create } = await import(process.argv[1]);
const adapter = await create([]).requestAdapter({ powerPreference: 'high-performance' });
const i = adapter?.info;
process.stdout.write(JSON.stringify(adapter ? { vendor: i.vendor, architecture: i.architecture, device: i.device,
  description: i.description, isFallbackAdapter: adapter.isFallbackAdapter ?? i.isFallbackAdapter ?? false } : null));
process.exit(0);
`;

/** File URL of the `webgpu` module, or undefined when it is not installed. */
function webgpuModuleUrl(): string | undefined {
  try {
    return pathToFileURL(createRequire(import.meta.url).resolve('webgpu')).href;
  } catch {
    return undefined;
  }
}

let probe: Promise<WebGpuProbe> | undefined;

/**
 * Asks Dawn (in a short child process, once per process) for the high-performance adapter and
 * classifies it. Never throws: a missing package, driver or adapter is a `found: false` with the reason.
 */
export function probeWebGpuAdapter(): Promise<WebGpuProbe> {
  probe ??= runProbe();
  return probe;
}

function runProbe(): Promise<WebGpuProbe> {
  const url = webgpuModuleUrl();
  if (!url) return Promise.resolve({ found: false, reason: `the 'webgpu' package is not installed. ${WEBGPU_INSTALL_HINT}` });
  return new Promise((resolve) => {
    const args = ['--input-type=module', '-e', PROBE_SCRIPT, url];
    execFile(process.execPath, args, { timeout: 60_000, maxBuffer: 1 << 20 }, (error, stdout) => {
      if (error) return resolve({ found: false, reason: `the WebGPU probe failed: ${errorFirstLine(error)}` });
      let facts: AdapterFacts | null;
      try {
        facts = JSON.parse(stdout) as AdapterFacts | null;
      } catch {
        return resolve({ found: false, reason: 'the WebGPU probe answered nothing readable' });
      }
      if (!facts) return resolve({ found: false, reason: 'navigator.gpu.requestAdapter() gave no adapter (no Vulkan, Metal or D3D12 device)' });
      resolve({ found: true, adapter: adapterName(facts), type: classifyAdapter(facts), facts });
    });
  });
}

/** Minimal shape of the WebGPU entry point the engines read from `navigator.gpu`. */
export interface NavigatorGpu {
  requestAdapter(options?: { powerPreference?: 'high-performance' | 'low-power' }): Promise<unknown>;
}

let installed: Promise<NavigatorGpu> | undefined;

/**
 * Makes `navigator.gpu` (and the GPUBufferUsage/GPUMapMode/... constants) exist in this Node
 * process, from the `webgpu` package, so engines written for browsers (tfjs-backend-webgpu, gpu.js)
 * find it. Called only when a WebGPU device is to be used; idempotent.
 */
export function installNavigatorGpu(): Promise<NavigatorGpu> {
  installed ??= (async () => {
    const g = globalThis as { navigator?: { gpu?: NavigatorGpu } };
    if (g.navigator?.gpu) return g.navigator.gpu;
    const url = webgpuModuleUrl();
    if (!url) throw new Error(`the 'webgpu' package is not installed. ${WEBGPU_INSTALL_HINT}`);
    const mod = (await import(url)) as { create(flags: string[]): NavigatorGpu; globals: Record<string, unknown> };
    Object.assign(globalThis, mod.globals);
    const gpu = mod.create([]);
    if (g.navigator) Object.defineProperty(g.navigator, 'gpu', { value: gpu, configurable: true });
    else Object.defineProperty(globalThis, 'navigator', { value: { gpu }, configurable: true, writable: true });
    return gpu;
  })();
  installed.catch(() => { installed = undefined; });
  return installed;
}

/** The device report of an engine running on Dawn's adapter (from the probe; `unknown` if it found none). */
export async function webgpuDeviceInfo(): Promise<DeviceInfo> {
  const probe = await probeWebGpuAdapter();
  return { api: 'webgpu', adapter: probe.found ? probe.adapter : 'WebGPU adapter', type: probe.found ? probe.type : 'unknown' };
}

/** The device report of an engine computing on this machine's CPU (plain code or WebAssembly). */
export function hostCpuDevice(api: 'cpu' | 'wasm' = 'cpu'): DeviceInfo {
  return { api, adapter: cpus()[0]?.model.trim() ?? 'CPU', type: 'cpu' };
}
