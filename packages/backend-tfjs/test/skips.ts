import { KERNEL_NAMES, type KernelName } from '@tensoreval/core';

const SEQUENTIAL = 'run-length coding and rasterisation are sequential; they stay on cpu';
const SORTS = 'sorts, sweeps and matching run in WGSL only on tfjs-backend-webgpu; elsewhere they stay on cpu';

const reasons: Partial<Record<KernelName, string>> = {
  RleEncode: SEQUENTIAL, RleDecode: SEQUENTIAL, RleArea: SEQUENTIAL, RleToBbox: SEQUENTIAL, RleMerge: SEQUENTIAL,
  PolygonToRle: SEQUENTIAL, RleIou: 'masks go through BitmaskIntersections (matMul) instead',
  PrecisionRecallSweep: SORTS, RocAuc: SORTS, InterpolatedAp: SORTS, MatchDetections: SORTS, MatchBoxDetections: SORTS,
  TopK: 'tf.topk exists, but selection after PairwiseCosine stays on the host (cosineTopK merges tiles there)',
};

const EVERYWHERE: readonly KernelName[] = ['PairwiseCosine', 'CosineTopK', 'BitmaskIntersections', 'BoxIou', 'ConfusionCounts'];
/** Kernels registered only while tfjs runs on tfjs-backend-webgpu (WGSL programs). */
export const WEBGPU_ONLY: readonly KernelName[] = ['PrecisionRecallSweep', 'RocAuc', 'InterpolatedAp', 'MatchDetections', 'MatchBoxDetections'];

function skipsFor(registered: readonly KernelName[]): Partial<Record<KernelName, string>> {
  return Object.fromEntries(
    KERNEL_NAMES.filter((k) => !registered.includes(k)).map((k) => [k, reasons[k] ?? 'not implemented on tfjs; it runs on cpu']),
  ) as Partial<Record<KernelName, string>>;
}

/** Every kernel the tfjs backend does not register on tensorflow/wasm/cpu, with its reason. */
export const tfjsSkips = skipsFor(EVERYWHERE);
/** The same on tfjs-backend-webgpu, where the WGSL kernels are registered too. */
export const tfjsWebgpuSkips = skipsFor([...EVERYWHERE, ...WEBGPU_ONLY]);
