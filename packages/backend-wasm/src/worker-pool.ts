import { Worker } from 'node:worker_threads';
import type { WasmMemory, WasmModule } from './wasm/api';

/** One call of a kernel export: its name, then its (byte address or count) arguments. */
export type WasmCall = readonly [name: string, ...args: number[]];

// Each thread instantiates the same module over the one shared memory and runs the calls of a job
// in order. Evaluated from a string, so sources and the bundled dist need no worker file on disk.
// getBuiltinModule, not require: the string runs as ESM where the process was started with
// --input-type=module (workers inherit execArgv), and require does not exist there.
const WORKER_SOURCE = `
const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads');
const { exports } = new WebAssembly.Instance(workerData.module, { env: { mem: workerData.memory } });
parentPort.on('message', (job) => {
  try {
    for (const [name, ...args] of job.calls) exports[name](...args);
    parentPort.postMessage({ id: job.id });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String(error && error.message || error) });
  }
});`;

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * A fixed set of worker threads that run kernel calls on one shared WebAssembly memory. Jobs are
 * handed out as threads finish (dynamic balance when another process holds a core). Threads are
 * referenced only while a run is in flight, so an idle pool never keeps the process alive;
 * `terminate()` ends them.
 */
export class WasmWorkerPool {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private running = 0;
  private failure: Error | undefined;

  constructor(module: WasmModule, memory: WasmMemory, threads: number) {
    this.workers = Array.from({ length: threads }, () => {
      const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { module, memory } });
      worker.on('message', (msg: { id: number; error?: string }) => this.settle(msg.id, msg.error));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => { if (code !== 0) this.fail(new Error(`a wasm worker thread exited with code ${code}`)); });
      // After the listeners: adding a 'message' listener refs the worker's port again.
      worker.unref();
      return worker;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  /** Runs `count` jobs; `job(i, slot)` lists the calls of job i on thread `slot` (its scratch space). */
  async run(count: number, job: (index: number, slot: number) => WasmCall[]): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.running++ === 0) for (const w of this.workers) w.ref();
    try {
      let next = 0;
      const lane = async (slot: number): Promise<void> => {
        while (next < count) {
          const index = next++;
          await this.post(slot, job(index, slot));
        }
      };
      await Promise.all(this.workers.map((_w, slot) => lane(slot)));
    } finally {
      if (--this.running === 0) for (const w of this.workers) w.unref();
    }
  }

  terminate(): void {
    this.fail(new Error('the wasm worker pool was terminated'));
    for (const w of this.workers) void w.terminate();
  }

  private post(slot: number, calls: WasmCall[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.workers[slot]!.postMessage({ id, calls });
    });
  }

  private settle(id: number, error: string | undefined): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    if (error === undefined) p.resolve();
    else p.reject(new Error(error));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
