/**
 * Just enough of Python's numeric tower to replay nltk's BLEU smoothing bit for bit: nltk keeps
 * modified precisions as `Fraction`s and mixes them with floats, and an exact rational step
 * (method2, method5, method6) rounds differently from the same step done in doubles.
 * A `PyNumber` is either a JS number (a Python float) or a `Fraction` (exact, unnormalised).
 */
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

export type PyNumber = number | Fraction;

export function fraction(num: number | bigint, den: number | bigint): Fraction {
  return { num: BigInt(num), den: BigInt(den) };
}

export function isFraction(x: PyNumber): x is Fraction {
  return typeof x !== 'number';
}

const TWO_53 = 2n ** 53n;

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** Correctly rounded num/den (Python's `Fraction.__float__`), also for integers past 2^53. */
export function toFloat(x: PyNumber): number {
  if (!isFraction(x)) return x;
  const neg = x.num < 0n !== x.den < 0n;
  const n = x.num < 0n ? -x.num : x.num;
  const d = x.den < 0n ? -x.den : x.den;
  if (n < TWO_53 && d < TWO_53) return (neg ? -1 : 1) * (Number(n) / Number(d));
  // Quotient with ≥ 66 significant bits plus a sticky bit, then one rounding in Number().
  const shift = Math.max(0, 66 - (bitLength(n) - bitLength(d)));
  const scaled = n << BigInt(shift);
  let q = scaled / d;
  if (q * d !== scaled) q |= 1n;
  const value = Number(q) * 2 ** -shift;
  return neg ? -value : value;
}

function reduce(num: bigint, den: bigint): Fraction {
  let a = num < 0n ? -num : num;
  let b = den < 0n ? -den : den;
  while (b !== 0n) [a, b] = [b, a % b];
  const g = a === 0n ? 1n : a;
  const sign = den < 0n ? -1n : 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

/** a + b with Python's rules: exact when both are fractions, a float otherwise. */
export function pyAdd(a: PyNumber, b: PyNumber): PyNumber {
  if (isFraction(a) && isFraction(b)) return reduce(a.num * b.den + b.num * a.den, a.den * b.den);
  return toFloat(a) + toFloat(b);
}

export function pyMul(a: PyNumber, b: PyNumber): PyNumber {
  if (isFraction(a) && isFraction(b)) return reduce(a.num * b.num, a.den * b.den);
  return toFloat(a) * toFloat(b);
}

/** a / b where a fraction stays exact; an integer-by-integer division is a float in Python 3, so callers pass floats for that. */
export function pyDiv(a: PyNumber, b: PyNumber): PyNumber {
  if (isFraction(a) && isFraction(b)) return reduce(a.num * b.den, a.den * b.num);
  return toFloat(a) / toFloat(b);
}

export function pyIsZero(x: PyNumber): boolean {
  return isFraction(x) ? x.num === 0n : x === 0;
}

export function pyIsPositive(x: PyNumber): boolean {
  return isFraction(x) ? x.num > 0n === x.den > 0n && x.num !== 0n : x > 0;
}
