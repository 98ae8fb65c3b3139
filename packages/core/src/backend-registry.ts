import { type Backend, isBackend } from './backend';
import { deviceKind, type DeviceKind } from './device/device-kind';
import { BackendUnavailableError, KernelNotRegisteredError, TensorEvalError } from './errors';
import { getKernel, type KernelConfig } from './kernel-registry';
import type { KernelName } from './kernel-names';
import { warn } from './warnings';

/**
 * Backend registry (after onnxruntime-js's backend-impl): backends register with a priority,
 * initialise lazily through one shared promise, and an init failure is remembered. Resolution is
 * per kernel: the first backend that initialised and has the kernel.
 */

interface BackendEntry {
  backend: Backend;
  priority: number;
  state: 'new' | 'initializing' | 'ready' | 'failed';
  initPromise?: Promise<void>;
  error?: unknown;
  /** kernels whose setupFunc already ran */
  setupDone: Set<string>;
}

const backends = new Map<string, BackendEntry>();

/** What `auto` prefers per kernel and input size, written from benchmark measurements. */
export interface AutoPriorityRule {
  /** applies to inputs with at most this many elements (Infinity for the last bucket) */
  upTo: number;
  order: string[];
}
export type AutoPriorityTable = Partial<Record<KernelName, AutoPriorityRule[]>>;
/**
 * Measured tables per device kind: `cpu` rows were measured on CPU engines, `gpu` rows on a hardware
 * GPU. A backend is ranked only by the table of the device it actually got; one on a software
 * adapter is in neither, so `auto` never picks it.
 */
export type AutoPriorityTables = Partial<Record<Exclude<DeviceKind, 'software'>, AutoPriorityTable>>;

let autoTables: AutoPriorityTables = {};

/** Installs the measured priority tables used by `auto` (see benchmarks/results). */
export function setAutoPriorities(tables: AutoPriorityTables): void {
  autoTables = tables;
}

export function getAutoPriorities(): AutoPriorityTables {
  return autoTables;
}

/**
 * Registers a backend. Priority >= 0 makes it an automatic candidate (higher first);
 * a negative priority means opt-in only: used when named explicitly or by the measured `auto` table.
 */
export function registerBackend(name: string, backend: Backend, priority: number): void {
  if (!isBackend(backend)) throw new TypeError('not a valid backend');
  const existing = backends.get(name);
  if (existing && existing.backend === backend) {
    existing.priority = priority;
    return;
  }
  backends.set(name, { backend, priority, state: 'new', setupDone: new Set() });
}

export function removeBackend(name: string): void {
  const entry = backends.get(name);
  if (entry?.state === 'ready') entry.backend.dispose();
  backends.delete(name);
}

export function listBackends(): Array<{ name: string; priority: number; state: BackendEntry['state']; error?: string }> {
  return [...backends.entries()].map(([name, e]) => ({
    name,
    priority: e.priority,
    state: e.state,
    ...(e.error === undefined ? {} : { error: errorText(e.error) }),
  }));
}

