import { afterEach, describe, expect, it } from 'vitest';
import type { Backend } from './backend';
import type { DeviceInfo } from './device/device-request';
import {
  initBackend, listBackends, registerBackend, removeBackend, resolveBackend, resolveBackendSync, setAutoPriorities,
} from './backend-registry';
import { BackendUnavailableError, KernelNotRegisteredError, TensorEvalError } from './errors';
import { listKernels, registerKernel, unregisterKernel } from './kernel-registry';
import { runKernel, runKernelSync } from './run-kernel';
import { setWarningHandler, type TensorEvalWarning } from './warnings';

/** A backend whose init counts its calls and can be slow (async) or fail. */
function fakeBackend(name: string, init: () => void | Promise<void> = () => {}, extra: Partial<Backend> = {}): Backend & { inits: number } {
  const b = {
    name,
    floatPrecision: 64 as const,
    inits: 0,
    init() {
      b.inits++;
      return init();
    },
    dispose() {},
    ...extra,
  };
  return b;
}

/** Registers ConfusionCounts on `backendName`, returning a counts matrix tagged with the backend's name length. */
function withCounts(backendName: string, options: { async?: boolean; setup?: () => Promise<void>; fail?: Error } = {}): void {
  registerKernel({
    kernelName: 'ConfusionCounts',
    backendName,
    kernelFunc: () => {
      if (options.fail) throw options.fail;
      const out = { counts: Float64Array.of(backendName.length) };
      return options.async ? Promise.resolve(out) : out;
    },
    ...(options.setup ? { setupFunc: options.setup } : {}),
  });
}

const inputs = { actual: new Int32Array(0), predicted: new Int32Array(0) };
const attrs = { numClasses: 1 };

afterEach(() => {
  for (const b of listBackends()) removeBackend(b.name);
  for (const c of listKernels()) unregisterKernel(c.kernelName, c.backendName);
  setAutoPriorities({});
  setWarningHandler(undefined);
});

describe('backend registration', () => {
  it('rejects objects that are not backends', () => {
    expect(() => registerBackend('x', { name: 'x' } as unknown as Backend, 1)).toThrow(new TypeError('not a valid backend'));
    expect(() => registerBackend('x', { ...fakeBackend('x'), floatPrecision: 16 } as unknown as Backend, 1)).toThrow(TypeError);
  });

  it('re-registering the same backend object only updates its priority', async () => {
    const b = fakeBackend('a');
    registerBackend('a', b, 1);
    await initBackend('a');
    registerBackend('a', b, 5);
    expect(listBackends()).toEqual([{ name: 'a', priority: 5, state: 'ready' }]);
    expect(b.inits).toBe(1);
  });
});

describe('lazy initialisation', () => {
  it('runs an async init once, shared by concurrent callers through one promise', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => { release = r; });
    const b = fakeBackend('slow', () => gate);
    registerBackend('slow', b, 1);
    withCounts('slow');
    expect(b.inits).toBe(0); // nothing happens at registration
    const pending = [resolveBackend('ConfusionCounts', 'slow'), resolveBackend('ConfusionCounts', 'slow'), initBackend('slow')];
    expect(listBackends()[0]?.state).toBe('initializing');
    release();
    const [r1, r2, ok] = await Promise.all(pending);
    expect(b.inits).toBe(1);
    expect(ok).toBe(true);
    expect((r1 as { backend: Backend }).backend).toBe(b);
    expect((r2 as { backend: Backend }).backend).toBe(b);
  });

  it('remembers an init failure and never retries it', async () => {
    const b = fakeBackend('broken', () => Promise.reject(new Error('no device')));
    registerBackend('broken', b, 1);
    expect(await initBackend('broken')).toBe(false);
    expect(await initBackend('broken')).toBe(false);
    await expect(resolveBackend('ConfusionCounts', 'broken')).rejects.toThrow(/init failed: no device/);
    expect(b.inits).toBe(1);
    expect(listBackends()[0]).toEqual({ name: 'broken', priority: 1, state: 'failed', error: 'no device' });
  });

  it('caches a synchronous init throw the same way', async () => {
    const b = fakeBackend('throws', () => { throw new Error('missing library'); });
    registerBackend('throws', b, 1);
    expect(await initBackend('throws')).toBe(false);
    expect(() => resolveBackendSync('ConfusionCounts', 'throws')).toThrow(/init failed: missing library/);
    expect(b.inits).toBe(1);
  });

  it('initBackend of an unknown name resolves false', async () => {
    expect(await initBackend('nowhere')).toBe(false);
  });

  it('runs a kernel setupFunc once, after init', async () => {
    let setups = 0;
    registerBackend('a', fakeBackend('a'), 1);
    withCounts('a', { setup: async () => { setups++; } });
    await runKernel('ConfusionCounts', inputs, attrs, { backend: 'a' });
    await runKernel('ConfusionCounts', inputs, attrs, { backend: 'a' });
    expect(setups).toBe(1);
  });
});

