import type * as TfCore from '@tensorflow/tfjs-core';
import { tfjs, tfjsTraffic } from '../base';
import { readBack, uploaded } from '../tensors';

/** The part of tfjs-backend-webgpu's program interface these kernels fill in (4.22). */
interface WebGpuProgram {
  outputShape: number[];
  shaderKey: string;
  dispatchLayout: { x: number[] };
  dispatch: [number, number, number];
  variableNames: string[];
  uniforms?: string;
  workgroupSize: [number, number, number];
  getUserCode: () => string;
}

interface WebGpuBackend {
  runWebGPUProgram(program: WebGpuProgram, inputs: TfCore.TensorInfo[], dtype: 'int32', uniforms?: { type: 'int32'; data: number[] }[]): TfCore.TensorInfo;
}

/** One compute pass of our own WGSL: int32 storage buffers in, one int32 buffer out. */
export interface WgslPass {
  /** names the pipeline in tfjs' cache; one per distinct `code` */
  key: string;
  /** WGSL with `fn main(index: i32)`; inputs are `array<i32>` under `inputs`' names, the output is `result` */
  code: string;
  /** storage inputs, bound in this order under these names */
  inputs: Record<string, TfCore.Tensor>;
  /** int32 uniforms, read as `uniforms.<name>` */
  uniforms?: Record<string, number>;
  /** invocations (`index` runs 0..threads-1, rounded up to whole workgroups: guard with a bound) */
  threads: number;
  /** output length in int32 words */
  outputLength: number;
  /** invocations per workgroup (default 64) */
  workgroupSize?: number;
}

/**
 * Runs one WGSL pass through tfjs-backend-webgpu's `runWebGPUProgram`, so its buffers, pipeline
 * cache and command queue are shared with every other tfjs op. Returns the output as a tensor the
 * caller disposes.
 */
export function runWgsl(pass: WgslPass): TfCore.Tensor {
  const tf = tfjs();
  const backend = tf.backend() as unknown as WebGpuBackend;
  const workgroup = pass.workgroupSize ?? 64;
  const names = Object.keys(pass.inputs);
  const uniformNames = Object.keys(pass.uniforms ?? {});
  const program: WebGpuProgram = {
    outputShape: [pass.outputLength],
    shaderKey: `tensoreval_${pass.key}`,
    dispatchLayout: { x: [0] },
    // tfjs reshapes an x count over the device limit into y/z and getGlobalIndex() follows it.
    dispatch: [Math.max(1, Math.ceil(pass.threads / workgroup)), 1, 1],
    variableNames: names,
    uniforms: uniformNames.map((u) => `${u} : i32,`).join(' '),
    workgroupSize: [workgroup, 1, 1],
    getUserCode: () => pass.code,
  };
  const uniforms = uniformNames.map((u) => ({ type: 'int32' as const, data: [(pass.uniforms as Record<string, number>)[u] as number] }));
  tfjsTraffic.dispatches++;
  const info = backend.runWebGPUProgram(program, names.map((n) => pass.inputs[n] as TfCore.Tensor), 'int32', uniforms);
  return tf.engine().makeTensorFromTensorInfo(info);
}

/** Uploads host words as a 1-D int32 tensor; no words upload one unread word (WebGPU refuses a zero-size binding). */
export function uploadWords(words: Int32Array): TfCore.Tensor {
  return uploaded(tfjs().tensor1d(words.length > 0 ? words : new Int32Array(1), 'int32'));
}

/** Downloads a tensor's int32 words and disposes it. */
export async function downloadWords(t: TfCore.Tensor): Promise<Int32Array> {
  try {
    return (await readBack(t)) as Int32Array;
  } finally {
    t.dispose();
  }
}
