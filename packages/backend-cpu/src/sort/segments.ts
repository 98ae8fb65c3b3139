/** The given segment offsets, or one segment [0, n) when there are none. */
export function segmentsOrWhole(segmentOffsets: Int32Array | undefined, n: number): Int32Array {
  return segmentOffsets ?? Int32Array.of(0, n);
}

/** Length of the longest segment, to size reusable sort buffers once. */
export function longestSegment(offsets: Int32Array): number {
  let longest = 0;
  for (let s = 0; s + 1 < offsets.length; s++) longest = Math.max(longest, offsets[s + 1] - offsets[s]);
  return longest;
}
