import { availableParallelism } from 'node:os';
import {
  errorFirstLine,
  BackendUnavailableError, hostCpuDevice, newDeviceTraffic, probeWebGpuAdapter, registerBackend, requestedDevice, webgpuDeviceInfo,
  type Backend, type DeviceClass, type DeviceInfo,
} from '@tensoreval/core';
import type * as Ort from 'onnxruntime-node';
import { cosineGemmModel } from './graphs';
import { planProviders, type ExecutionProvider } from './providers';

export { EXECUTION_PROVIDER_ORDER, type ExecutionProvider } from './providers';

export interface OnnxBackendOptions {
  /** cap on intra-op threads; default: every available core */
  maxThreads?: number;
  /** providers to try, in order; default: planned from `device` (see planProviders) */
  executionProviders?: readonly ExecutionProvider[];
  /** device class; default: TENSOREVAL_DEVICE, else `auto` */
  device?: DeviceClass;
  /** where the chosen provider and each failed probe are reported; default: stderr when TENSOREVAL_LOG is set, else nowhere */
  log?: (line: string) => void;
  /** keep onnxruntime's own logging at its default level (it reports the expected failed probes as errors) */
  verboseOrt?: boolean;
}

export const ONNX_INSTALL_HINT = 'Install it with: ONNXRUNTIME_NODE_INSTALL=skip npm i onnxruntime-node';

interface OnnxState {
  ort: typeof Ort;
  provider: ExecutionProvider;
  device: DeviceClass;
  threads: number;
  /** the WebGPU adapter, when the provider is webgpu */
  webgpu?: DeviceInfo;
  /** kernel graphs with a node onnxruntime placed on its CPU EP instead of the chosen GPU provider */
  cpuPlaced: Set<string>;
  /** why each provider before the chosen one was rejected */
  rejected: Record<string, string>;
  sessions: Map<string, Ort.InferenceSession>;
  pending: Map<string, Promise<void>>;
}

let options: OnnxBackendOptions = {};
let state: OnnxState | undefined;

/** Sets thread cap, provider order and log sink; takes effect at the next init (before first use, or after dispose). */
export function configureOnnxBackend(next: OnnxBackendOptions): void {
  options = { ...next };
}

/** The device class for kernel graphs and model files: the configured one, else TENSOREVAL_DEVICE. */
export function configuredDevice(): DeviceClass {
  return options.device ?? requestedDevice();
}

export function threadCount(): number {
  const cores = availableParallelism();
  const cap = options.maxThreads;
  return cap !== undefined && cap >= 1 ? Math.min(cores, Math.floor(cap)) : cores;
}

/** Session options for one provider (exported for model files, which follow the same device rules). */
export function sessionOptions(provider: ExecutionProvider, threads: number): Ort.InferenceSession.SessionOptions & { executionProviders: ExecutionProvider[] } {
  return { executionProviders: [provider], intraOpNumThreads: threads, interOpNumThreads: 1, graphOptimizationLevel: 'all' };
}

// A failed provider probe is expected (no CUDA libraries, no WebGPU adapter); its reason is kept, not printed.
const QUIET_PROBE = { logSeverityLevel: 4 } as const;

/** Imports onnxruntime-node (once per call site; Node caches the module): the one place the engine is loaded. */
export async function loadOrt(): Promise<typeof Ort> {
  try {
    const mod = (await import('onnxruntime-node')) as typeof Ort & { default?: typeof Ort };
    return mod.InferenceSession ? mod : (mod.default as typeof Ort);
  } catch (error) {
    throw new BackendUnavailableError('TE-301', `Backend 'onnx' requires onnxruntime-node. ${ONNX_INSTALL_HINT}`, { cause: error });
  }
}

/**
 * onnxruntime's process-wide logger is set up with the first session (kernel graph or model file,
 * whichever comes first); unless verboseOrt, it is set to 'fatal' so the expected failed provider probes
 * stay quiet (their reasons are kept in `rejected`; real failures still throw).
 */
export function quietOrtLogging(ort: typeof Ort): void {
  if (!options.verboseOrt) ort.env.logLevel = 'fatal';
}

function logLine(line: string): void {
  if (options.log) options.log(line);
  else if (process.env.TENSOREVAL_LOG) process.stderr.write(`${line}\n`);
}

async function init(): Promise<void> {
  const ort = await loadOrt();
  const threads = threadCount();
  const device = configuredDevice();
  const plan = options.executionProviders
    ? { order: [...options.executionProviders], skipped: {} }
    : await planProviders(device, probeWebGpuAdapter);
  const rejected: Record<string, string> = { ...plan.skipped };
  for (const [provider, why] of Object.entries(plan.skipped)) logLine(`[tensoreval onnx] execution provider '${provider}' skipped: ${why}`);
  const probe = cosineGemmModel();
  // onnxruntime's process-wide logger is set up with the first session, and a missing CUDA library
  // is logged there as an error before any session option applies; the reason is kept in `rejected`.
  quietOrtLogging(ort);
  for (const provider of plan.order) {
    try {
      const session = await ort.InferenceSession.create(probe, { ...sessionOptions(provider, threads), ...QUIET_PROBE });
      await session.release();
      const webgpu = provider === 'webgpu' ? await webgpuDeviceInfo() : undefined;
      state = { ort, provider, device, threads, rejected, sessions: new Map(), pending: new Map(), cpuPlaced: new Set(), ...(webgpu ? { webgpu } : {}) };
      logLine(`[tensoreval onnx] execution provider '${provider}', ${threads} intra-op threads`);
      return;
    } catch (error) {
      rejected[provider] = errorFirstLine(error);
      logLine(`[tensoreval onnx] execution provider '${provider}' unavailable: ${rejected[provider]}`);
    }
  }
  const asked = device === 'auto' ? '' : ` for TENSOREVAL_DEVICE=${device}`;
  throw new BackendUnavailableError('TE-303', `Backend 'onnx' found no usable execution provider${asked}: ${JSON.stringify(rejected)}.`);
}

