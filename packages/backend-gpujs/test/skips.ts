import { KERNEL_NAMES, type KernelName } from '@tensoreval/core';

const SEQUENTIAL = 'run-length encoding and run arithmetic are sequential; they stay on cpu';
const SORTS = 'sorts and sweeps have no per-thread form worth running on gpu.js; they stay on cpu';

const reasons: Partial<Record<KernelName, string>> = {
  RleEncode: SEQUENTIAL, RleArea: SEQUENTIAL, RleToBbox: SEQUENTIAL, RleMerge: SEQUENTIAL,
  PrecisionRecallSweep: SORTS, RocAuc: SORTS, TopK: SORTS, InterpolatedAp: 'a tiny sequential reduction; it stays on cpu',
  ConfusionCounts: 'a scatter-add (bincount) has no race-free gpu.js form; it stays on cpu',
};

/** Every kernel the gpujs backend does not register, with its reason (kernels added later: stays on cpu). */
export const gpujsSkips = Object.fromEntries(
  KERNEL_NAMES.filter((k) => !['PairwiseCosine', 'BitmaskIntersections', 'BoxIou', 'PolygonToRle', 'RleDecode', 'RleIou'].includes(k))
    .map((k) => [k, reasons[k] ?? 'not implemented on gpujs; it runs on cpu']),
) as Partial<Record<KernelName, string>>;
