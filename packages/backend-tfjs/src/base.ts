import {
  errorFirstLine,
  BackendUnavailableError, hostCpuDevice, installNavigatorGpu, newDeviceTraffic, probeWebGpuAdapter, registerBackend, requestedDevice,
  webgpuDeviceInfo, type Backend, type DeviceClass, type DeviceInfo,
} from '@tensoreval/core';
import type * as TfCore from '@tensorflow/tfjs-core';

/**
 * tfjs backends we can bring up, best first: libtensorflow (tfjs-node[-gpu], user-installed),
 * WebGPU (tfjs-backend-webgpu on a hardware adapter), wasm SIMD, plain JS.
 */
export const TFJS_BACKEND_ORDER = ['tensorflow', 'webgpu', 'wasm', 'cpu'] as const;
export type TfjsBackendName = (typeof TFJS_BACKEND_ORDER)[number];

export interface TfjsBackendOptions {
  /** tfjs backends to try, in order (default: keep an already active one, else planned from `device`) */
  prefer?: readonly TfjsBackendName[];
  /** device class; default: TENSOREVAL_DEVICE, else `auto` */
  device?: DeviceClass;
}

export const TFJS_INSTALL_HINT =
  'Install it with: npm i @tensorflow/tfjs-core @tensorflow/tfjs-backend-wasm @tensorflow/tfjs-backend-cpu (add @tensorflow/tfjs-node or -gpu for libtensorflow)';

// Modules that register each tfjs backend; tfjs-node-gpu and tfjs-node both provide 'tensorflow'.
const PROVIDERS: Record<TfjsBackendName, readonly string[]> = {
  tensorflow: ['@tensorflow/tfjs-node-gpu', '@tensorflow/tfjs-node'],
  webgpu: ['@tensorflow/tfjs-backend-webgpu'],
  wasm: ['@tensorflow/tfjs-backend-wasm'],
  cpu: ['@tensorflow/tfjs-backend-cpu'],
};

let options: TfjsBackendOptions = {};
let tfModule: typeof TfCore | undefined;
let rejected: Record<string, string> = {};
let webgpuDevice: DeviceInfo | undefined;
/** the module that registered the active tfjs backend */
let loaded = '';
/**
 * Host↔device traffic of the kernels: a tensor made from a host array is an upload (tensors.ts
 * `uploaded`), one kernel's chain of tfjs ops on one tile or block a dispatch, as is each WGSL pass (wgsl/program.ts),
 * a `data()` read a download.
 */
export const tfjsTraffic = newDeviceTraffic();

type ActivationListener = (tfjsBackendName: string) => void;
const activationListeners: ActivationListener[] = [];

/**
 * Calls `listener` with the active tfjs backend's name after every init, and with '' on dispose:
 * kernels that exist only on one tfjs backend (the WGSL ones on webgpu) register and unregister
 * there, so the registry hands them to cpu elsewhere and `tensoreval backends` lists what runs.
 */
export function onTfjsActivation(listener: ActivationListener): void {
  activationListeners.push(listener);
}

function activated(tfjsBackendName: string): void {
  for (const listener of activationListeners) listener(tfjsBackendName);
}

/** Chooses which tfjs backends to try; takes effect at the next init. */
export function configureTfjsBackend(next: TfjsBackendOptions): void {
  options = { ...next };
}

/** Imports the first module of `names` that loads; false when none does. */
async function importAny(names: readonly string[]): Promise<boolean> {
  if (names === PROVIDERS.webgpu) {
    try {
      await installNavigatorGpu();
    } catch (error) {
      rejected.webgpu = errorFirstLine(error);
      return false;
    }
  }
  for (const name of names) {
    try {
      await import(name);
      loaded = name;
      return true;
    } catch (error) {
      rejected[name] = errorFirstLine(error);
    }
  }
  return false;
}

