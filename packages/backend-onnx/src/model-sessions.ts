import { readFile } from 'node:fs/promises';
import {
  errorFirstLine,
  BackendUnavailableError, TensorEvalError, probeWebGpuAdapter, registerModelRuntime,
  type DeviceClass, type ModelInput, type ModelOutput, type ModelRuntime, type ModelSession, type ModelSessionOptions, type WebGpuProbe,
} from '@tensoreval/core';
import type * as Ort from 'onnxruntime-node';
import { configuredDevice, createDeviceSession, loadOrt, quietOrtLogging, sessionOptions, threadCount } from './base';
import { planProviders, type ExecutionProvider } from './providers';

/**
 * Model files (BERT-like encoders, classifiers, causal LMs) on onnxruntime-node, for the model-based
 * metrics. Kernel graphs and model files share `loadOrt`, so onnxruntime is imported in one place.
 */
export class OnnxModelSession implements ModelSession {
  constructor(
    private readonly ort: typeof Ort,
    private readonly session: Ort.InferenceSession,
    /** the execution provider the session was created on (for diagnostics and tests) */
    readonly executionProvider: string,
  ) {}

  get inputNames(): readonly string[] {
    return this.session.inputNames;
  }

  get outputNames(): readonly string[] {
    return this.session.outputNames;
  }

  async run(feeds: Record<string, ModelInput>, outputs?: readonly string[]): Promise<Record<string, ModelOutput>> {
    const tensors: Record<string, Ort.Tensor> = {};
    for (const [name, input] of Object.entries(feeds)) tensors[name] = new this.ort.Tensor('int64', input.data, input.dims);
    const result = outputs ? await this.session.run(tensors, [...outputs]) : await this.session.run(tensors);
    const out: Record<string, ModelOutput> = {};
    for (const [name, tensor] of Object.entries(result)) {
      out[name] = { data: tensor.data as Float32Array, dims: tensor.dims };
    }
    return out;
  }

  async release(): Promise<void> {
    await this.session.release();
  }
}

/**
 * Loads an .onnx file into a session, on the device TENSOREVAL_DEVICE asks for, by the kernel
 * graphs' rules (planProviders, createDeviceSession): `auto` tries CUDA, a hardware WebGPU adapter,
 * then the CPU EP; `gpu` never takes a software adapter; `webgpu`/`cuda` allow no CPU fallback. A
 * file that cannot be read or loaded is TE-701 naming the path; a device that cannot run it, TE-303.
 */
async function loadSession(modelPath: string, options: ModelSessionOptions = {}): Promise<ModelSession> {
  const ort = await loadOrt();
  quietOrtLogging(ort);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(modelPath);
  } catch (error) {
    throw new TensorEvalError('TE-701', `Model file ${modelPath} cannot be read (${(error as Error).message}).`, { cause: error });
  }
  const threads = options.threads ?? threadCount();
  // Explicit providers are used as given, in one session (onnxruntime takes the first that works).
  if (options.executionProviders) {
    try {
      const session = await ort.InferenceSession.create(bytes, { ...sessionOptions('cpu', threads), executionProviders: [...options.executionProviders] });
      return new OnnxModelSession(ort, session, options.executionProviders.join(','));
    } catch (error) {
      throw unloadable(modelPath, error);
    }
  }
  const session = await openOnDevice(ort, bytes, { device: configuredDevice(), probe: probeWebGpuAdapter, threads, path: modelPath });
  return new OnnxModelSession(ort, session.session, session.provider);
}

export interface DeviceChoice {
  device: DeviceClass;
  probe: () => Promise<WebGpuProbe>;
  threads: number;
  /** the model file, for messages */
  path: string;
}

/** The session for a model file's bytes on the first provider of the device plan that can run all of it. */
export async function openOnDevice(
  ort: typeof Ort,
  bytes: Uint8Array,
  { device, probe, threads, path }: DeviceChoice,
): Promise<{ session: Ort.InferenceSession; provider: ExecutionProvider }> {
  const plan = await planProviders(device, probe);
  const rejected: Record<string, string> = { ...plan.skipped };
  let lastError: unknown;
  for (const provider of plan.order) {
    try {
      const { session } = await createDeviceSession(ort, bytes, sessionOptions(provider, threads), device, `model file ${path}`);
      return { session, provider };
    } catch (error) {
      if (error instanceof BackendUnavailableError) throw error;
      lastError = error;
      rejected[provider] = errorFirstLine(error);
    }
  }
  if (plan.order.includes('cpu')) throw unloadable(path, lastError);
  // No CPU provider in the plan: the device is to blame only if the file loads on the CPU EP.
  try {
    await (await ort.InferenceSession.create(bytes, sessionOptions('cpu', threads))).release();
  } catch (error) {
    throw unloadable(path, error);
  }
  throw new BackendUnavailableError('TE-303',
    `Model file ${path} cannot run on TENSOREVAL_DEVICE=${device}: no usable execution provider (${JSON.stringify(rejected)}).`, { cause: lastError });
}

function unloadable(path: string, error: unknown): TensorEvalError {
  return new TensorEvalError('TE-701', `Model file ${path} is not a model onnxruntime can load: ${errorFirstLine(error)}.`, { cause: error });
}

export const onnxModelRuntime: ModelRuntime = { name: 'onnx', loadSession };

registerModelRuntime(onnxModelRuntime);
