import { invalidInput, isCoordinate, MAX_COORDINATE, type InputLocation } from '@tensoreval/core';

/** Field readers for the request JSON: each names the path, the record and the rule when a field is wrong. */

export const FN = 'evaluate';

export function describe(value: unknown): string {
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  return `${typeof value} ${typeof value === 'object' ? '' : String(value)}`.trim();
}

export function asObject(value: unknown, location: InputLocation): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidInput(FN, location, 'be an object', describe(value), 'TE-204');
  return value as Record<string, unknown>;
}

export function asArray(value: unknown, location: InputLocation): unknown[] {
  if (!Array.isArray(value)) throw invalidInput(FN, location, 'be an array', describe(value), 'TE-204');
  return value;
}

export function asString(value: unknown, location: InputLocation): string {
  if (typeof value !== 'string') throw invalidInput(FN, location, 'be a string', describe(value), 'TE-204');
  return value;
}

export function asFiniteNumber(value: unknown, location: InputLocation): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidInput(FN, location, 'be a finite number', describe(value), typeof value === 'number' ? 'TE-201' : 'TE-204');
  return value;
}

/** A box or polygon coordinate: finite and within ±MAX_COORDINATE (beyond, areas overflow to Infinity). */
export function asCoordinate(value: unknown, location: InputLocation): number {
  const v = asFiniteNumber(value, location);
  if (!isCoordinate(v)) throw invalidInput(FN, location, `be a coordinate within ±${MAX_COORDINATE}`, String(v), 'TE-203');
  return v;
}

/** `path` of datum `index` (uid) for messages: ``Expected `data.datums[3].predictions` (record 3) …``. */
/**
 * Refuses a key of `obj` that `allowed` does not list (TE-102), naming it: a typo (`groundtruth` for
 * `groundtruths`, `interior` for `interiors`) would otherwise be ignored and silently change the result.
 */
export function checkKeys(obj: Record<string, unknown>, allowed: ReadonlySet<string>, where: InputLocation, rule: (r: string) => string = (r) => r): void {
  for (const key in obj) {
    if (Object.hasOwn(obj, key) && !allowed.has(key)) {
      throw invalidInput(FN, where, rule(`have only the keys ${[...allowed].map((k) => `'${k}'`).join(', ')}`), `the unknown key ${JSON.stringify(key)}`, 'TE-102');
    }
  }
}

export function datumLocation(field: string, index: number): InputLocation & { index: number } {
  return { argument: `data.datums[${index}]${field ? `.${field}` : ''}`, index };
}

/** The datum's uid, required and a string; named in every later error about the datum. */
export function datumUid(datum: Record<string, unknown>, index: number): string {
  return asString(datum.uid, datumLocation('uid', index));
}

/**
 * A reader of datum uids that refuses a repeated one (TE-203): the examples and confusion outputs
 * name datums by uid, so two datums with one uid could not be told apart.
 */
export function uniqueDatumUids(): (datum: Record<string, unknown>, index: number) => string {
  const seen = new Map<string, number>();
  return (datum, index) => {
    const uid = datumUid(datum, index);
    const first = seen.get(uid);
    if (first !== undefined) throw invalidInput(FN, datumLocation('uid', index), `be unique across datums (datum ${first} has it too)`, JSON.stringify(uid), 'TE-203');
    seen.set(uid, index);
    return uid;
  };
}

/** Appends the datum uid to a rule so every datum error names it. */
export function withUid(rule: string, uid: string): string {
  return `${rule} (datum uid ${JSON.stringify(uid)})`;
}
