/**
 * Compares evaluate() output with valor-lite's recorded output: record lists as multisets keyed by
 * (type, parameters), every float within `tol`. Returns a list of differences (empty when equal).
 */

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Deep equality with float tolerance; returns the path of the first difference or undefined. */
export function deepDiff(actual: unknown, expected: unknown, tol: number, path = ''): string | undefined {
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') return `${path}: expected ${expected}, got ${JSON.stringify(actual)}`;
    if (Number.isNaN(expected) && Number.isNaN(actual)) return undefined;
    return Math.abs(actual - expected) <= tol ? undefined : `${path}: expected ${expected}, got ${actual}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)?.slice(0, 80)}`;
    if (actual.length !== expected.length) return `${path}: expected length ${expected.length}, got ${actual.length}`;
    for (let i = 0; i < expected.length; i++) {
      const d = deepDiff(actual[i], expected[i], tol, `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path}: expected an object, got ${JSON.stringify(actual)?.slice(0, 80)}`;
    const ek = Object.keys(expected).sort();
    const ak = Object.keys(actual).sort();
    if (ek.join('\u0000') !== ak.join('\u0000')) return `${path}: keys ${JSON.stringify(ak)} != expected ${JSON.stringify(ek)}`;
    for (const k of ek) {
      const d = deepDiff((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], tol, `${path}.${k}`);
      if (d) return d;
    }
    return undefined;
  }
  return actual === expected ? undefined : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

interface RecordLike {
  type: string;
  parameters: unknown;
}

function isRecordList(v: unknown): v is RecordLike[] {
  return Array.isArray(v) && v.every((r) => r !== null && typeof r === 'object' && 'type' in r && 'parameters' in r);
}

/** Multiset comparison of two record lists; records sharing a key are matched greedily by equality. */
export function compareRecordLists(actual: unknown, expected: RecordLike[], tol: number, path: string): string[] {
  if (!isRecordList(actual)) return [`${path}: expected a list of records`];
  if (actual.length !== expected.length) return [`${path}: expected ${expected.length} records, got ${actual.length}`];
  const pool = new Map<string, unknown[]>();
  for (const r of actual) {
    const key = `${r.type}|${canonical(r.parameters)}`;
    (pool.get(key) ?? pool.set(key, []).get(key)!).push(r);
  }
  const diffs: string[] = [];
  for (const e of expected) {
    const key = `${e.type}|${canonical(e.parameters)}`;
    const candidates = pool.get(key);
    if (!candidates || candidates.length === 0) {
      diffs.push(`${path}: missing record ${key}`);
      continue;
    }
    const at = candidates.findIndex((c) => deepDiff(c, e, tol) === undefined);
    if (at < 0) {
      diffs.push(`${path} ${key}: ${deepDiff(candidates[0], e, tol)}`);
      candidates.shift();
    } else candidates.splice(at, 1);
  }
  return diffs;
}

/** Compares one call's output: `{type: [records]}` or `[records]`. */
export function compareOutput(actual: unknown, expected: unknown, tol: number, path: string): string[] {
  if (Array.isArray(expected)) return compareRecordLists(actual, expected as RecordLike[], tol, path);
  if (expected !== null && typeof expected === 'object') {
    const exp = expected as Record<string, unknown>;
    const act = (actual ?? {}) as Record<string, unknown>;
    const diffs: string[] = [];
    const extra = Object.keys(act).filter((k) => !(k in exp));
    if (extra.length) diffs.push(`${path}: unexpected types ${extra.join(', ')}`);
    for (const [type, list] of Object.entries(exp)) {
      if (isRecordList(list)) diffs.push(...compareRecordLists(act[type], list, tol, `${path}.${type}`));
      else {
        const d = deepDiff(act[type], list, tol, `${path}.${type}`);
        if (d) diffs.push(d);
      }
    }
    return diffs;
  }
  const d = deepDiff(actual, expected, tol, path);
  return d ? [d] : [];
}