// Off the CPU provider, a session is first built with onnxruntime's CPU EP fallback disabled, so a
// node that would silently run on the CPU is found. Under an explicit device class that is an
// error (TE-303); under `auto` the mixed session is used and reported as cpuPlaced.
const NO_CPU_FALLBACK = { session: { disable_cpu_ep_fallback: '1' } } as const;

/**
 * A session for `model` on `provider` under the device rules shared by kernel graphs and model
 * files (see NO_CPU_FALLBACK); `what` names the graph or file in the TE-303 message.
 */
export async function createDeviceSession(
  ort: typeof Ort,
  model: Uint8Array,
  base: Ort.InferenceSession.SessionOptions & { executionProviders: readonly ExecutionProvider[] },
  device: DeviceClass,
  what: string,
): Promise<{ session: Ort.InferenceSession; cpuPlaced: boolean }> {
  const provider = base.executionProviders[0];
  if (provider === 'cpu') return { session: await ort.InferenceSession.create(model, base), cpuPlaced: false };
  try {
    return { session: await ort.InferenceSession.create(model, { ...base, extra: NO_CPU_FALLBACK }), cpuPlaced: false };
  } catch (error) {
    const why = errorFirstLine(error);
    if (!/fallback to CPU EP has been explicitly disabled/.test(why)) throw error;
    if (device !== 'auto') {
      throw new BackendUnavailableError('TE-303',
        `Backend 'onnx' cannot run ${what} on ${provider} (TENSOREVAL_DEVICE=${device}): onnxruntime places part of its graph on the CPU EP.`);
    }
    return { session: await ort.InferenceSession.create(model, base), cpuPlaced: true };
  }
}

async function createSession(s: OnnxState, key: string, model: Uint8Array): Promise<Ort.InferenceSession> {
  const { session, cpuPlaced } = await createDeviceSession(s.ort, model, sessionOptions(s.provider, s.threads), s.device, `kernel '${key}'`);
  if (cpuPlaced) s.cpuPlaced.add(key);
  return session;
}

/** The live onnxruntime state; kernels call this only after the registry initialised the backend. */
export function onnxState(): OnnxState {
  if (!state) throw new BackendUnavailableError('TE-303', "Backend 'onnx' is not initialised.");
  return state;
}

/**
 * Creates (once) the session for a kernel graph and warms it up: the first run is several times
 * slower than later ones (arena and weight packing), so it is paid here, not in the first call.
 */
export async function ensureSession(
  key: string,
  model: () => Uint8Array,
  warmup: (session: Ort.InferenceSession, ort: typeof Ort) => Promise<unknown>,
): Promise<void> {
  const s = onnxState();
  if (s.sessions.has(key)) return;
  // Concurrent first calls share one creation instead of building (and leaking) a session each.
  let pending = s.pending.get(key);
  if (!pending) {
    pending = (async () => {
      const created = await createSession(s, key, model());
      await warmup(created, s.ort);
      s.sessions.set(key, created);
    })().finally(() => s.pending.delete(key));
    s.pending.set(key, pending);
  }
  await pending;
}

export function session(key: string): Ort.InferenceSession {
  const found = onnxState().sessions.get(key);
  if (!found) throw new BackendUnavailableError('TE-303', `Backend 'onnx' has no session '${key}' (its kernel setup did not run).`);
  return found;
}

/**
 * Host↔device traffic of the kernel graphs: every feed is an upload, every run a dispatch, every
 * output a download. onnxruntime-node's binding takes host tensors only (GPU-buffer tensors exist in
 * onnxruntime-web, not here), so on the WebGPU or CUDA provider each run copies all its feeds.
 */
const traffic = newDeviceTraffic();

/** Runs a kernel graph's session (see `session`), counting its traffic. */
export async function runSession(
  key: string,
  feeds: Ort.InferenceSession.FeedsType,
): Promise<Ort.InferenceSession.ReturnType> {
  const s = session(key);
  traffic.uploads += Object.keys(feeds).length;
  traffic.dispatches++;
  const out = await s.run(feeds);
  traffic.downloads += Object.keys(out).length;
  return out;
}

/** onnxruntime-node behind the kernel interface: float32, sessions per kernel graph. */
export const onnxBackend: Backend = {
  name: 'onnx',
  floatPrecision: 32,
  installHint: ONNX_INSTALL_HINT,
  init,
  dispose() {
    if (!state) return;
    for (const s of state.sessions.values()) void s.release();
    state = undefined;
  },
  traffic: () => ({ ...traffic }),
  describe(): Record<string, string | number | boolean> {
    if (!state) return { engine: 'onnxruntime-node', initialised: false };
    const rejected = Object.entries(state.rejected).map(([p, why]) => `${p}: ${why}`).join('; ');
    const cpuPlaced = [...state.cpuPlaced].join(', ');
    return {
      engine: 'onnxruntime-node', executionProvider: state.provider, threads: state.threads,
      ...(rejected ? { rejected } : {}), ...(cpuPlaced ? { cpuPlaced } : {}),
    };
  },
  device(): DeviceInfo | undefined {
    if (!state) return undefined;
    if (state.provider === 'cpu') return hostCpuDevice();
    if (state.provider === 'cuda') return { api: 'cuda', adapter: 'CUDA device 0', type: 'discrete' };
    return state.webgpu;
  },
};

// Opt-in (negative priority): `auto` reaches it only through the measured priority table.
registerBackend('onnx', onnxBackend, -1);