describe('per-kernel resolution', () => {
  it('prefers the highest priority and skips opt-in (negative) backends under auto', async () => {
    registerBackend('low', fakeBackend('low'), 1);
    registerBackend('high', fakeBackend('high'), 10);
    registerBackend('optin', fakeBackend('optin'), -1);
    for (const n of ['low', 'high', 'optin']) withCounts(n);
    expect((await resolveBackend('ConfusionCounts')).backend.name).toBe('high');
    expect((await resolveBackend('ConfusionCounts', 'auto')).backend.name).toBe('high');
    expect((await resolveBackend('ConfusionCounts', 'optin')).backend.name).toBe('optin');
  });

  it('falls through to the first backend that has the kernel', async () => {
    registerBackend('fast', fakeBackend('fast'), 10);
    registerBackend('cpu', fakeBackend('cpu'), 1);
    withCounts('cpu');
    registerKernel({ kernelName: 'TopK', backendName: 'fast', kernelFunc: () => ({ indices: new Int32Array(0), values: new Float64Array(0) }) });
    expect((await resolveBackend('ConfusionCounts')).backend.name).toBe('cpu');
    expect((await resolveBackend('TopK')).backend.name).toBe('fast');
  });

  it('aggregates every reason into one TE-302 error', async () => {
    registerBackend('gpu', fakeBackend('gpu', () => Promise.reject(new Error('no CUDA device'))), 5);
    registerBackend('cpu', fakeBackend('cpu'), 1);
    const attempt = resolveBackend('BoxIou', ['gpu', 'cpu', 'tfjs']);
    await expect(attempt).rejects.toBeInstanceOf(KernelNotRegisteredError);
    await expect(resolveBackend('BoxIou', ['gpu', 'cpu', 'tfjs'])).rejects.toThrow(
      "No backend can run kernel 'BoxIou'. Tried: [gpu] init failed: no CUDA device, [cpu] kernel not registered, " +
      '[tfjs] not registered (import its package, e.g. @tensoreval/backend-tfjs). See errors/TE-302.md',
    );
  });

  it('says when no backend is registered at all', async () => {
    await expect(resolveBackend('TopK')).rejects.toThrow(
      "No backend can run kernel 'TopK'. Tried: no backend is registered (import @tensoreval/backend-cpu). See errors/TE-302.md",
    );
  });

  it('an explicitly requested backend that cannot load is TE-301 with its install hint', async () => {
    const hint = 'Install it with: ONNXRUNTIME_NODE_INSTALL=skip npm i onnxruntime-node';
    registerBackend('onnx', fakeBackend('onnx', () => Promise.reject(new Error("Cannot find module 'onnxruntime-node'")), { installHint: hint }), -1);
    const attempt = resolveBackend('PairwiseCosine', 'onnx');
    await expect(attempt).rejects.toBeInstanceOf(BackendUnavailableError);
    await expect(resolveBackend('PairwiseCosine', 'onnx')).rejects.toThrow(
      "Backend 'onnx' cannot run kernel 'PairwiseCosine': [onnx] init failed: Cannot find module 'onnxruntime-node'. " +
      `${hint} See errors/TE-301.md`,
    );
  });

  it('an unregistered explicit backend is TE-301 naming the package to import', async () => {
    await expect(resolveBackend('TopK', 'gpujs')).rejects.toThrow(
      /^Backend 'gpujs' cannot run kernel 'TopK': \[gpujs\] not registered \(import its package, e\.g\. @tensoreval\/backend-gpujs\)\. See errors\/TE-301\.md$/,
    );
  });

  it('warns once when an explicitly requested backend is skipped for the next hint', async () => {
    const seen: TensorEvalWarning[] = [];
    setWarningHandler((w) => seen.push(w));
    registerBackend('onnx', fakeBackend('onnx', () => { throw new Error('not installed'); }), -1);
    registerBackend('cpu', fakeBackend('cpu'), 1);
    withCounts('cpu');
    expect((await resolveBackend('ConfusionCounts', ['onnx', 'cpu'])).backend.name).toBe('cpu');
    expect(seen).toEqual([{ category: 'BackendFallbackWarning', message: "Kernel 'ConfusionCounts' falls back to backend 'cpu'. Skipped: [onnx] init failed: not installed." }]);
    // auto skips silently
    seen.length = 0;
    expect((await resolveBackend('ConfusionCounts')).backend.name).toBe('cpu');
    expect(seen).toEqual([]);
  });
});

