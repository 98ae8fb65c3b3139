import type { DeviceInfo } from './device-request';

/**
 * What a backend's measurements are valid for: `cpu` (a CPU engine: plain code, WebAssembly, a CPU
 * execution provider), `gpu` (a hardware GPU through CUDA or WebGPU), or `software` (a WebGPU
 * software adapter such as lavapipe; no measured table ever promotes it).
 */
export type DeviceKind = 'cpu' | 'gpu' | 'software';

/** The kind of the device a backend reports; a backend without `device()` runs on the CPU. */
export function deviceKind(info: DeviceInfo | undefined): DeviceKind {
  if (!info || info.api === 'cpu' || info.api === 'wasm') return 'cpu';
  return info.type === 'cpu' ? 'software' : 'gpu';
}
