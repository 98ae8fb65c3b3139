import { invalidOption } from '../errors';

/**
 * Option checks with the sklearn-style message template. Each returns the validated value so
 * call sites read `const k = checkInteger(options.k, 'k', 'cosineTopK', { min: 1 })`.
 */

export function checkNumber(value: unknown, option: string, fnName: string, range: { min?: number; max?: number; minExclusive?: boolean } = {}): number {
  const { min, max, minExclusive } = range;
  const ok = typeof value === 'number' && Number.isFinite(value) &&
    (min === undefined || (minExclusive ? value > min : value >= min)) && (max === undefined || value <= max);
  if (!ok) throw invalidOption(fnName, option, describeRange('a number', range), value);
  return value as number;
}

export function checkInteger(value: unknown, option: string, fnName: string, range: { min?: number; max?: number } = {}): number {
  const ok = typeof value === 'number' && Number.isInteger(value) &&
    (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max);
  if (!ok) throw invalidOption(fnName, option, describeRange('an integer', range), value);
  return value as number;
}

export function checkOneOf<T extends string>(value: unknown, option: string, fnName: string, allowed: readonly T[]): T {
  if (typeof value !== 'string' || !allowed.includes(value as T)) {
    throw invalidOption(fnName, option, `one of ${allowed.map((a) => `'${a}'`).join(', ')}`, value);
  }
  return value as T;
}

export function checkBoolean(value: unknown, option: string, fnName: string): boolean {
  if (typeof value !== 'boolean') throw invalidOption(fnName, option, 'a boolean', value);
  return value;
}

/** A non-empty array of finite numbers, each within the range. */
export function checkNumberArray(value: unknown, option: string, fnName: string, range: { min?: number; max?: number } = {}): number[] {
  const ok = Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'number' && Number.isFinite(v) &&
    (range.min === undefined || v >= range.min) && (range.max === undefined || v <= range.max));
  if (!ok) throw invalidOption(fnName, option, `a non-empty array of ${describeRange('numbers', range).replace(/^numbers/, 'numbers')}`, value);
  return value as number[];
}

/** Rejects keys not in `known`, so a typo is an error rather than a silently ignored option. */
export function checkKnownOptions(options: object, known: readonly string[], fnName: string): void {
  for (const k of Object.keys(options)) {
    if (!known.includes(k)) throw invalidOption(fnName, k, `one of the known options (${known.join(', ')})`, k, 'TE-102');
  }
}

function describeRange(what: string, range: { min?: number; max?: number; minExclusive?: boolean }): string {
  const { min, max, minExclusive } = range;
  if (min !== undefined && max !== undefined) return `${what} in ${minExclusive ? '(' : '['}${min}, ${max}]`;
  if (min !== undefined) return `${what} ${minExclusive ? '>' : '>='} ${min}`;
  if (max !== undefined) return `${what} <= ${max}`;
  return what;
}
