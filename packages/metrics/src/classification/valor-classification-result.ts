import { checkBoolean, checkKnownOptions, checkNumberArray } from '@tensoreval/core';
import { ALL_EXAMPLES, resolveExamplePage, type ExamplePage, type ExamplePageOptions } from '../valor/example-pages';
import type { MetricRecord, MetricRecordsByType } from '../valor/metric-record';
import { classificationPrecisionRecall } from './valor-classification-counts';
import { classificationRocAuc } from './valor-classification-rocauc';
import { classificationConfusionMatrix, classificationConfusionMatrixWithExamples, classificationExamples } from './valor-classification-confusion';

/** The finalized columns of a {@link ValorClassification} evaluator (global label ids). */
export interface ClassificationTable {
  labels: readonly string[];
  datumUids: readonly string[];
  groundTruths: Int32Array;
  offsets: Int32Array;
  predictionLabels: Int32Array;
  scores: Float64Array;
}

/** Options of the threshold-based classification methods (Valor's `score_thresholds`, `hardmax`). */
export interface ClassificationThresholdOptions {
  /** default [0.0] */
  scoreThresholds?: readonly number[];
  /** only each datum's top-scoring prediction may be positive; default true */
  hardmax?: boolean;
}

/** Finalized classification columns plus each datum's winner row, shared by every method. */
export interface ClassificationContext extends ClassificationTable {
  /** per datum: the row of its highest score; the first listed wins ties (np.argmax) */
  winners: Int32Array;
}

/**
 * Options of the example-listing methods: the thresholds plus pagination (the request's `limit`,
 * `offset`; see {@link ExamplePageOptions}). Without `limit` and `offset` the output is Valor's.
 */
export interface ClassificationExampleOptions extends ClassificationThresholdOptions, ExamplePageOptions {}

export interface ResolvedThresholdOptions {
  scoreThresholds: number[];
  hardmax: boolean;
  /** the examples kept (all of them unless the call paginates) */
  page: ExamplePage;
}

/**
 * The result of a {@link ValorClassification} evaluator: one object, several metric methods, as
 * valor-lite's `Evaluator` after `finalize()`. Every method returns Valor's record shapes.
 */
export class ValorClassificationResult {
  private readonly ctx: ClassificationContext;

  constructor(table: ClassificationTable) {
    this.ctx = { ...table, winners: findWinners(table.offsets, table.scores) };
  }

  get labels(): readonly string[] {
    return this.ctx.labels;
  }

  get numberOfDatums(): number {
    return this.ctx.datumUids.length;
  }

  /** Counts, Precision, Recall, F1 per label and Accuracy, at each score threshold. */
  precisionRecall(options: ClassificationThresholdOptions = {}): MetricRecordsByType {
    return classificationPrecisionRecall(this.ctx, resolve(options, 'precisionRecall'));
  }

  /** ROCAUC per label and mROCAUC over all labels. */
  rocauc(): MetricRecordsByType {
    return classificationRocAuc(this.ctx);
  }

  /** One ConfusionMatrix per score threshold (thresholds are applied cumulatively in the given order, as Valor does). */
  confusionMatrix(options: ClassificationThresholdOptions = {}): MetricRecord[] {
    return classificationConfusionMatrix(this.ctx, resolve(options, 'confusionMatrix'));
  }

  /**
   * One Examples record per datum and score threshold, datum-major (a datum's records for every
   * threshold, then the next datum's). `offset` skips that many datums and `limit` keeps at most
   * that many; every threshold's records of the kept datums are returned (`{ offset: 10, limit: 5 }`
   * with two thresholds: datums 10–14, ten records).
   */
  examples(options: ClassificationExampleOptions = {}): MetricRecord[] {
    return classificationExamples(this.ctx, resolve(options, 'examples', true));
  }

  /**
   * One ConfusionMatrixWithExamples per score threshold. `offset` skips that many examples at the
   * start of each list of examples (each matrix cell, each unmatched-groundtruth label) and `limit`
   * keeps at most that many, in datum order; the counts always count every example.
   */
  confusionMatrixWithExamples(options: ClassificationExampleOptions = {}): MetricRecord[] {
    return classificationConfusionMatrixWithExamples(this.ctx, resolve(options, 'confusionMatrixWithExamples', true));
  }
}

const THRESHOLD_OPTIONS = ['scoreThresholds', 'hardmax'] as const;
const EXAMPLE_OPTIONS = [...THRESHOLD_OPTIONS, 'limit', 'offset'] as const;

/** Checks a method's options; only the example-listing methods (`paged`) take `limit` and `offset`. */
function resolve(options: ClassificationExampleOptions, method: string, paged = false): ResolvedThresholdOptions {
  const fn = `ValorClassificationResult.${method}`;
  checkKnownOptions(options, paged ? EXAMPLE_OPTIONS : THRESHOLD_OPTIONS, fn);
  return {
    scoreThresholds: checkNumberArray(options.scoreThresholds ?? [0], 'scoreThresholds', fn).slice(),
    hardmax: checkBoolean(options.hardmax ?? true, 'hardmax', fn),
    page: paged ? resolveExamplePage(options, fn) : ALL_EXAMPLES,
  };
}

function findWinners(offsets: Int32Array, scores: Float64Array): Int32Array {
  const n = offsets.length - 1;
  const winners = new Int32Array(n);
  for (let d = 0; d < n; d++) {
    let best = offsets[d] as number;
    for (let r = best + 1, hi = offsets[d + 1] as number; r < hi; r++) if ((scores[r] as number) > (scores[best] as number)) best = r;
    winners[d] = best;
  }
  return winners;
}
