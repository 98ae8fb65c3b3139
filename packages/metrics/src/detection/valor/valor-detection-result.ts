import { checkKnownOptions, checkNumberArray } from '@tensoreval/core';
import { resolveExamplePage, type ExamplePage, type ExamplePageOptions } from '../../valor/example-pages';
import type { MetricRecord, MetricRecordsByType } from '../../valor/metric-record';
import { detectionConfusionMatrix, detectionConfusionMatrixWithExamples, detectionExamples, greedyPartners } from './confusion';
import { buildDetailedPairs, type DetailedPairs } from './detailed-pairs';
import { concatDetectionChunks, type DetectionChunk, type DetectionTable } from './detection-table';
import { detectionPrecisionRecall } from './precision-recall';
import { rankPairs } from './ranked-pairs';
import { valorTideBreakdown, type TideOptionNames } from '../tide/valor-tide';

/** Valor's defaults (its `Evaluator.evaluate`). */
export const DEFAULT_IOU_THRESHOLDS: readonly number[] = [0.1, 0.5, 0.75];
export const DEFAULT_SCORE_THRESHOLDS: readonly number[] = [0.5];

/** Options of every object-detection method (Valor's `iou_thresholds`, `score_thresholds`). */
export interface DetectionThresholdOptions {
  /** default [0.1, 0.5, 0.75] */
  iouThresholds?: readonly number[];
  /** default [0.5] */
  scoreThresholds?: readonly number[];
}

/**
 * Options of the example-listing methods: the thresholds plus pagination (the request's `limit`,
 * `offset`; see {@link ExamplePageOptions}). Without `limit` and `offset` the output is Valor's.
 */
/** Options of the TIDE breakdown (tidecv's names and defaults). */
export interface DetectionTideOptions {
  /** foreground IoU t_f (default 0.5): true positives at IoU >= t_f */
  posThreshold?: number;
  /** background IoU t_b (default 0.1), in [0, t_f] */
  bgThreshold?: number;
}

export interface DetectionExampleOptions extends DetectionThresholdOptions, ExamplePageOptions {}

/**
 * The result of a {@link ValorObjectDetection} evaluator, as valor-lite's `Evaluator`: the pairs
 * are built once and each method reads them.
 */
export class ValorObjectDetectionResult {
  readonly table: DetectionTable;
  readonly pairs: DetailedPairs;
  private ranked: DetailedPairs | undefined;
  private partners: Int32Array | undefined;
  private readonly gtCount: Float64Array;

  constructor(chunks: readonly DetectionChunk[], labels: readonly string[]) {
    this.table = concatDetectionChunks(chunks, labels);
    this.pairs = buildDetailedPairs(this.table);
    this.gtCount = new Float64Array(labels.length);
    for (const l of this.table.gtLabels) this.gtCount[l] = (this.gtCount[l] as number) + 1;
  }

  get labels(): readonly string[] {
    return this.table.labels;
  }

  /** Counts, Precision, Recall, F1, AP, mAP, AR, mAR, their averages and PrecisionRecallCurve. */
  precisionRecall(options: DetectionThresholdOptions = {}): MetricRecordsByType {
    const { iouThresholds, scoreThresholds } = resolve(options, 'precisionRecall');
    this.ranked ??= rankPairs(this.pairs, this.table.pdUids.length, this.table.pdLabels.length);
    return detectionPrecisionRecall({ labels: this.labels, gtCount: this.gtCount, nGroundTruths: this.table.gtUids.length, ranked: this.ranked, iouThresholds, scoreThresholds });
  }

  /** One ConfusionMatrix per (IoU, score) threshold pair, from Valor's label-agnostic greedy matching. */
  confusionMatrix(options: DetectionThresholdOptions = {}): MetricRecord[] {
    const o = resolve(options, 'confusionMatrix');
    return detectionConfusionMatrix(this.table, this.pairs, this.greedy(), o.iouThresholds, o.scoreThresholds);
  }

  /**
   * One Examples record per datum with annotations and threshold pair, threshold-major (for each
   * threshold pair, the datums in order; a datum without annotations has no record, as in Valor).
   * `offset` skips that many datum records and `limit` keeps at most that many, for every threshold
   * pair alike: each pair's records of the same kept datums are returned.
   */
  examples(options: DetectionExampleOptions = {}): MetricRecord[] {
    const o = resolve(options, 'examples', true);
    return detectionExamples(this.table, this.pairs, this.greedy(), o.iouThresholds, o.scoreThresholds, o.page);
  }

  /**
   * One ConfusionMatrixWithExamples per threshold pair. `offset` skips that many examples at the
   * start of each list of examples (each matrix cell, each unmatched-prediction and
   * unmatched-groundtruth label) and `limit` keeps at most that many, in the order listed without
   * pagination; the counts always count every example.
   */
  confusionMatrixWithExamples(options: DetectionExampleOptions = {}): MetricRecord[] {
    const o = resolve(options, 'confusionMatrixWithExamples', true);
    return detectionConfusionMatrixWithExamples(this.table, this.pairs, this.greedy(), o.iouThresholds, o.scoreThresholds, o.page);
  }

  /**
   * TIDE's error breakdown on Valor's matching (see valorTideBreakdown and tide/README.md): one
   * `TIDE` record whose value has the AP at `posThreshold` (Valor's mAP there), each error type's
   * count and the ΔAP fixing it would recover, and tidecv's two special errors.
   */
  tide(options: DetectionTideOptions = {}, names?: TideOptionNames): MetricRecord[] {
    checkKnownOptions(options, ['posThreshold', 'bgThreshold'], names?.fn ?? 'ValorObjectDetectionResult.tide');
    this.ranked ??= rankPairs(this.pairs, this.table.pdUids.length, this.table.pdLabels.length);
    const value = valorTideBreakdown({ labels: this.labels.length, gtLabels: this.table.gtLabels, pairs: this.pairs, ranked: this.ranked, slots: this.table.pdLabels.length }, options, names);
    return [{ type: 'TIDE', value, parameters: { pos_threshold: value.posThreshold, bg_threshold: value.bgThreshold } }];
  }

  private greedy(): Int32Array {
    this.partners ??= greedyPartners(this.pairs, this.table.gtUids.length, this.table.pdUids.length);
    return this.partners;
  }
}

const THRESHOLD_OPTIONS = ['iouThresholds', 'scoreThresholds'] as const;
const EXAMPLE_OPTIONS = [...THRESHOLD_OPTIONS, 'limit', 'offset'] as const;

/** Checks a method's options; only the example-listing methods (`paged`) take `limit` and `offset`. */
function resolve(options: DetectionExampleOptions, method: string, paged = false): { iouThresholds: number[]; scoreThresholds: number[]; page: ExamplePage | undefined } {
  const fn = `ValorObjectDetectionResult.${method}`;
  checkKnownOptions(options, paged ? EXAMPLE_OPTIONS : THRESHOLD_OPTIONS, fn);
  return {
    iouThresholds: checkNumberArray(options.iouThresholds ?? DEFAULT_IOU_THRESHOLDS, 'iouThresholds', fn, { min: 0, max: 1 }).slice(),
    scoreThresholds: checkNumberArray(options.scoreThresholds ?? DEFAULT_SCORE_THRESHOLDS, 'scoreThresholds', fn).slice(),
    page: paged ? resolveExamplePage(options, fn) : undefined,
  };
}
