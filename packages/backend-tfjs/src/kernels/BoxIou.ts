import { pairBlockOffsets, raggedPairRowsImpl } from '@tensoreval/backend-cpu';
import { invalidInput, validateBoxIouInputs, validateRaggedPairs, type BoxIouInputs, type BoxIouOutputs, type KernelConfig } from '@tensoreval/core';
import type * as TfCore from '@tensorflow/tfjs-core';
import { tfjs, tfjsTraffic } from '../base';
import { isTensor, matrix, readBack, sizeOf, uploaded, type ArrayOrTensor } from '../tensors';

type Corners = [TfCore.Tensor, TfCore.Tensor, TfCore.Tensor, TfCore.Tensor];

/** x1, y1, x2, y2 columns ([rows, 1]) of a [rows, 4] box tensor. */
function corners(boxes: TfCore.Tensor2D, xywh: boolean): Corners {
  const tf = tfjs();
  const [x, y, p, q] = tf.split(boxes, 4, 1) as Corners;
  return xywh ? [x, y, tf.add(x, p), tf.add(y, q)] : [x, y, p, q];
}

/**
 * IoU with broadcasting (dt [n, 1] against gt [1, m]) or elementwise (gathered pairs). A crowd GT's
 * union is the detection's area; divNoNan makes pairs without overlap 0, as pycocotools.
 */
function iouOf(d: Corners, g: Corners, crowd: TfCore.Tensor): TfCore.Tensor {
  const tf = tfjs();
  const iw = tf.relu(tf.sub(tf.minimum(d[2], g[2]), tf.maximum(d[0], g[0])));
  const ih = tf.relu(tf.sub(tf.minimum(d[3], g[3]), tf.maximum(d[1], g[1])));
  const inter = tf.mul(iw, ih);
  const dArea = tf.mul(tf.sub(d[2], d[0]), tf.sub(d[3], d[1]));
  const gArea = tf.mul(tf.sub(g[2], g[0]), tf.sub(g[3], g[1]));
  const union = tf.add(dArea, tf.mul(tf.sub(1, crowd), tf.sub(gArea, inter)));
  return tf.divNoNan(inter, union);
}

async function boxIouTfjs(inputs: BoxIouInputs, xywh: boolean): Promise<BoxIouOutputs> {
  // Box tensors already on the tfjs backend are accepted as they are (see ArrayOrTensor).
  const dtIn = inputs.dt as ArrayOrTensor;
  const gtIn = inputs.gt as ArrayOrTensor;
  const nDt = sizeOf(dtIn) / 4;
  const nGt = sizeOf(gtIn) / 4;
  if (isTensor(dtIn) || isTensor(gtIn)) {
    for (const [argument, n] of [['dt', nDt], ['gt', nGt]] as const) {
      if (!Number.isInteger(n)) throw invalidInput('BoxIou', argument, 'have a size that is a multiple of 4', `size ${4 * n}`, 'TE-207');
    }
    validateRaggedPairs(inputs, nDt, nGt, 'BoxIou');
  } else {
    validateBoxIouInputs(inputs);
  }
  const tf = tfjs();
  const crowdFlags = new Float32Array(nGt);
  if (inputs.gtCrowd) for (let j = 0; j < nGt; j++) crowdFlags[j] = inputs.gtCrowd[j] !== 0 ? 1 : 0;
  const dtOff = inputs.dtOffsets ?? Int32Array.of(0, nDt);
  const gtOff = inputs.gtOffsets ?? Int32Array.of(0, nGt);
  const pairOffsets = pairBlockOffsets(dtOff, gtOff);
  const total = pairOffsets[pairOffsets.length - 1];
  if (total === 0) return { iou: new Float32Array(0), pairOffsets };
  const iou = tf.tidy(() => {
    const dt = corners(matrix(dtIn, nDt, 4), xywh);
    const gt = corners(matrix(gtIn, nGt, 4), xywh);
    if (dtOff.length === 2) {
      const row = (t: TfCore.Tensor) => tf.reshape(t, [1, nGt]);
      return iouOf(dt, gt.map(row) as Corners, uploaded(tf.tensor2d(crowdFlags, [1, nGt])));
    }
    const { dtRows, gtRows } = raggedPairRowsImpl(dtOff, gtOff, total);
    const dtIdx = uploaded(tf.tensor1d(dtRows, 'int32'));
    const gtIdx = uploaded(tf.tensor1d(gtRows, 'int32'));
    const pick = (idx: TfCore.Tensor1D) => (t: TfCore.Tensor) => tf.gather(t, idx);
    return iouOf(dt.map(pick(dtIdx)) as Corners, gt.map(pick(gtIdx)) as Corners, tf.gather(uploaded(tf.tensor2d(crowdFlags, [nGt, 1])), gtIdx));
  });
  tfjsTraffic.dispatches++;
  const data = (await readBack(iou)) as Float32Array;
  iou.dispose();
  return { iou: data, pairOffsets };
}

export const boxIouConfig: KernelConfig<'BoxIou'> = {
  kernelName: 'BoxIou',
  backendName: 'tfjs',
  kernelFunc: ({ inputs, attrs }) => boxIouTfjs(inputs, attrs.format === 'xywh'),
};