export function getBackend(name: string): Backend | undefined {
  return backends.get(name)?.backend;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function startInit(entry: BackendEntry): void {
  if (entry.state !== 'new') return;
  entry.state = 'initializing';
  let result: void | Promise<void>;
  try {
    result = entry.backend.init();
  } catch (error) {
    entry.state = 'failed';
    entry.error = error;
    entry.initPromise = Promise.resolve();
    return;
  }
  if (result && typeof (result as Promise<void>).then === 'function') {
    entry.initPromise = (result as Promise<void>).then(
      () => { entry.state = 'ready'; },
      (error: unknown) => { entry.state = 'failed'; entry.error = error; },
    );
  } else {
    entry.state = 'ready';
    entry.initPromise = Promise.resolve();
  }
}

/** Initialises a backend once; resolves true when ready, false when its init failed (the failure is cached). */
export async function initBackend(name: string): Promise<boolean> {
  const entry = backends.get(name);
  if (!entry) return false;
  startInit(entry);
  await entry.initPromise;
  return entry.state === 'ready';
}

export type BackendHint = string | readonly string[] | undefined;

/** A backend to try; `kind`: it counts only if its device is of that kind (it came from that measured table). */
interface Candidate {
  name: string;
  kind?: DeviceKind;
}

/**
 * The `auto` candidates: the hardware-GPU table's rule first (only the backends it ranks above cpu,
 * the reference measured beside them), then the CPU-engine table's rule, then the priority list.
 */
function autoCandidates(kernelName: KernelName, size: number): Candidate[] {
  const out: Candidate[] = [];
  for (const kind of ['gpu', 'cpu'] as const) {
    const rule = autoTables[kind]?.[kernelName]?.find((r) => size <= r.upTo);
    if (!rule) continue;
    const cut = kind === 'gpu' ? rule.order.indexOf('cpu') : -1;
    for (const name of cut < 0 ? rule.order : rule.order.slice(0, cut)) out.push({ name, kind });
  }
  const byPriority = [...backends.entries()]
    .filter(([, e]) => e.priority >= 0)
    .sort((a, b) => b[1].priority - a[1].priority);
  for (const [name] of byPriority) out.push({ name });
  return out;
}

function candidates(hints: BackendHint, kernelName: KernelName, size: number): { list: Candidate[]; explicit: boolean } {
  const hintList = typeof hints === 'string' ? [hints] : hints ? [...hints] : ['auto'];
  const list: Candidate[] = [];
  let explicit = false;
  for (const h of hintList) {
    if (h === 'auto') {
      list.push(...autoCandidates(kernelName, size));
    } else {
      explicit = true;
      list.push({ name: h });
    }
  }
  const seen = new Set<string>();
  return { list: list.filter((c) => !seen.has(`${c.name}/${c.kind}`) && seen.add(`${c.name}/${c.kind}`)), explicit };
}

/** Whether a ready backend's device fits the table its candidate came from. */
function onKind(entry: BackendEntry, kind: DeviceKind | undefined): boolean {
  return kind === undefined || deviceKind(entry.backend.device?.()) === kind;
}

export interface ResolvedKernel<K extends KernelName> {
  backend: Backend;
  config: KernelConfig<K>;
}

function unavailableHint(name: string): string {
  const hint = backends.get(name)?.backend.installHint;
  return hint ? ` ${hint}` : '';
}

async function ensureSetup<K extends KernelName>(entry: BackendEntry, config: KernelConfig<K>): Promise<void> {
  if (config.setupFunc && !entry.setupDone.has(config.kernelName)) {
    await config.setupFunc(entry.backend);
    entry.setupDone.add(config.kernelName);
  }
}

/**
 * Finds the backend that runs `kernelName`: walks the hints (or `auto`), initialising lazily, and
 * returns the first that initialised and has the kernel. Throws one aggregated error naming every
 * backend tried and why. An explicitly named backend that is skipped produces one warning.
 */
export async function resolveBackend<K extends KernelName>(kernelName: K, hints?: BackendHint, size = 0): Promise<ResolvedKernel<K>> {
  const { list, explicit } = candidates(hints, kernelName, size);
  const tried: SkippedBackend[] = [];
  for (const { name, kind } of list) {
    const entry = backends.get(name);
    if (!entry) {
      tried.push({ backend: name, reason: explicit ? 'not-imported' : 'not-registered' });
      continue;
    }
    startInit(entry);
    await entry.initPromise;
    if (entry.state !== 'ready') {
      tried.push({ backend: name, reason: 'init-failed', detail: errorText(entry.error) });
      continue;
    }
    if (!onKind(entry, kind)) {
      tried.push({ backend: name, reason: 'other-device', detail: kind });
      continue;
    }
    const config = getKernel(kernelName, name);
    if (!config) {
      tried.push({ backend: name, reason: 'kernel-missing' });
      continue;
    }
    if (explicit && tried.length > 0) warn('BackendFallbackWarning', `Kernel '${kernelName}' falls back to backend '${name}'. Skipped: ${tried.map(describeSkip).join(', ')}.`);
    await ensureSetup(entry, config);
    return { backend: entry.backend, config };
  }
  throw noBackendError(kernelName, list.map((c) => c.name), tried);
}

/** Why resolution passed over a backend: a typed reason, turned into text only for messages. */
interface SkippedBackend {
  backend: string;
  reason: 'not-registered' | 'not-imported' | 'init-failed' | 'initializing' | 'kernel-missing' | 'needs-async-setup' | 'other-device';
  /** the init error's text, for 'init-failed'; the table's device kind, for 'other-device' */
  detail?: string;
}

function describeSkip(s: SkippedBackend): string {
  switch (s.reason) {
    case 'not-registered': return `[${s.backend}] not registered`;
    case 'not-imported': return `[${s.backend}] not registered (import its package, e.g. @tensoreval/backend-${s.backend})`;
    case 'init-failed': return `[${s.backend}] init failed: ${s.detail ?? ''}`;
    case 'initializing': return `[${s.backend}] still initialising (use the async API)`;
    case 'kernel-missing': return `[${s.backend}] kernel not registered`;
    case 'needs-async-setup': return `[${s.backend}] kernel needs async setup`;
    case 'other-device': return `[${s.backend}] ranked by the ${s.detail ?? ''} table, but its device is not of that kind`;
  }
}

function noBackendError(kernelName: string, names: string[], tried: SkippedBackend[]): TensorEvalError {
  const only = names.length === 1 && tried.length === 1 ? tried[0] : undefined;
  // one backend, asked for by name, that is not installed or did not start: TE-301 with its install hint
  if (only && (only.reason === 'init-failed' || only.reason === 'not-imported')) {
    return new BackendUnavailableError('TE-301', `Backend '${only.backend}' cannot run kernel '${kernelName}': ${describeSkip(only)}.${unavailableHint(only.backend)}`);
  }
  const detail = tried.length ? tried.map(describeSkip).join(', ') : 'no backend is registered (import @tensoreval/backend-cpu)';
  return new KernelNotRegisteredError('TE-302', `No backend can run kernel '${kernelName}'. Tried: ${detail}.`);
}

/**
 * Synchronous resolution for hot paths that cannot await (e.g. per-image loops): considers only
 * backends that are already initialised and whose kernel function is synchronous in practice.
 * Backends with a synchronous init (like cpu) are initialised on the spot.
 */
export function resolveBackendSync<K extends KernelName>(kernelName: K, hints?: BackendHint, size = 0): ResolvedKernel<K> {
  const { list } = candidates(hints, kernelName, size);
  const tried: SkippedBackend[] = [];
  for (const { name, kind } of list) {
    const entry = backends.get(name);
    if (!entry) { tried.push({ backend: name, reason: 'not-registered' }); continue; }
    startInit(entry);
    if (entry.state === 'initializing') { tried.push({ backend: name, reason: 'initializing' }); continue; }
    if (entry.state !== 'ready') { tried.push({ backend: name, reason: 'init-failed', detail: errorText(entry.error) }); continue; }
    if (!onKind(entry, kind)) { tried.push({ backend: name, reason: 'other-device', detail: kind }); continue; }
    const config = getKernel(kernelName, name);
    if (!config) { tried.push({ backend: name, reason: 'kernel-missing' }); continue; }
    if (config.setupFunc && !entry.setupDone.has(kernelName)) { tried.push({ backend: name, reason: 'needs-async-setup' }); continue; }
    return { backend: entry.backend, config };
  }
  throw noBackendError(kernelName, list.map((c) => c.name), tried);
}
