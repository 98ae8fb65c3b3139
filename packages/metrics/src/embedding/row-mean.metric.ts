import { Metric } from '../metric';
import { decodeAccumulators, encodeAccumulators } from '../state/accumulator-state';
import { numpy2Mean } from '../retrieval/numpy-stats';
import type { EmbeddingKernelOptions } from './cosine-similarity';
import { contextReciprocalRank } from './query-relevancy';
import { groundedness } from './sentence-similarity';
import type { VectorList } from './vectors';

/** A dataset-level score: the mean over rows with a value, each row's score, and the skipped rows. */
export interface RowMeanResult {
  /** mean over rows whose score is not NaN (NaN when none) */
  mean: number;
  /** every row's score in update order (NaN for a skipped row) */
  perRow: Float64Array;
  /** rows with no score (H2O skips them in its summary) */
  skipped: number;
}

/**
 * Stateful evaluator over per-row embedding scores: rows are kept in update order, shards merge
 * by concatenation, and `compute` averages the rows that have a score, reporting the others as
 * skipped (never silently dropped).
 */
abstract class RowMeanMetric<TRow> extends Metric<RowMeanResult> {
  constructor(protected readonly options: EmbeddingKernelOptions = {}) {
    super();
    this.addState('scores', () => new Float64Array(0), 'cat');
  }

  protected abstract score(row: TRow): Promise<number>;

  /** Names the state format, so a state loads only into its own kind. */
  protected abstract readonly stateKind: string;

  /** The options a state must have been scored with to merge into this evaluator. */
  protected stateOptions(): unknown {
    return this.options;
  }

  /**
   * The per-row scores as an Arrow IPC file (one list<float64> column, NaN for skipped rows) with
   * the options in its header; {@link loadState} of it equals this evaluator, so shards scored in
   * other threads or machines merge (in row order) into one pass.
   */
  toState(): Promise<Uint8Array> {
    return encodeAccumulators(this.stateKind, this.stateOptions(), this.updateCount, { scores: this.catState<Float64Array>('scores') });
  }

  /** Replaces this evaluator's rows by a state written by {@link toState} with the same options; `source` names it in errors. */
  async loadState(bytes: Uint8Array, source = 'state'): Promise<this> {
    const { updateCount, arrays } = await decodeAccumulators(bytes, this.stateKind, source, this.stateOptions(), { scores: undefined });
    this.reset();
    this.appendState('scores', arrays.scores!);
    this.updateCount = updateCount;
    return this;
  }

  /** Scores a batch of rows (on the kernel backend, hence async) and appends them: the `updateOn` of the {@link Metric} contract. */
  async updateOn(rows: readonly TRow[]): Promise<this> {
    const scores = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) scores[i] = await this.score(rows[i] as TRow);
    this.appendState('scores', scores);
    this.markUpdated();
    return this;
  }

  protected computeResult(): RowMeanResult {
    const perRow = this.catState<Float64Array>('scores');
    const kept: number[] = [];
    for (const v of perRow) if (!Number.isNaN(v)) kept.push(v);
    return { mean: numpy2Mean(kept), perRow: Float64Array.from(perRow), skipped: perRow.length - kept.length };
  }
}

/** One answer for {@link Groundedness}: its sentence vectors and its context chunks' sentence vectors. */
export interface GroundednessRow {
  answerSentences: VectorList;
  contextChunkSentences: readonly VectorList[];
}

/** Dataset groundedness (H2O): {@link groundedness} per answer, averaged over answers that have one. */
export class Groundedness extends RowMeanMetric<GroundednessRow> {
  static override readonly higherIsBetter = true;
  protected readonly stateKind = 'groundedness';
  protected score(row: GroundednessRow): Promise<number> {
    return groundedness(row.answerSentences, row.contextChunkSentences, this.options);
  }
}

/** One query for {@link ContextMeanReciprocalRank}. */
export interface ReciprocalRankRow {
  query: ArrayLike<number>;
  chunkSentences: readonly VectorList[];
}

/** Context mean reciprocal rank (H2O) accumulated over queries; see {@link contextReciprocalRank}. */
export class ContextMeanReciprocalRank extends RowMeanMetric<ReciprocalRankRow> {
  static override readonly higherIsBetter = true;
  protected readonly stateKind = 'context-mean-reciprocal-rank';
  constructor(protected readonly rankOptions: EmbeddingKernelOptions & { threshold?: number; oorIdx?: number } = {}) {
    super(rankOptions);
  }
  protected override stateOptions(): unknown {
    return this.rankOptions;
  }
  protected score(row: ReciprocalRankRow): Promise<number> {
    return contextReciprocalRank(row.query, row.chunkSentences, this.rankOptions);
  }
}
