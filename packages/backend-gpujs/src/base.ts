import { BackendUnavailableError, registerBackend, type Backend } from '@tensoreval/core';
import type { GPU as GpuClass, IGPUKernelSettings, IKernelRunShortcut } from 'gpu.js';

/** 'auto': WebGPU where an adapter answers, else gpu.js's own choice (webasm in Node without GL). */
export type GpujsMode = 'auto' | 'webgpu' | 'webasm' | 'cpu';

export interface GpujsBackendOptions {
  mode?: GpujsMode;
}

export const GPUJS_INSTALL_HINT = 'Install it with: npm i gpu.js';

interface GpujsState {
  gpu: GpuClass;
  /** the gpu.js kernel class that actually runs (WebGPUKernel, WebAssemblyKernel, CPUKernel, ...) */
  kernelClass: string;
  webgpuAdapter: boolean;
  kernels: Map<string, IKernelRunShortcut>;
}

let options: GpujsBackendOptions = {};
let state: GpujsState | undefined;

/** Chooses the gpu.js mode; takes effect at the next init. */
export function configureGpujsBackend(next: GpujsBackendOptions): void {
  options = { ...next };
}

async function init(): Promise<void> {
  let GPU: typeof GpuClass;
  try {
    const mod = (await import('gpu.js')) as { GPU?: typeof GpuClass; default?: { GPU: typeof GpuClass } };
    GPU = (mod.GPU ?? mod.default?.GPU) as typeof GpuClass;
  } catch (error) {
    throw new BackendUnavailableError('TE-301', `Backend 'gpujs' requires gpu.js. ${GPUJS_INSTALL_HINT}`, { cause: error });
  }
  const requested = options.mode ?? 'auto';
  // navigator.gpu only proves the API exists (a browser, or the `webgpu` package in Node); ask for an adapter.
  const webgpuAdapter = requested === 'auto' || requested === 'webgpu' ? await GPU.isWebGPUAvailable() : false;
  if (requested === 'webgpu' && !webgpuAdapter) {
    throw new BackendUnavailableError('TE-303', "Backend 'gpujs' was asked for WebGPU mode, but no WebGPU adapter is available (navigator.gpu.requestAdapter() gave none).");
  }
  const mode = webgpuAdapter ? 'webgpu' : requested === 'auto' ? undefined : requested;
  const gpu = mode ? new GPU({ mode }) : new GPU();
  state = { gpu, kernelClass: '', webgpuAdapter, kernels: new Map() };
}

function gpujsState(): GpujsState {
  if (!state) throw new BackendUnavailableError('TE-303', "Backend 'gpujs' is not initialised.");
  return state;
}

/**
 * The compiled gpu.js kernel for `key`, created once from source text (source strings survive any
 * transpiler, unlike Function.prototype.toString of compiled code). Output size and argument
 * lengths change per call.
 */
export function gpujsKernel(key: string, source: string): IKernelRunShortcut {
  const s = gpujsState();
  let kernel = s.kernels.get(key);
  if (!kernel) {
    const settings = { dynamicOutput: true, dynamicArguments: true, output: [1], loopMaxIterations: 1 << 24, tactic: 'precision' };
    kernel = s.gpu.createKernel(source, settings as IGPUKernelSettings);
    s.kernels.set(key, kernel);
  }
  return kernel;
}

/** Runs a 1-D kernel over `length` threads; webgpu kernels answer with a promise, the CPU modes synchronously. */
export async function runGpujs(kernel: IKernelRunShortcut, length: number, args: Array<ArrayLike<number> | number>): Promise<Float32Array> {
  kernel.setOutput([length]);
  const out = (await (kernel as unknown as (...a: unknown[]) => unknown)(...args)) as Float32Array | number[];
  const s = gpujsState();
  if (!s.kernelClass) s.kernelClass = kernel.kernel?.constructor?.name ?? '';
  return out instanceof Float32Array ? out : Float32Array.from(out);
}

/** gpu.js behind the kernel interface: float32; reports which gpu.js mode ran. */
export const gpujsBackend: Backend = {
  name: 'gpujs',
  floatPrecision: 32,
  installHint: GPUJS_INSTALL_HINT,
  init,
  dispose() {
    if (!state) return;
    void state.gpu.destroy();
    state = undefined;
  },
  describe(): Record<string, string | number | boolean> {
    if (!state) return { engine: 'gpu.js', initialised: false };
    return { engine: 'gpu.js', mode: state.gpu.mode, webgpuAdapter: state.webgpuAdapter, ...(state.kernelClass ? { kernelClass: state.kernelClass } : {}) };
  },
};

// Opt-in (negative priority): `auto` reaches it only through the measured priority table.
registerBackend('gpujs', gpujsBackend, -1);
