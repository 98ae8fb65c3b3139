import { BackendUnavailableError, registerBackend, type Backend } from '@tensoreval/core';
import type * as TfCore from '@tensorflow/tfjs-core';

/** tfjs backends we can bring up, best first: libtensorflow (tfjs-node[-gpu], user-installed), wasm SIMD, plain JS. */
export const TFJS_BACKEND_ORDER = ['tensorflow', 'wasm', 'cpu'] as const;
export type TfjsBackendName = (typeof TFJS_BACKEND_ORDER)[number];

export interface TfjsBackendOptions {
  /** tfjs backends to try, in order (default: keep an already active one, else TFJS_BACKEND_ORDER) */
  prefer?: readonly TfjsBackendName[];
}

export const TFJS_INSTALL_HINT =
  'Install it with: npm i @tensorflow/tfjs-core @tensorflow/tfjs-backend-wasm @tensorflow/tfjs-backend-cpu (add @tensorflow/tfjs-node or -gpu for libtensorflow)';

// Modules that register each tfjs backend; tfjs-node-gpu and tfjs-node both provide 'tensorflow'.
const PROVIDERS: Record<TfjsBackendName, readonly string[]> = {
  tensorflow: ['@tensorflow/tfjs-node-gpu', '@tensorflow/tfjs-node'],
  wasm: ['@tensorflow/tfjs-backend-wasm'],
  cpu: ['@tensorflow/tfjs-backend-cpu'],
};

let options: TfjsBackendOptions = {};
let tfModule: typeof TfCore | undefined;
let rejected: Record<string, string> = {};

/** Chooses which tfjs backends to try; takes effect at the next init. */
export function configureTfjsBackend(next: TfjsBackendOptions): void {
  options = { ...next };
}

function message(error: unknown): string {
  return error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
}

/** Imports the first module of `names` that loads; false when none does. */
async function importAny(names: readonly string[]): Promise<boolean> {
  for (const name of names) {
    try {
      await import(name);
      return true;
    } catch (error) {
      rejected[name] = message(error);
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
  // A tfjs backend the application already activated is used as is (its tensors live there).
  if (!options.prefer && tf.engine().backendName) {
    tfModule = tf;
    return;
  }
  for (const name of options.prefer ?? TFJS_BACKEND_ORDER) {
    if (!(await importAny(PROVIDERS[name]))) continue;
    try {
      if (await tf.setBackend(name)) {
        await tf.ready();
        tfModule = tf;
        return;
      }
      rejected[name] = 'setBackend returned false';
    } catch (error) {
      rejected[name] = message(error);
    }
  }
  throw new BackendUnavailableError('TE-303', `Backend 'tfjs' could not activate any tfjs backend: ${JSON.stringify(rejected)}. ${TFJS_INSTALL_HINT}`);
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
  },
  describe(): Record<string, string | number | boolean> {
    if (!tfModule) return { engine: 'tfjs', initialised: false };
    const tried = Object.entries(rejected).map(([k, why]) => `${k}: ${why}`).join('; ');
    return { engine: 'tfjs', tfjsBackend: tfModule.getBackend(), ...(tried ? { rejected: tried } : {}) };
  },
};

// Opt-in (negative priority): `auto` reaches it only through the measured priority table.
registerBackend('tfjs', tfjsBackend, -1);
