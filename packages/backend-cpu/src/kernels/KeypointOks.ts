import { validateKeypointOksInputs, type KeypointOksAttrs, type KeypointOksInputs, type KeypointOksOutputs, type KernelConfig, numpySum } from '@tensoreval/core';
import { pairBlockOffsets } from '../rle/pair-offsets';

/** np.spacing(1), added to the GT area as pycocotools does. */
const EPS = 2.220446049250313e-16;

/**
 * OKS of every (detection, GT) pair of every ragged problem, pycocotools `computeOks` operation by
 * operation: `(dx*dx + dy*dy) / vars / (area + eps) / 2`, exp, numpy-ordered sum over the kept points,
 * divided by their count. Assumes validated inputs (see `validateKeypointOksInputs`).
 */
export function keypointOksImpl(inputs: KeypointOksInputs, _attrs?: KeypointOksAttrs): KeypointOksOutputs {
  const { dt, gt, gtBoxes, gtArea, sigmas } = inputs;
  const K = sigmas.length, S = 3 * K;
  const nDt = dt.length / S, nGt = gt.length / S;
  const dtOff = inputs.dtOffsets ?? Int32Array.of(0, nDt);
  const gtOff = inputs.gtOffsets ?? Int32Array.of(0, nGt);
  const pairOffsets = pairBlockOffsets(dtOff, gtOff);
  const iou = new Float64Array(pairOffsets[pairOffsets.length - 1] as number);
  const vars = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    const s2 = (sigmas[k] as number) * 2;
    vars[k] = s2 * s2;
  }
  const terms = new Float64Array(K);
  const labelled = new Int32Array(K);
  for (let b = 0; b + 1 < dtOff.length; b++) {
    const d0 = dtOff[b] as number, d1 = dtOff[b + 1] as number, g0 = gtOff[b] as number, g1 = gtOff[b + 1] as number;
    const G = g1 - g0;
    const base = pairOffsets[b] as number;
    for (let j = g0; j < g1; j++) {
      // the GT's labelled points (v > 0); none: the box rule over all K points
      let k1 = 0;
      for (let k = 0; k < K; k++) if ((gt[j * S + 3 * k + 2] as number) > 0) labelled[k1++] = k;
      const denom = (gtArea[j] as number) + EPS;
      const bx = gtBoxes[4 * j] as number, by = gtBoxes[4 * j + 1] as number, bw = gtBoxes[4 * j + 2] as number, bh = gtBoxes[4 * j + 3] as number;
      const x0 = bx - bw, x1 = bx + bw * 2, y0 = by - bh, y1 = by + bh * 2;
      for (let i = d0; i < d1; i++) {
        const o = base + (i - d0) * G + (j - g0);
        if (k1 > 0) {
          for (let q = 0; q < k1; q++) {
            const k = labelled[q] as number;
            const dx = (dt[i * S + 3 * k] as number) - (gt[j * S + 3 * k] as number);
            const dy = (dt[i * S + 3 * k + 1] as number) - (gt[j * S + 3 * k + 1] as number);
            terms[q] = Math.exp(-((dx * dx + dy * dy) / (vars[k] as number) / denom / 2));
          }
          iou[o] = numpySum(terms, 0, k1) / k1;
        } else {
          for (let k = 0; k < K; k++) {
            const xd = dt[i * S + 3 * k] as number, yd = dt[i * S + 3 * k + 1] as number;
            const dx = Math.max(0, x0 - xd) + Math.max(0, xd - x1);
            const dy = Math.max(0, y0 - yd) + Math.max(0, yd - y1);
            terms[k] = Math.exp(-((dx * dx + dy * dy) / (vars[k] as number) / denom / 2));
          }
          iou[o] = numpySum(terms, 0, K) / K;
        }
      }
    }
  }
  return { iou, pairOffsets };
}

export const keypointOksConfig: KernelConfig<'KeypointOks'> = {
  kernelName: 'KeypointOks',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validateKeypointOksInputs(inputs);
    return keypointOksImpl(inputs, attrs);
  },
};
