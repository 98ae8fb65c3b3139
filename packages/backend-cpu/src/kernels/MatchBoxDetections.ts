import { validateBoxIouInputs, type KernelConfig, type MatchBoxDetectionsAttrs, type MatchBoxDetectionsInputs, type MatchBoxDetectionsOutputs } from '@tensoreval/core';
import { boxIouImpl } from './BoxIou';
import { matchDetectionsImpl } from './MatchDetections';

/** BoxIou (float64, pycocotools bbIou) then MatchDetections over its blocks: the reference of the fused stage. */
export function matchBoxDetectionsImpl(inputs: MatchBoxDetectionsInputs, attrs: MatchBoxDetectionsAttrs): MatchBoxDetectionsOutputs {
  const { dt, gt, ...layout } = inputs;
  const { iou, pairOffsets } = boxIouImpl({ dt, gt, dtOffsets: layout.dtOffsets, gtOffsets: layout.gtOffsets, gtCrowd: layout.gtCrowd }, { format: attrs.format });
  return matchDetectionsImpl({ ...layout, iou: iou as Float64Array, pairOffsets }, attrs);
}

export const matchBoxDetectionsConfig: KernelConfig<'MatchBoxDetections'> = {
  kernelName: 'MatchBoxDetections',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateBoxIouInputs(inputs, 'MatchBoxDetections');
    return matchBoxDetectionsImpl(inputs, attrs);
  },
};
