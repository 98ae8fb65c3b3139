export const BitmaskIntersections = 'BitmaskIntersections';

/** Pairwise intersection counts of binary masks: the matmul-shaped mask kernel. */
export interface BitmaskIntersectionsInputs {
  /** n × pixels, 0/1 bytes */
  a: Uint8Array;
  /** m × pixels, 0/1 bytes */
  b: Uint8Array;
}
export interface BitmaskIntersectionsAttrs {
  pixels: number;
}
export interface BitmaskIntersectionsOutputs {
  /** n × m row-major */
  intersections: Float64Array;
  areaA: Float64Array;
  areaB: Float64Array;
}
