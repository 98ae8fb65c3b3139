import { assertFinite, invalidInput } from '@tensoreval/core';
import { concatChunks, concatOffsets } from '../columns/concat';
import { checkOffsets, datumError } from '../valor/datum-checks';
import { LabelledChunksMetric } from '../valor/labelled-chunks.metric';
import { ValorClassificationResult, type ClassificationTable } from './valor-classification-result';

/**
 * A batch of classification datums in columnar form. Datum i has one groundtruth label
 * `groundTruths[i]` and the predictions `predictionOffsets[i] .. predictionOffsets[i+1]` of
 * `predictionLabels` / `predictionScores`. Label ids index `labels`.
 */
export interface ClassificationBatch {
  labels: readonly string[];
  datumUids: readonly string[];
  groundTruths: Int32Array;
  /** n + 1 offsets into the prediction columns */
  predictionOffsets: Int32Array;
  predictionLabels: Int32Array;
  predictionScores: Float64Array;
}

interface Chunk {
  uids: readonly string[];
  gt: Int32Array;
  offsets: Int32Array;
  labels: Int32Array;
  scores: Float64Array;
}

const FN = 'ValorClassification.update';

/**
 * Stateful classification evaluator with valor-lite's semantics. `update` validates and keeps the
 * batch (labels remapped to one label index in first-appearance order); `compute` finalizes the
 * columns and returns a {@link ValorClassificationResult} whose methods mirror Valor's
 * `compute_precision_recall`, `compute_rocauc`, `compute_confusion_matrix`, `compute_examples` and
 * `compute_confusion_matrix_with_examples`. `merge` of shards equals one evaluator over the
 * shards' datums in merge order.
 *
 * @example
 * const ev = new ValorClassification().update({ labels: ['dog', 'cat'], datumUids: ['a'],
 *   groundTruths: Int32Array.of(0), predictionOffsets: Int32Array.of(0, 2),
 *   predictionLabels: Int32Array.of(0, 1), predictionScores: Float64Array.of(0.9, 0.1) });
 * (await ev.compute()).precisionRecall({ scoreThresholds: [0.5] });
 */
export class ValorClassification extends LabelledChunksMetric<Chunk, ValorClassificationResult> {
  protected readonly stateKind = 'valor-classification';
  protected readonly chunkFields = ['uids', 'gt', 'offsets', 'labels', 'scores'] as const;

  update(batch: ClassificationBatch): this {
    const n = batch.datumUids.length;
    if (batch.groundTruths.length !== n) {
      throw invalidInput(FN, 'groundTruths', `have one label per datum (${n})`, `length ${batch.groundTruths.length}`, 'TE-202');
    }
    const total = batch.predictionLabels.length;
    if (batch.predictionScores.length !== total) {
      throw invalidInput(FN, 'predictionScores', `have the same length as \`predictionLabels\` (${total})`, `length ${batch.predictionScores.length}`, 'TE-202');
    }
    checkOffsets(batch.predictionOffsets, n, total, 'predictionOffsets', FN);
    assertFinite(batch.predictionScores, 'predictionScores', FN);
    validateDatums(batch);
    this.addChunk(batch.labels, { uids: batch.datumUids, gt: batch.groundTruths, offsets: batch.predictionOffsets, labels: batch.predictionLabels, scores: batch.predictionScores });
    return this;
  }

  protected labelColumns(c: Chunk): Int32Array[] {
    return [c.gt, c.labels];
  }

  protected copyChunk(c: Chunk): Chunk {
    return { uids: c.uids.slice(), gt: Int32Array.from(c.gt), offsets: Int32Array.from(c.offsets), labels: Int32Array.from(c.labels), scores: Float64Array.from(c.scores) };
  }

  protected computeResult(): ValorClassificationResult {
    const table: ClassificationTable = {
      labels: this.labelIndex.labels.slice(),
      datumUids: this.chunks.flatMap((c) => c.uids),
      groundTruths: concatChunks(this.chunks.map((c) => c.gt), (k) => new Int32Array(k)),
      offsets: concatOffsets(this.chunks.length ? this.chunks.map((c) => c.offsets) : [new Int32Array(1)]),
      predictionLabels: concatChunks(this.chunks.map((c) => c.labels), (k) => new Int32Array(k)),
      scores: concatChunks(this.chunks.map((c) => c.scores), (k) => new Float64Array(k)),
    };
    return new ValorClassificationResult(table);
  }
}

/** Per-datum rules: label ids in range, a non-empty prediction list, no label predicted twice. */
function validateDatums(batch: ClassificationBatch): void {
  const nLabels = batch.labels.length;
  const seen = new Int32Array(nLabels).fill(-1);
  for (let d = 0; d < batch.datumUids.length; d++) {
    const uid = batch.datumUids[d] as string;
    const gt = batch.groundTruths[d] as number;
    if (!(gt >= 0 && gt < nLabels)) throw datumError(FN, 'groundTruths', d, uid, `be a label id in [0, ${nLabels})`, String(gt));
    const lo = batch.predictionOffsets[d] as number;
    const hi = batch.predictionOffsets[d + 1] as number;
    if (hi === lo) throw datumError(FN, 'predictions', d, uid, 'have a non-empty prediction list', 'an empty list', 'TE-204');
    for (let r = lo; r < hi; r++) {
      const l = batch.predictionLabels[r] as number;
      if (!(l >= 0 && l < nLabels)) throw datumError(FN, 'predictionLabels', d, uid, `be label ids in [0, ${nLabels})`, String(l));
      if (seen[l] === d) throw datumError(FN, 'predictionLabels', d, uid, 'name each label at most once', `label ${JSON.stringify(batch.labels[l])} twice`);
      seen[l] = d;
    }
  }
}
