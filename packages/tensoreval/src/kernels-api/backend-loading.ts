import { BackendUnavailableError, getAutoPriorities, initBackend, invalidOption, listBackends, ownValue, setAutoPriorities, type KernelName } from '@tensoreval/core';
import { importPackage } from '../import-package';
import { autoPriorities } from './auto-priorities';

export type KernelBackend = 'auto' | 'cpu' | 'onnx' | 'wasm' | 'tfjs' | 'gpujs';

export interface KernelApiOptions {
  /** 'auto' (default): the fastest backend measured for the kernel and size that loads here */
  backend?: KernelBackend;
  /** check shapes and finiteness of the inputs (default true); false skips the O(n) scan */
  validate?: boolean;
}

// Keyed by device kind: each backend is ranked by the rows measured on the kind of device it got.
setAutoPriorities(autoPriorities.tables);

/** Every backend name the facade accepts. */
export const BACKENDS: readonly KernelBackend[] = ['auto', 'cpu', 'onnx', 'wasm', 'tfjs', 'gpujs'];

// Lazy loaders: loading a backend package registers it (in this build's copy of core, see
// importPackage); its engine loads in the backend's init().
const LOADERS: Record<string, () => Promise<unknown>> = {
  onnx: () => importPackage('@tensoreval/backend-onnx'),
  wasm: () => importPackage('@tensoreval/backend-wasm'),
  tfjs: () => importPackage('@tensoreval/backend-tfjs'),
  gpujs: () => importPackage('@tensoreval/backend-gpujs'),
};

/** Install lines for a backend package that failed to import (a loaded backend carries its own `installHint`). */
const INSTALL: Record<string, string> = {
  onnx: 'ONNXRUNTIME_NODE_INSTALL=skip npm i onnxruntime-node',
  wasm: 'npm i @tensoreval/backend-wasm',
  tfjs: 'npm i @tensorflow/tfjs-core @tensorflow/tfjs-backend-wasm @tensorflow/tfjs-backend-cpu',
  gpujs: 'npm i gpu.js',
};

/** Imports a backend package (registering it) and returns the import error, if any; cpu and unknown names: nothing. */
export async function loadBackendPackage(name: string): Promise<unknown> {
  const load = ownValue(LOADERS, name);
  if (!load) return undefined;
  try {
    await load();
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * Makes `backend` usable for `kernel`: an explicit accelerated backend is loaded and initialised
 * or the call fails naming what is missing and how to install it; `auto` loads, quietly, the
 * backends its measured table lists for the kernel (one that fails is skipped by the registry).
 */
export async function prepareBackend(choice: KernelBackend, kernel: KernelName, fnName: string): Promise<void> {
  if (!BACKENDS.includes(choice)) throw invalidOption(fnName, 'backend', `one of ${BACKENDS.map((b) => `'${b}'`).join(', ')}`, choice);
  if (choice === 'cpu') return;
  if (choice === 'auto') {
    const named = new Set(Object.values(getAutoPriorities()).flatMap((table) => (table?.[kernel] ?? []).flatMap((rule) => rule.order)));
    await Promise.all([...named].map(loadBackendPackage));
    return;
  }
  const loadError = await loadBackendPackage(choice);
  if (loadError === undefined && (await initBackend(choice))) return;
  // A registered backend whose init failed already names its own install hint in the registry's error;
  // only a package that did not even import (so no backend carries a hint) gets one from INSTALL.
  const why = loadError instanceof Error
    ? `${loadError.message}. Install it with: ${INSTALL[choice]}`
    : (listBackends().find((b) => b.name === choice)?.error ?? `it did not register. Install it with: ${INSTALL[choice]}`);
  throw new BackendUnavailableError('TE-301', `Backend '${choice}' requested by ${fnName} is not available: ${why}`, { cause: loadError });
}

