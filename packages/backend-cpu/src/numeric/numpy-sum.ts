/*
 * numpy's float64 summation order, so means and integrals computed here round exactly as the
 * reference implementations' `np.sum` / `np.mean` / `np.trapz` do. numpy reduces a contiguous
 * array in blocks of 8192 elements (its ufunc buffer size), summed left to right from 0.0; each
 * block is summed by `pairwise_sum` (numpy/core/src/umath/loops_utils.h.src): fewer than 8
 * elements sequentially, up to 128 with 8 strided accumulators combined as
 * ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)) followed by the tail, larger blocks split in two halves
 * (the first a multiple of 8) recursively. Checked bit for bit against numpy 1.24 (the version the
 * reference fixtures come from) up to 808k elements; numpy 2.x regroups some arrays longer than 8192.
 */

const BLOCK = 8192;

function pairwiseSum(a: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    // numpy starts from -0.0 here, which only matters for an all-(-0.0) block; the caller adds to 0.0.
    let s = -0;
    for (let i = 0; i < n; i++) s += a[start + i];
    return s;
  }
  if (n <= 128) {
    let r0 = a[start], r1 = a[start + 1], r2 = a[start + 2], r3 = a[start + 3];
    let r4 = a[start + 4], r5 = a[start + 5], r6 = a[start + 6], r7 = a[start + 7];
    const end8 = n - (n % 8);
    for (let i = 8; i < end8; i += 8) {
      const p = start + i;
      r0 += a[p]; r1 += a[p + 1]; r2 += a[p + 2]; r3 += a[p + 3];
      r4 += a[p + 4]; r5 += a[p + 5]; r6 += a[p + 6]; r7 += a[p + 7];
    }
    let s = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7));
    for (let i = end8; i < n; i++) s += a[start + i];
    return s;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, start, n2) + pairwiseSum(a, start + n2, n - n2);
}

/** Sum of `a[start..start+n)` in numpy's order (`np.add.reduce` over a contiguous float64 array). */
export function numpySum(a: ArrayLike<number>, start = 0, n = a.length - start): number {
  let total = 0;
  for (let b = 0; b < n; b += BLOCK) total += pairwiseSum(a, start + b, Math.min(BLOCK, n - b));
  return total;
}
