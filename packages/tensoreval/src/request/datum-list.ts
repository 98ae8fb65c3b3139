import { invalidInput } from '@tensoreval/core';
import { asArray, asObject, datumLocation, datumUid, FN } from './fields';

/**
 * `data.datums` → parsed datums: each an object with a string uid unique across the request, parsed
 * by `parse(datum, index, uid)`. Errors name `data.datums[i]`, the record and the uid; indices count
 * from `base` (a shard's first datum in the whole request).
 */
export function parseDatumList<T>(data: unknown, parse: (datum: Record<string, unknown>, index: number, uid: string) => T, base = 0): T[] {
  const root = asObject(data, { argument: 'data' });
  const seen = new Set<string>();
  return asArray(root.datums, { argument: 'data.datums' }).map((raw, j) => {
    const i = base + j;
    const datum = asObject(raw, datumLocation('', i));
    const uid = datumUid(datum, i);
    if (seen.has(uid)) throw invalidInput(FN, datumLocation('uid', i), 'be unique across the datums', `the uid ${JSON.stringify(uid)} again`, 'TE-204');
    seen.add(uid);
    return parse(datum, i, uid);
  });
}
