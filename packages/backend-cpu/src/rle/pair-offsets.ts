/**
 * Start of each problem's (nDt_b × nGt_b) block in a ragged pairwise output, plus the total at the end.
 * Float64 because a whole dataset's pair count can pass 2^31.
 */
export function pairBlockOffsets(dtOffsets: Int32Array, gtOffsets: Int32Array): Float64Array {
  const problems = dtOffsets.length - 1;
  const out = new Float64Array(problems + 1);
  let total = 0;
  for (let b = 0; b < problems; b++) {
    out[b] = total;
    total += (dtOffsets[b + 1] - dtOffsets[b]) * (gtOffsets[b + 1] - gtOffsets[b]);
  }
  out[problems] = total;
  return out;
}
