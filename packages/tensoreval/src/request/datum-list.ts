import { asArray, asObject, checkKeys, datumLocation, uniqueDatumUids, withUid } from './fields';

/** The datums of a request's `data`: its root object, each datum object and its uid, in order. */
export interface DatumList {
  root: Record<string, unknown>;
  datums: Record<string, unknown>[];
  uids: string[];
}

/**
 * `data` → its datums: `data` an object with a `datums` array of objects, each with a string uid unique
 * across the request (TE-203). Where `keys` is given, `data` and each datum may hold only those keys
 * (TE-102). Errors name `data.datums[i]`, the record and the uid; indices count from `base` (a shard's
 * first datum in the whole request).
 */
export function readDatums(data: unknown, base: number, keys?: { data: ReadonlySet<string>; datum: ReadonlySet<string> }): DatumList {
  const root = asObject(data, { argument: 'data' });
  if (keys) checkKeys(root, keys.data, { argument: 'data' });
  const list = asArray(root.datums, { argument: 'data.datums' });
  const uidOf = uniqueDatumUids();
  const uids = new Array<string>(list.length);
  const datums = list.map((raw, j) => {
    const at = base + j;
    const datum = asObject(raw, datumLocation('', at));
    const uid = uidOf(datum, at);
    if (keys) checkKeys(datum, keys.datum, datumLocation('', at), (r) => withUid(r, uid));
    uids[j] = uid;
    return datum;
  });
  return { root, datums, uids };
}

/** `data.datums` → `parse(datum, index, uid)` of each (see readDatums; `index` counts from `base`). */
export function parseDatumList<T>(data: unknown, parse: (datum: Record<string, unknown>, index: number, uid: string) => T, base = 0): T[] {
  const { datums, uids } = readDatums(data, base);
  return datums.map((datum, j) => parse(datum, base + j, uids[j] as string));
}