describe('the measured auto table', () => {
  it('picks the order of the first size bucket that fits, then the priority list', async () => {
    registerBackend('cpu', fakeBackend('cpu'), 1);
    registerBackend('onnx', fakeBackend('onnx'), -1);
    withCounts('cpu');
    withCounts('onnx');
    setAutoPriorities({ cpu: { ConfusionCounts: [{ upTo: 1000, order: ['cpu'] }, { upTo: Infinity, order: ['onnx', 'cpu'] }] } });
    expect((await resolveBackend('ConfusionCounts', 'auto', 10)).backend.name).toBe('cpu');
    expect((await resolveBackend('ConfusionCounts', 'auto', 1000)).backend.name).toBe('cpu');
    expect((await resolveBackend('ConfusionCounts', 'auto', 1001)).backend.name).toBe('onnx');
    // kernels without rules follow priorities, where the opt-in backend never appears
    registerKernel({ kernelName: 'TopK', backendName: 'onnx', kernelFunc: () => ({ indices: new Int32Array(0), values: new Float64Array(0) }) });
    await expect(resolveBackend('TopK', 'auto', 1e6)).rejects.toThrow(/Tried: \[cpu\] kernel not registered\./);
  });

  it('skips a table entry that failed to initialise, silently', async () => {
    const seen: TensorEvalWarning[] = [];
    setWarningHandler((w) => seen.push(w));
    registerBackend('cpu', fakeBackend('cpu'), 1);
    registerBackend('onnx', fakeBackend('onnx', () => { throw new Error('absent'); }), -1);
    withCounts('cpu');
    setAutoPriorities({ cpu: { ConfusionCounts: [{ upTo: Infinity, order: ['onnx'] }] } });
    expect((await resolveBackend('ConfusionCounts', 'auto', 5)).backend.name).toBe('cpu');
    expect(seen).toEqual([]);
  });
});

describe('the auto tables follow the device each backend got', () => {
  const HOST: DeviceInfo = { api: 'cpu', adapter: 'x86 CPU', type: 'cpu' };
  const LAVAPIPE: DeviceInfo = { api: 'webgpu', adapter: 'llvmpipe', type: 'cpu' };
  const H100: DeviceInfo = { api: 'webgpu', adapter: 'NVIDIA H100', type: 'discrete' };
  const CUDA: DeviceInfo = { api: 'cuda', adapter: 'CUDA device 0', type: 'discrete' };
  // Measured: on CPU engines onnx beats cpu; on a hardware GPU gpujs and onnx do, tfjs does not.
  const tables = {
    cpu: { ConfusionCounts: [{ upTo: Infinity, order: ['onnx', 'cpu', 'tfjs'] }] },
    gpu: { ConfusionCounts: [{ upTo: 100, order: ['cpu', 'gpujs'] }, { upTo: Infinity, order: ['gpujs', 'onnx', 'cpu', 'tfjs'] }] },
  };
  function setup(devices: Record<string, DeviceInfo | undefined>): void {
    registerBackend('cpu', fakeBackend('cpu'), 1);
    withCounts('cpu');
    for (const [name, device] of Object.entries(devices)) {
      registerBackend(name, fakeBackend(name, () => {}, { device: () => device }), -1);
      withCounts(name);
    }
    setAutoPriorities(tables);
  }
  const pick = async (size: number) => (await resolveBackend('ConfusionCounts', 'auto', size)).backend.name;

  it('the same names rank differently by the device they got', async () => {
    setup({ onnx: HOST, gpujs: H100, tfjs: H100 });
    expect(await pick(1000)).toBe('gpujs');
    removeBackend('gpujs');
    // onnx on its CPU engine is ranked by the cpu table, where it leads
    expect(await pick(1000)).toBe('onnx');
    // below the GPU table's crossover cpu leads there, and onnx still leads on the CPU table
    expect(await pick(10)).toBe('onnx');
  });

  it('a backend on a hardware GPU is not promoted by rows measured on CPU engines', async () => {
    setup({ onnx: CUDA });
    // the GPU table ranks onnx above cpu only from size 101; below, the cpu table's onnx row is for a CPU engine
    expect(await pick(10)).toBe('cpu');
    expect(await pick(1000)).toBe('onnx');
    expect(resolveBackendSync('ConfusionCounts', 'auto', 10).backend.name).toBe('cpu');
  });

  it('a software adapter is never promoted, by either table', async () => {
    setup({ onnx: LAVAPIPE, gpujs: LAVAPIPE, tfjs: LAVAPIPE });
    expect(await pick(10)).toBe('cpu');
    expect(await pick(1000)).toBe('cpu');
    expect(resolveBackendSync('ConfusionCounts', 'auto', 1000).backend.name).toBe('cpu');
    // asked for by name, it still runs there
    expect((await resolveBackend('ConfusionCounts', 'onnx')).backend.name).toBe('onnx');
  });

  it('a backend without device() counts as a CPU engine', async () => {
    setup({ onnx: undefined });
    expect(await pick(1000)).toBe('onnx');
  });

  it('when nothing fits, the error says which table the skipped backend came from', async () => {
    registerBackend('onnx', fakeBackend('onnx', () => {}, { device: () => LAVAPIPE }), -1);
    withCounts('onnx');
    setAutoPriorities(tables);
    await expect(resolveBackend('ConfusionCounts', 'auto', 1000)).rejects.toThrow(
      /\[onnx\] ranked by the gpu table, but its device is not of that kind, \[onnx\] ranked by the cpu table, but its device is not of that kind/);
  });
});

