/**
 * A batch of semantic-segmentation datums in columnar form. Datum d is heights[d] × widths[d]
 * pixels; its groundtruth masks are `groundTruths.offsets[d] .. offsets[d+1]` (one label each),
 * likewise its predictions. Masks are row-major 0/1 bytes. Label ids index `labels`.
 */
export interface SegmentationBatch {
  labels: readonly string[];
  datumUids: readonly string[];
  heights: Int32Array;
  widths: Int32Array;
  groundTruths: SegmentationMasks;
  predictions: SegmentationMasks;
}

export interface SegmentationMasks {
  offsets: Int32Array;
  labels: Int32Array;
  masks: readonly Uint8Array[];
}
