import { invalidInput } from '@tensoreval/core';
import { Metric } from '../metric';
import { decodeStateRows, encodeStateRows, type StateRow } from '../state/arrow-state';
import { LabelIndex, remapIds } from './label-index';

/** Format version of the Valor evaluators' serialised state. */
const STATE_VERSION = 1;

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

  /** Names the state format (`valor-classification`, ...), so a state loads only into its own kind. */
  protected abstract readonly stateKind: string;

  /** The chunk's fields, in the order they are serialised. */
  protected abstract readonly chunkFields: readonly string[];

  /**
   * This evaluator's data as an Arrow IPC file: one row per update, each field a list column
   * (labels as ids into the header's label list). {@link loadState} of it, merged, equals this
   * evaluator bit for bit, so shards can be evaluated in other threads or machines.
   */
  toState(): Promise<Uint8Array> {
    return encodeStateRows(this.stateKind, STATE_VERSION, { labels: this.labelIndex.labels, updateCount: this.updateCount }, this.chunks as unknown as StateRow[], this.chunkFields);
  }

  /** Replaces this evaluator's data by a state written by {@link toState}; `source` names it in errors. */
  async loadState(bytes: Uint8Array, source = 'state'): Promise<this> {
    const { header, rows } = await decodeStateRows(bytes, this.stateKind, STATE_VERSION, source, this.chunkFields);
    const h = header as { labels?: unknown; updateCount?: unknown };
    if (!Array.isArray(h.labels) || !h.labels.every((l) => typeof l === 'string') || typeof h.updateCount !== 'number') {
      throw invalidInput('loadState', source, `carry a '${this.stateKind}' header (labels, updateCount)`, JSON.stringify(header).slice(0, 80), 'TE-209');
    }
    this.reset();
    const remap = this.labelIndex.absorb(h.labels as string[]);
    for (const row of rows) this.pushRemapped(row as unknown as TChunk, remap);
    this.updateCount = h.updateCount;
    return this;
  }

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
