import type { DeviceInfo } from './device/device-request';
import type { DeviceTraffic } from './device/traffic';

/**
 * A compute engine. Backends are registered by name with a priority; `init` runs at most once
 * (lazily, on first use) and a failure is remembered, so an unavailable engine costs one attempt.
 */
export interface Backend {
  readonly name: string;
  /** Precision of the floats this backend computes in; selects test tolerances. */
  readonly floatPrecision: 32 | 64;
  /** Loads the engine. Heavy engines are imported here with `await import(...)`. */
  init(): void | Promise<void>;
  dispose(): void;
  /** What actually runs (e.g. the ONNX execution provider or the gpu.js mode), for results and logs. */
  describe?(): Record<string, string | number | boolean>;
  /** The device it computes on once initialised (undefined before); backends without it run on the CPU. */
  device?(): DeviceInfo | undefined;
  /** Host↔device traffic counted since the backend loaded (a copy); for tests and diagnostics. */
  traffic?(): DeviceTraffic;
  /** One line telling the user how to install what this backend needs. */
  readonly installHint?: string;
}

export function isBackend(value: unknown): value is Backend {
  if (typeof value !== 'object' || value === null) return false;
  const b = value as Partial<Backend>;
  return typeof b.name === 'string' && (b.floatPrecision === 32 || b.floatPrecision === 64) &&
    typeof b.init === 'function' && typeof b.dispose === 'function';
}
