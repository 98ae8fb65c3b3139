import { LabelledChunksMetric } from '../../valor/labelled-chunks.metric';
import type { DetectionBatch } from './detection-batch';
import type { DetectionChunk } from './detection-table';
import { computeIouBlocks, computeIouBlocksOn, type IouBlockOptions, type IouBlocks } from './iou-blocks';
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
  protected readonly stateKind = 'valor-object-detection';
  protected readonly chunkFields = ['datumUids', 'gtOffsets', 'gtUids', 'gtLabels', 'pdOffsets', 'pdUids', 'pdLabelOffsets', 'pdLabels', 'pdScores', 'iou', 'pairOffsets'] as const;

  update(batch: DetectionBatch): this {
    validateDetectionBatch(batch);
    return this.add(batch, computeIouBlocks(batch));
  }

  /**
   * `update` with the IoU kernels on a chosen backend (see {@link computeIouBlocksOn}): box IoUs of a
   * float32 backend are guarded for `options.iouThresholds`, mask counts are exact on every backend,
   * so the result equals cpu's. For bit-identical output on a float32 backend give every method
   * threshold in `iouThresholds` and all the data in one update (predictions of equal score are
   * compared by IoU across the whole batch; the guard sees one batch at a time).
   */
  async updateOn(batch: DetectionBatch, options: IouBlockOptions): Promise<this> {
    validateDetectionBatch(batch);
    return this.add(batch, await computeIouBlocksOn(batch, options));
  }

  private add(batch: DetectionBatch, { iou, pairOffsets }: IouBlocks): this {
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

  /** Copies the caller's columns (a streaming caller may reuse its buffers); the IoU blocks are our own and never written. */
  protected copyChunk(c: DetectionChunk): DetectionChunk {
    return {
      datumUids: c.datumUids.slice(),
      gtOffsets: Int32Array.from(c.gtOffsets),
      gtUids: c.gtUids.slice(),
      gtLabels: Int32Array.from(c.gtLabels),
      pdOffsets: Int32Array.from(c.pdOffsets),
      pdUids: c.pdUids.slice(),
      pdLabelOffsets: Int32Array.from(c.pdLabelOffsets),
      pdLabels: Int32Array.from(c.pdLabels),
      pdScores: Float64Array.from(c.pdScores),
      iou: c.iou,
      pairOffsets: c.pairOffsets,
    };
  }

  protected computeResult(): ValorObjectDetectionResult {
    return new ValorObjectDetectionResult(this.chunks, this.labelIndex.labels.slice());
  }
}
