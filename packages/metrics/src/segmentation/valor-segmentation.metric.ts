import { invalidInput } from '@tensoreval/core';
import { checkOffsets, datumError } from '../valor/datum-checks';
import { LabelledChunksMetric } from '../valor/labelled-chunks.metric';
import { pixelConfusion, pixelConfusionOn } from './pixel-confusion';
import type { SegmentationBatch, SegmentationMasks } from './segmentation-batch';
import { ValorSemanticSegmentationResult } from './valor-segmentation-result';

/** A batch's pixel confusion matrix as sparse cells; label -1 is background (never remapped). */
interface ConfusionChunk {
  gt: Int32Array;
  pd: Int32Array;
  count: Float64Array;
}

const FN = 'ValorSemanticSegmentation.update';

/**
 * Stateful semantic-segmentation evaluator with valor-lite's semantics: each update trims
 * overlapping masks (with Valor's warning) and adds its pixel confusion matrix; `compute` sums
 * the matrices over all datums and returns a {@link ValorSemanticSegmentationResult}. Only the
 * matrix is kept, so memory does not grow with the number of pixels; `merge` sums shards.
 */
export class ValorSemanticSegmentation extends LabelledChunksMetric<ConfusionChunk, ValorSemanticSegmentationResult> {
  protected readonly stateKind = 'valor-semantic-segmentation';
  protected readonly chunkFields = ['gt', 'pd', 'count'] as const;

  update(batch: SegmentationBatch): this {
    validateSegmentationBatch(batch);
    return this.add(batch, pixelConfusion(batch));
  }

  /**
   * `update` with BitmaskIntersections on `options.backend` (a backend name the caller has loaded
   * and initialised; 'cpu' by default). The counts are exact on every backend: the same result.
   */
  async updateOn(batch: SegmentationBatch, options: { backend?: string } = {}): Promise<this> {
    validateSegmentationBatch(batch);
    return this.add(batch, await pixelConfusionOn(batch, options.backend));
  }

  private add(batch: SegmentationBatch, cm: Float64Array): this {
    const k = batch.labels.length + 1;
    const gt: number[] = [];
    const pd: number[] = [];
    const count: number[] = [];
    cm.forEach((c, i) => {
      if (c === 0) return;
      gt.push(Math.floor(i / k) - 1);
      pd.push((i % k) - 1);
      count.push(c);
    });
    this.addChunk(batch.labels, { gt: Int32Array.from(gt), pd: Int32Array.from(pd), count: Float64Array.from(count) });
    return this;
  }

  protected labelColumns(c: ConfusionChunk): Int32Array[] {
    return [c.gt, c.pd];
  }

  protected copyChunk(c: ConfusionChunk): ConfusionChunk {
    return { gt: Int32Array.from(c.gt), pd: Int32Array.from(c.pd), count: c.count };
  }

  protected computeResult(): ValorSemanticSegmentationResult {
    const labels = this.labelIndex.labels.slice();
    const k = labels.length + 1;
    const cm = new Float64Array(k * k);
    for (const c of this.chunks) {
      for (let i = 0; i < c.count.length; i++) {
        const at = (c.gt[i]! + 1) * k + c.pd[i]! + 1;
        cm[at] = cm[at]! + c.count[i]!;
      }
    }
    return new ValorSemanticSegmentationResult(labels, cm);
  }
}

function validateSegmentationBatch(batch: SegmentationBatch): void {
  const n = batch.datumUids.length;
  if (batch.heights.length !== n || batch.widths.length !== n) {
    throw invalidInput(FN, 'heights', `have one height and width per datum (${n})`, `${batch.heights.length} and ${batch.widths.length}`, 'TE-202');
  }
  for (const [what, masks] of [['groundTruths', batch.groundTruths], ['predictions', batch.predictions]] as const) {
    validateMasks(batch, masks, what);
  }
}

function validateMasks(batch: SegmentationBatch, side: SegmentationMasks, what: string): void {
  const nLabels = batch.labels.length;
  checkOffsets(side.offsets, batch.datumUids.length, side.masks.length, `${what}.offsets`, FN);
  if (side.labels.length !== side.masks.length) throw invalidInput(FN, `${what}.labels`, `have one label per mask (${side.masks.length})`, `length ${side.labels.length}`, 'TE-202');
  for (let d = 0; d < batch.datumUids.length; d++) {
    const uid = batch.datumUids[d]!;
    const pixels = batch.heights[d]! * batch.widths[d]!;
    for (let i = side.offsets[d]!; i < side.offsets[d + 1]!; i++) {
      const l = side.labels[i]!;
      if (!(l >= 0 && l < nLabels)) throw datumError(FN, `${what}.labels`, d, uid, `be label ids in [0, ${nLabels})`, String(l));
      const got = side.masks[i]!.length;
      if (got !== pixels) throw datumError(FN, what, d, uid, `have masks of the datum's shape ${batch.heights[d]}×${batch.widths[d]} (${pixels} pixels)`, `${got} pixels in mask ${i - side.offsets[d]!}`, 'TE-207');
    }
  }
}
