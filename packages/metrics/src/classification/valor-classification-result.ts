import { checkBoolean, checkKnownOptions, checkNumberArray } from '@tensoreval/core';
import type { MetricRecord, MetricRecordsByType } from './metric-record';
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

export interface ResolvedThresholdOptions {
  scoreThresholds: number[];
  hardmax: boolean;
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

  /** One Examples record per datum and score threshold. */
  examples(options: ClassificationThresholdOptions = {}): MetricRecord[] {
    return classificationExamples(this.ctx, resolve(options, 'examples'));
  }

  /** One ConfusionMatrixWithExamples per score threshold. */
  confusionMatrixWithExamples(options: ClassificationThresholdOptions = {}): MetricRecord[] {
    return classificationConfusionMatrixWithExamples(this.ctx, resolve(options, 'confusionMatrixWithExamples'));
  }
}

function resolve(options: ClassificationThresholdOptions, method: string): ResolvedThresholdOptions {
  const fn = `ValorClassificationResult.${method}`;
  checkKnownOptions(options, ['scoreThresholds', 'hardmax'], fn);
  return {
    scoreThresholds: checkNumberArray(options.scoreThresholds ?? [0], 'scoreThresholds', fn).slice(),
    hardmax: checkBoolean(options.hardmax ?? true, 'hardmax', fn),
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
