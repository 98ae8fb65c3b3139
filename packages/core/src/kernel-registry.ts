import type { Backend } from './backend';
import { KernelNotRegisteredError } from './errors';
import type { KernelAttrs, KernelInputs, KernelName, KernelOutputs } from './kernel-names';
import { warn } from './warnings';

export type KernelFunc<K extends KernelName> = (args: {
  inputs: KernelInputs<K>;
  attrs: KernelAttrs<K>;
  backend: Backend;
}) => KernelOutputs<K> | Promise<KernelOutputs<K>>;

export interface KernelConfig<K extends KernelName = KernelName> {
  kernelName: K;
  backendName: string;
  kernelFunc: KernelFunc<K>;
  /** One-off preparation (build an ONNX session, compile a gpu.js kernel) after the backend initialised. */
  setupFunc?: (backend: Backend) => void | Promise<void>;
  /** Below this many elements the backend hands off to the CPU implementation (set from benchmarks). */
  cpuHandoffBelow?: number;
}

// A config of any kernel; each entry is internally consistent, so the registry stores them erased.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKernelConfig = { [K in KernelName]: KernelConfig<K> }[KernelName];

const registry = new Map<string, AnyKernelConfig>();

const key = (backendName: string, kernelName: string) => `${backendName}/${kernelName}`;

/** Registers a kernel implementation. A duplicate throws under test runners and warns otherwise. */
export function registerKernel<K extends KernelName>(config: KernelConfig<K>): void {
  const k = key(config.backendName, config.kernelName);
  if (registry.has(k)) {
    const msg = `The kernel '${config.kernelName}' for backend '${config.backendName}' is already registered.`;
    if (process.env.VITEST) throw new Error(msg);
    warn('BackendFallbackWarning', `${msg} The new registration replaces it.`);
  }
  registry.set(k, config as unknown as AnyKernelConfig);
}

export function unregisterKernel(kernelName: KernelName, backendName: string): void {
  const k = key(backendName, kernelName);
  if (!registry.delete(k)) {
    throw new KernelNotRegisteredError('TE-302', `The kernel '${kernelName}' for backend '${backendName}' is not registered.`);
  }
}

export function getKernel<K extends KernelName>(kernelName: K, backendName: string): KernelConfig<K> | undefined {
  return registry.get(key(backendName, kernelName)) as KernelConfig<K> | undefined;
}

/** Kernels registered for a backend (all backends when omitted). */
export function listKernels(backendName?: string): KernelConfig[] {
  const all = [...registry.values()] as KernelConfig[];
  return backendName === undefined ? all : all.filter((c) => c.backendName === backendName);
}
