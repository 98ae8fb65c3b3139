import { boxesXyxyF32Impl, boxIouBlocksImpl, raggedPairRowsImpl } from '@tensoreval/backend-cpu';
import type { BoxIouInputs, BoxIouOutputs, KernelConfig } from '@tensoreval/core';
import { gpujsKernel, runGpujs } from '../base';
import { EXACT_INDEX } from '../tiles';

// One thread per pair; pycocotools' bbIou: no overlap gives 0 without dividing, crowd divides by the dt area.
const SOURCE = `function (dt, gt, crowd, dtIdx, gtIdx) {
  const t = this.thread.x;
  const i = dtIdx[t] * 4;
  const j = gtIdx[t];
  const g = j * 4;
  const w = Math.min(dt[i + 2], gt[g + 2]) - Math.max(dt[i], gt[g]);
  const h = Math.min(dt[i + 3], gt[g + 3]) - Math.max(dt[i + 1], gt[g + 1]);
  let iou = 0;
  if (w > 0 && h > 0) {
    const inter = w * h;
    const dArea = (dt[i + 2] - dt[i]) * (dt[i + 3] - dt[i + 1]);
    let union = dArea;
    if (crowd[j] < 0.5) {
      union = dArea + (gt[g + 2] - gt[g]) * (gt[g + 3] - gt[g + 1]) - inter;
    }
    iou = inter / union;
  }
  return iou;
}`;

async function boxIouGpujs(inputs: BoxIouInputs, xywh: boolean): Promise<BoxIouOutputs> {
  const { nDt, nGt, dtOffsets: dtOff, gtOffsets: gtOff, pairOffsets, totalPairs: total } = boxIouBlocksImpl(inputs);
  const iou = new Float32Array(total);
  if (total === 0) return { iou, pairOffsets };
  if (4 * Math.max(nDt, nGt) >= EXACT_INDEX) {
    throw new RangeError(`gpujs BoxIou indexes boxes in float32 and takes at most ${EXACT_INDEX / 4 - 1} boxes per side; got ${Math.max(nDt, nGt)}. Split the batch or use the cpu backend.`);
  }
  const dt = boxesXyxyF32Impl(inputs.dt, xywh);
  const gt = boxesXyxyF32Impl(inputs.gt, xywh);
  const crowd = new Float32Array(nGt);
  if (inputs.gtCrowd) for (let j = 0; j < nGt; j++) crowd[j] = inputs.gtCrowd[j] !== 0 ? 1 : 0;
  const { dtRows, gtRows } = raggedPairRowsImpl(dtOff, gtOff, total);
  const kernel = gpujsKernel('BoxIou', SOURCE);
  for (let p0 = 0; p0 < total; p0 += EXACT_INDEX - 1) {
    const p1 = Math.min(total, p0 + EXACT_INDEX - 1);
    iou.set(await runGpujs(kernel, p1 - p0, [dt, gt, crowd, dtRows.subarray(p0, p1), gtRows.subarray(p0, p1)]), p0);
  }
  return { iou, pairOffsets };
}

export const boxIouConfig: KernelConfig<'BoxIou'> = {
  kernelName: 'BoxIou',
  backendName: 'gpujs',
  setupFunc: () => void gpujsKernel('BoxIou', SOURCE),
  kernelFunc: ({ inputs, attrs }) => boxIouGpujs(inputs, attrs.format === 'xywh'),
};
