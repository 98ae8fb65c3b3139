import { concatChunks, concatOffsets } from '../../columns/concat';

/**
 * The columns an evaluator keeps per update (labels already in its label index), and their
 * concatenation at compute time. Indices of groundtruths, predictions and prediction-label slots
 * are global across the table.
 */
export interface DetectionChunk {
  datumUids: readonly string[];
  gtOffsets: Int32Array;
  gtUids: readonly string[];
  gtLabels: Int32Array;
  pdOffsets: Int32Array;
  pdUids: readonly string[];
  pdLabelOffsets: Int32Array;
  pdLabels: Int32Array;
  pdScores: Float64Array;
  iou: Float64Array;
  pairOffsets: Float64Array;
}

export type DetectionTable = DetectionChunk & { labels: readonly string[] };

export function concatDetectionChunks(chunks: readonly DetectionChunk[], labels: readonly string[]): DetectionTable {
  const offsetsOf = (pick: (c: DetectionChunk) => Int32Array) => concatOffsets(chunks.length ? chunks.map(pick) : [new Int32Array(1)]);
  const pairOffsets = new Float64Array(chunks.reduce((n, c) => n + c.datumUids.length, 0) + 1);
  let d = 0;
  let base = 0;
  for (const c of chunks) {
    for (let i = 1; i < c.pairOffsets.length; i++) pairOffsets[d + i] = base + (c.pairOffsets[i] as number);
    d += c.datumUids.length;
    base += c.pairOffsets[c.pairOffsets.length - 1] as number;
  }
  return {
    labels,
    datumUids: chunks.flatMap((c) => c.datumUids),
    gtOffsets: offsetsOf((c) => c.gtOffsets),
    gtUids: chunks.flatMap((c) => c.gtUids),
    gtLabels: concatChunks(chunks.map((c) => c.gtLabels), (n) => new Int32Array(n)),
    pdOffsets: offsetsOf((c) => c.pdOffsets),
    pdUids: chunks.flatMap((c) => c.pdUids),
    pdLabelOffsets: offsetsOf((c) => c.pdLabelOffsets),
    pdLabels: concatChunks(chunks.map((c) => c.pdLabels), (n) => new Int32Array(n)),
    pdScores: concatChunks(chunks.map((c) => c.pdScores), (n) => new Float64Array(n)),
    iou: concatChunks(chunks.map((c) => c.iou), (n) => new Float64Array(n)),
    pairOffsets,
  };
}
