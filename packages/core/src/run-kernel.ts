import { resolveBackend, resolveBackendSync, type BackendHint } from './backend-registry';
import { TensorEvalError } from './errors';
import type { KernelAttrs, KernelInputs, KernelName, KernelOutputs } from './kernel-names';

export interface RunKernelOptions {
  /** 'auto' (default), a backend name, or an ordered list of names */
  backend?: BackendHint;
  /** input size used to pick the `auto` bucket (elements); 0 when unknown */
  size?: number;
}

/** Runs a kernel on the backend resolved for it. */
export async function runKernel<K extends KernelName>(
  kernelName: K,
  inputs: KernelInputs<K>,
  attrs: KernelAttrs<K>,
  options: RunKernelOptions = {},
): Promise<KernelOutputs<K>> {
  const { backend, config } = await resolveBackend(kernelName, options.backend, options.size ?? 0);
  try {
    return await config.kernelFunc({ inputs, attrs, backend });
  } catch (error) {
    if (error instanceof TensorEvalError) throw error;
    throw new TensorEvalError('TE-304', `Backend '${backend.name}' failed while running kernel '${kernelName}': ${error instanceof Error ? error.message : String(error)}.`, { cause: error });
  }
}

/**
 * Runs a kernel synchronously. Only backends already initialised whose kernel returns a value
 * (not a promise) qualify; `cpu` always does. Meant for hot loops of the float64 reference paths.
 */
export function runKernelSync<K extends KernelName>(
  kernelName: K,
  inputs: KernelInputs<K>,
  attrs: KernelAttrs<K>,
  options: RunKernelOptions = {},
): KernelOutputs<K> {
  const { backend, config } = resolveBackendSync(kernelName, options.backend ?? 'cpu', options.size ?? 0);
  const out = config.kernelFunc({ inputs, attrs, backend });
  if (out && typeof (out as Promise<unknown>).then === 'function') {
    throw new TensorEvalError('TE-304', `Kernel '${kernelName}' on backend '${backend.name}' is asynchronous; use runKernel.`);
  }
  return out as KernelOutputs<K>;
}
