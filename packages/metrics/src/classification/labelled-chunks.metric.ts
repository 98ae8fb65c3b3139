import { Metric } from '../metric';
import { LabelIndex, remapIds } from './label-index';

/**
 * Base of the Valor evaluators: keeps each update as a columnar chunk whose label ids point into one
 * label index (first-appearance order), and merges another evaluator by remapping its chunks'
 * label ids into this index. Chunks are concatenated only at compute time.
 */
export abstract class LabelledChunksMetric<TChunk, TResult> extends Metric<TResult> {
  protected labelIndex = new LabelIndex();
  protected chunks: TChunk[] = [];

  /** The label-id columns of a chunk, which are rewritten on remap. */
  protected abstract labelColumns(chunk: TChunk): Int32Array[];

  /** Copies a chunk (its label columns are then remapped in place on the copy). */
  protected abstract copyChunk(chunk: TChunk): TChunk;

  /** Stores a chunk whose label ids index `labels`. */
  protected addChunk(labels: readonly string[], chunk: TChunk): void {
    this.pushRemapped(chunk, this.labelIndex.absorb(labels));
    this.markUpdated();
  }

  override reset(): void {
    super.reset();
    this.labelIndex = new LabelIndex();
    this.chunks = [];
  }

  protected override mergeExtra(other: this): void {
    const remap = this.labelIndex.absorb(other.labelIndex.labels);
    for (const c of other.chunks) this.pushRemapped(c, remap);
  }

  private pushRemapped(chunk: TChunk, remap: Int32Array): void {
    const copy = this.copyChunk(chunk);
    for (const ids of this.labelColumns(copy)) remapIds(ids, remap);
    this.chunks.push(copy);
  }
}
