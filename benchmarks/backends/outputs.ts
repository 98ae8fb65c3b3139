import type { KernelName, KernelOutputs } from '@tensoreval/core';

/** The array each kernel's backends are compared on. */
export function mainOutput(kernel: KernelName, out: KernelOutputs<KernelName>): ArrayLike<number> {
  const o = out as unknown as Record<string, ArrayLike<number>>;
  const key = { PairwiseCosine: 'scores', BoxIou: 'iou', BitmaskIntersections: 'intersections', ConfusionCounts: 'counts', PrecisionRecallSweep: 'tpCum', RocAuc: 'auc', InterpolatedAp: 'precision' }[kernel as string];
  return o[key ?? Object.keys(o)[0] ?? ''] ?? [];
}

/** Largest absolute difference, or Infinity when the lengths differ. */
export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs((a[i] as number) - (b[i] as number)));
  return worst;
}