describe('synchronous resolution', () => {
  it('initialises a synchronous backend on the spot and runs its kernel', () => {
    const b = fakeBackend('cpu');
    registerBackend('cpu', b, 1);
    withCounts('cpu');
    expect(runKernelSync('ConfusionCounts', inputs, attrs).counts).toEqual(Float64Array.of(3));
    expect(b.inits).toBe(1);
  });

  it('skips a backend still initialising asynchronously', () => {
    registerBackend('slow', fakeBackend('slow', () => new Promise(() => {})), 5);
    registerBackend('cpu', fakeBackend('cpu'), 1);
    withCounts('slow');
    withCounts('cpu');
    expect(resolveBackendSync('ConfusionCounts', ['slow', 'cpu']).backend.name).toBe('cpu');
    expect(() => resolveBackendSync('ConfusionCounts', 'slow')).toThrow(/\[slow\] still initialising \(use the async API\)/);
  });

  it('skips a kernel that needs an async setup not yet run', () => {
    registerBackend('onnx', fakeBackend('onnx'), 5);
    withCounts('onnx', { setup: async () => {} });
    expect(() => resolveBackendSync('ConfusionCounts', 'onnx')).toThrow(/\[onnx\] kernel needs async setup/);
  });

  it('refuses a kernel that returns a promise', () => {
    registerBackend('cpu', fakeBackend('cpu'), 1);
    withCounts('cpu', { async: true });
    expect(() => runKernelSync('ConfusionCounts', inputs, attrs)).toThrow(/^Kernel 'ConfusionCounts' on backend 'cpu' is asynchronous; use runKernel\. See errors\/TE-304\.md$/);
  });
});

describe('runKernel', () => {
  it('wraps a backend crash in TE-304 with the cause, and passes library errors through', async () => {
    registerBackend('cpu', fakeBackend('cpu'), 1);
    withCounts('cpu', { fail: new RangeError('offset out of bounds') });
    const attempt = runKernel('ConfusionCounts', inputs, attrs);
    await expect(attempt).rejects.toThrow("Backend 'cpu' failed while running kernel 'ConfusionCounts': offset out of bounds. See errors/TE-304.md");
    await attempt.catch((e: TensorEvalError) => {
      expect(e.code).toBe('TE-304');
      expect(e.cause).toBeInstanceOf(RangeError);
    });
    unregisterKernel('ConfusionCounts', 'cpu');
    const own = new TensorEvalError('TE-203', 'Expected `x` of f to be valid, but got 2.');
    withCounts('cpu', { fail: own });
    await expect(runKernel('ConfusionCounts', inputs, attrs)).rejects.toBe(own);
  });
});
