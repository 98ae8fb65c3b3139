/**
 * Correctly rounded sum of doubles (Shewchuk's algorithm with the final half-ulp correction),
 * the same result as Python's `math.fsum`. nltk's BLEU sums `w_n · ln p_n` with it, so a plain
 * left-to-right sum could differ in the last bit.
 */
export function fsum(values: ArrayLike<number>): number {
  const partials: number[] = [];
  for (let v = 0; v < values.length; v++) {
    let x = values[v] as number;
    let i = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j] as number;
      if (Math.abs(x) < Math.abs(y)) {
        const t = x;
        x = y;
        y = t;
      }
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) partials[i++] = lo;
      x = hi;
    }
    partials.length = i;
    partials.push(x);
  }
  let n = partials.length;
  if (n === 0) return 0;
  let hi = partials[--n] as number;
  let lo = 0;
  while (n > 0) {
    const x = hi;
    const y = partials[--n] as number;
    hi = x + y;
    lo = y - (hi - x);
    if (lo !== 0) break;
  }
  // Round half-even across the remaining partials, as CPython does.
  if (n > 0) {
    const next = partials[n - 1] as number;
    if ((lo < 0 && next < 0) || (lo > 0 && next > 0)) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
  }
  return hi;
}
