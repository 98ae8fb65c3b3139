/**
 * A batch of object-detection datums in columnar form (Valor's data model after parsing).
 * Groundtruths of datum d are `groundTruths.offsets[d] .. offsets[d+1]`, predictions likewise;
 * prediction p carries the label/score pairs `labelOffsets[p] .. labelOffsets[p+1]` (one predicted
 * shape may name several labels). Label ids index `labels`.
 */
export interface DetectionBatch {
  labels: readonly string[];
  datumUids: readonly string[];
  groundTruths: {
    offsets: Int32Array;
    uids: readonly string[];
    labels: Int32Array;
  };
  predictions: {
    offsets: Int32Array;
    uids: readonly string[];
    labelOffsets: Int32Array;
    labels: Int32Array;
    scores: Float64Array;
  };
  geometry: DetectionGeometry;
}

/** Axis-aligned boxes, n × 4 in core's BOX_XYXY layout (xmin, ymin, xmax, ymax), absolute coordinates; the request parser converts Valor's (xmin, xmax, ymin, ymax). */
export interface BoxGeometry {
  kind: 'bounding_box';
  groundTruths: Float64Array;
  predictions: Float64Array;
}

/** A polygon: exterior ring then holes, each ring a list of [x, y] points (closed or not). */
export type PolygonRings = ReadonlyArray<ReadonlyArray<readonly [number, number]>>;

export interface PolygonGeometry {
  kind: 'polygon';
  groundTruths: readonly PolygonRings[];
  predictions: readonly PolygonRings[];
}

/** Binary masks, one Uint8Array (row-major h × w, 0/1) per annotation; every mask of datum d is heights[d] × widths[d]. */
export interface BitmaskGeometry {
  kind: 'bitmask';
  heights: Int32Array;
  widths: Int32Array;
  groundTruths: readonly Uint8Array[];
  predictions: readonly Uint8Array[];
}

export type DetectionGeometry = BoxGeometry | PolygonGeometry | BitmaskGeometry;
export type AnnotationType = DetectionGeometry['kind'];
