import { LabelledChunksMetric } from '../../classification/labelled-chunks.metric';
import type { DetectionBatch } from './detection-batch';
import type { DetectionChunk } from './detection-table';
import { computeIouBlocks } from './iou-blocks';
import { validateDetectionBatch } from './validate-batch';
import { ValorObjectDetectionResult } from './valor-detection-result';

/**
 * Stateful object-detection evaluator with valor-lite's semantics (boxes, polygons or bitmasks).
 * `update` validates a batch and computes its IoU blocks right away (through the IoU kernels), so
 * shapes and masks are not kept; `compute` builds Valor's pairs over everything seen and returns a
 * {@link ValorObjectDetectionResult}. `merge` of shards equals one evaluator over the shards'
 * datums in merge order.
 */
export class ValorObjectDetection extends LabelledChunksMetric<DetectionChunk, ValorObjectDetectionResult> {
  update(batch: DetectionBatch): this {
    validateDetectionBatch(batch);
    const { iou, pairOffsets } = computeIouBlocks(batch);
    const { groundTruths: gts, predictions: pds } = batch;
    this.addChunk(batch.labels, {
      datumUids: batch.datumUids,
      gtOffsets: gts.offsets,
      gtUids: gts.uids,
      gtLabels: gts.labels,
      pdOffsets: pds.offsets,
      pdUids: pds.uids,
      pdLabelOffsets: pds.labelOffsets,
      pdLabels: pds.labels,
      pdScores: pds.scores,
      iou,
      pairOffsets,
    });
    return this;
  }

  protected labelColumns(c: DetectionChunk): Int32Array[] {
    return [c.gtLabels, c.pdLabels];
  }

  /** Label columns are copied (they get remapped); the rest is never written after update. */
  protected copyChunk(c: DetectionChunk): DetectionChunk {
    return { ...c, gtLabels: Int32Array.from(c.gtLabels), pdLabels: Int32Array.from(c.pdLabels) };
  }

  protected computeResult(): ValorObjectDetectionResult {
    return new ValorObjectDetectionResult(this.chunks, this.labelIndex.labels.slice());
  }
}
