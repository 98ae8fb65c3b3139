import { KERNEL_NAMES, type KernelName } from '@tensoreval/core';

const SEQUENTIAL = 'run-length coding and rasterisation are sequential; they stay on cpu';
const SORTS = 'sorts and sweeps: tfjs topk/cumsum measured 4-30x slower than the cpu radix sort';

const reasons: Partial<Record<KernelName, string>> = {
  RleEncode: SEQUENTIAL, RleDecode: SEQUENTIAL, RleArea: SEQUENTIAL, RleToBbox: SEQUENTIAL, RleMerge: SEQUENTIAL,
  PolygonToRle: SEQUENTIAL, RleIou: 'masks go through BitmaskIntersections (matMul) instead',
  PrecisionRecallSweep: SORTS, RocAuc: SORTS, InterpolatedAp: 'a tiny sequential reduction; it stays on cpu',
  TopK: 'tf.topk exists, but selection after PairwiseCosine stays on the host (cosineTopK merges tiles there)',
};

/** Every kernel the tfjs backend does not register, with its reason (kernels added later: stays on cpu). */
export const tfjsSkips = Object.fromEntries(
  KERNEL_NAMES.filter((k) => !['PairwiseCosine', 'CosineTopK', 'BitmaskIntersections', 'BoxIou', 'ConfusionCounts'].includes(k))
    .map((k) => [k, reasons[k] ?? 'not implemented on tfjs; it runs on cpu']),
) as Partial<Record<KernelName, string>>;
