import { availableParallelism } from 'node:os';
import {
  BackendUnavailableError, hostCpuDevice, registerBackend, requestedDevice, TensorEvalError, type Backend, type DeviceClass, type DeviceInfo,
} from '@tensoreval/core';
import { webAssembly, type WasmMemory } from './wasm/api';
import { COSINE_WASM_BASE64, COSINE_WASM_RELAXED_BASE64 } from './wasm/cosine-wasm';
import { WasmWorkerPool } from './worker-pool';

export interface WasmBackendOptions {
  /** cap on worker threads; default: every available core */
  maxThreads?: number;
  /** device class; default: TENSOREVAL_DEVICE, else `auto` */
  device?: DeviceClass;
  /** false: the plain SIMD module even where the runtime has relaxed-simd (default: use it there) */
  relaxedSimd?: boolean;
}

const PAGE = 65536;
/** 32-bit WebAssembly addresses at most 4 GiB (65536 pages). */
const MAX_PAGES = 65536;

interface WasmState {
  memory: WasmMemory;
  pool: WasmWorkerPool;
  /** the relaxed-simd module (fused multiply-add) runs */
  relaxed: boolean;
}

let options: WasmBackendOptions = {};
let state: WasmState | undefined;
// One call at a time owns the shared memory; later calls wait their turn.
let turn: Promise<unknown> = Promise.resolve();

/** Sets the thread cap, device class and relaxed-simd use; takes effect at the next init (before first use, or after dispose). */
export function configureWasmBackend(next: WasmBackendOptions): void {
  options = { ...next };
}

function threadCount(): number {
  const cores = availableParallelism();
  const cap = options.maxThreads;
  return cap !== undefined && cap >= 1 ? Math.min(cores, Math.floor(cap)) : cores;
}

/** The kernel module: plain SIMD, or (`relaxed`) the same kernels with relaxed-simd multiply-adds. */
export function wasmBytes(relaxed = false): Uint8Array {
  return Uint8Array.from(Buffer.from(relaxed ? COSINE_WASM_RELAXED_BASE64 : COSINE_WASM_BASE64, 'base64'));
}

function init(): void {
  const device = options.device ?? requestedDevice();
  // A CPU engine: a GPU request must not be met by it silently.
  if (device === 'gpu' || device === 'webgpu' || device === 'cuda') {
    throw new BackendUnavailableError('TE-303', `Backend 'wasm' computes on the CPU; TENSOREVAL_DEVICE=${device} asks for a GPU.`);
  }
  // validate() is false where SIMD or threads (shared memory) are missing: say so instead of a trap later.
  // Relaxed-simd (fused multiply-add: 0.95–1.2× the plain module in bench:cpu-peak, Node 20 with the flag) is on by default from Node 22.
  const relaxed = options.relaxedSimd !== false && webAssembly?.validate(wasmBytes(true)) === true;
  const bytes = wasmBytes(relaxed);
  if (!webAssembly?.validate(bytes)) {
    throw new BackendUnavailableError('TE-303', "Backend 'wasm' needs WebAssembly with SIMD and threads (shared memory); this runtime lacks them.");
  }
  const module = new webAssembly.Module(bytes);
  const memory = new webAssembly.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
  state = { memory, pool: new WasmWorkerPool(module, memory, threadCount()), relaxed };
}

/** The engine as one kernel call sees it: the pool and a memory grown to at least the bytes asked for. */
export interface WasmEngine {
  pool: WasmWorkerPool;
  /** views over the whole memory (taken after growing, so they cover it) */
  f32: Float32Array;
  i32: Int32Array;
}

/**
 * Runs `work` with the shared memory grown to `bytes(threads)` and no other call using it. A size
 * past the 4 GiB a 32-bit WebAssembly memory can address fails with TE-304 before anything runs.
 */
export function withEngine<T>(kernel: string, bytesFor: (threads: number) => number, work: (engine: WasmEngine) => Promise<T>): Promise<T> {
  const run = async (): Promise<T> => {
    const s = state;
    if (!s) throw new BackendUnavailableError('TE-303', "Backend 'wasm' is not initialised.");
    const bytes = bytesFor(s.pool.size);
    const pages = Math.ceil(bytes / PAGE);
    if (pages > MAX_PAGES) {
      throw new TensorEvalError('TE-304',
        `Backend 'wasm' cannot run ${kernel}: its inputs and outputs need ${(bytes / 2 ** 30).toFixed(1)} GiB, more than the 4 GiB a WebAssembly memory holds; use the onnx or cpu backend.`);
    }
    const have = s.memory.buffer.byteLength / PAGE;
    if (pages > have) s.memory.grow(pages - have);
    const buffer = s.memory.buffer;
    return work({ pool: s.pool, f32: new Float32Array(buffer), i32: new Int32Array(buffer) });
  };
  const result = turn.then(run, run);
  turn = result.catch(() => undefined);
  return result;
}

/** Own kernels in WebAssembly SIMD on worker threads: float32, dependency-free. */
export const wasmBackend: Backend = {
  name: 'wasm',
  floatPrecision: 32,
  init,
  dispose() {
    if (!state) return;
    state.pool.terminate();
    state = undefined;
  },
  describe(): Record<string, string | number | boolean> {
    if (!state) return { engine: 'webassembly-simd', initialised: false };
    return { engine: 'webassembly-simd', threads: state.pool.size, relaxedSimd: state.relaxed, memoryBytes: state.memory.buffer.byteLength };
  },
  device(): DeviceInfo | undefined {
    return state ? hostCpuDevice('wasm') : undefined;
  },
};

// Opt-in (negative priority): `auto` reaches it only through the measured priority table.
registerBackend('wasm', wasmBackend, -1);