async function init(): Promise<void> {
  let tf: typeof TfCore;
  try {
    tf = await import('@tensorflow/tfjs-core');
  } catch (error) {
    throw new BackendUnavailableError('TE-301', `Backend 'tfjs' requires @tensorflow/tfjs-core. ${TFJS_INSTALL_HINT}`, { cause: error });
  }
  rejected = {};
  const device = options.device ?? requestedDevice();
  // A tfjs backend the application already activated is used as is (its tensors live there).
  if (!options.prefer && device === 'auto' && tf.engine().backendName) {
    tfModule = tf;
    activated(tf.getBackend());
    return;
  }
  for (const name of options.prefer ?? (await planTfjsBackends(device))) {
    // Under cuda/gpu, libtensorflow counts only in its GPU build.
    const modules = name === 'tensorflow' && (device === 'cuda' || device === 'gpu') ? ['@tensorflow/tfjs-node-gpu'] : PROVIDERS[name];
    if (!(await importAny(modules))) continue;
    try {
      if (await tf.setBackend(name)) {
        await tf.ready();
        tfModule = tf;
        if (name === 'webgpu') webgpuDevice = await webgpuDeviceInfo();
        activated(name);
        return;
      }
      rejected[name] = 'setBackend returned false';
    } catch (error) {
      rejected[name] = errorFirstLine(error);
    }
  }
  const asked = device === 'auto' ? '' : ` for TENSOREVAL_DEVICE=${device}`;
  throw new BackendUnavailableError('TE-303', `Backend 'tfjs' could not activate any tfjs backend${asked}: ${JSON.stringify(rejected)}. ${TFJS_INSTALL_HINT}`);
}

/**
 * The tfjs backends to try for a device class. libtensorflow's device cannot be told before it
 * loads, so `tensorflow` stands for tfjs-node-gpu under cuda/gpu; a software WebGPU adapter is
 * taken only under `webgpu`.
 */
async function planTfjsBackends(device: DeviceClass): Promise<TfjsBackendName[]> {
  if (device === 'webgpu') return ['webgpu'];
  if (device === 'cpu') return ['wasm', 'cpu'];
  const probe = device === 'cuda' ? undefined : await probeWebGpuAdapter();
  const hardwareWebgpu = probe?.found === true && probe.type !== 'cpu';
  if (probe && !hardwareWebgpu) rejected.webgpu = probe.found ? `software adapter '${probe.adapter}', used only with TENSOREVAL_DEVICE=webgpu` : probe.reason;
  if (device === 'cuda') return ['tensorflow'];
  if (device === 'gpu') return hardwareWebgpu ? ['tensorflow', 'webgpu'] : ['tensorflow'];
  return hardwareWebgpu ? ['tensorflow', 'webgpu', 'wasm', 'cpu'] : ['tensorflow', 'wasm', 'cpu'];
}

/** The tfjs-core module, once the registry initialised this backend. */
export function tfjs(): typeof TfCore {
  if (!tfModule) throw new BackendUnavailableError('TE-303', "Backend 'tfjs' is not initialised.");
  return tfModule;
}

/** TensorFlow.js behind the kernel interface: float32 values, int32 counts. */
export const tfjsBackend: Backend = {
  name: 'tfjs',
  floatPrecision: 32,
  installHint: TFJS_INSTALL_HINT,
  init,
  dispose() {
    tfModule = undefined;
    webgpuDevice = undefined;
    activated('');
  },
  device(): DeviceInfo | undefined {
    if (!tfModule) return undefined;
    const active = tfModule.getBackend();
    if (active === 'webgpu') return webgpuDevice;
    if (active === 'tensorflow' && loaded.endsWith('-gpu')) return { api: 'cuda', adapter: 'CUDA device (libtensorflow)', type: 'discrete' };
    return hostCpuDevice(active === 'wasm' ? 'wasm' : 'cpu');
  },
  traffic: () => ({ ...tfjsTraffic }),
  describe(): Record<string, string | number | boolean> {
    if (!tfModule) return { engine: 'tfjs', initialised: false };
    const tried = Object.entries(rejected).map(([k, why]) => `${k}: ${why}`).join('; ');
    return { engine: 'tfjs', tfjsBackend: tfModule.getBackend(), ...(tried ? { rejected: tried } : {}) };
  },
};

// Opt-in (negative priority): `auto` reaches it only through the measured priority table.
registerBackend('tfjs', tfjsBackend, -1);
