import type { DetectionBatch, DetectionGeometry } from './detection-batch';
import { computeIouBlocks } from './iou-blocks';

/**
 * Valor's IoU of explicit annotation pairs (its `compute_bbox_iou` / `compute_polygon_iou` /
 * `compute_bitmask_iou`): pair i is (groundTruths[i], predictions[i]) of `geometry`, and each pair is
 * evaluated as its own one-to-one datum through the same IoU kernels as the evaluator. For
 * bitmasks, `heights`/`widths` hold each pair's shape.
 */
export function valorPairIou(geometry: DetectionGeometry): Float64Array {
  const n = geometry.kind === 'bounding_box' ? geometry.groundTruths.length / 4 : geometry.groundTruths.length;
  const offsets = Int32Array.from({ length: n + 1 }, (_, i) => i);
  const uids = Array.from({ length: n }, (_, i) => String(i));
  const batch: DetectionBatch = {
    labels: ['pair'],
    datumUids: uids,
    groundTruths: { offsets, uids, labels: new Int32Array(n) },
    predictions: { offsets, uids, labelOffsets: offsets, labels: new Int32Array(n), scores: new Float64Array(n) },
    geometry,
  };
  return computeIouBlocks(batch).iou;
}
