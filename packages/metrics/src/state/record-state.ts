import { invalidInput } from '@tensoreval/core';
import { decodeStateRows, encodeStateRows } from './arrow-state';

/** Format version of the record-list states. */
const VERSION = 1;
/** Key of the object that stands for a number JSON cannot write (NaN, ±Infinity, -0). */
const NUMBER_TAG = '\u0000number';

// JSON writes NaN and ±Infinity as null and -0 as 0: tagged, every number comes back with its bits.
const tagNumbers = (_key: string, v: unknown): unknown =>
  typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? { [NUMBER_TAG]: Object.is(v, -0) ? '-0' : String(v) } : v;
const untagNumbers = (_key: string, v: unknown): unknown =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && typeof (v as Record<string, unknown>)[NUMBER_TAG] === 'string'
    ? Number((v as Record<string, string>)[NUMBER_TAG])
    : v;

/**
 * Writes lists of JSON-shaped records (per-datum result records of a shard, one list per metric
 * call) as an Arrow IPC file: one row per list, a list<utf8> column holding each record as JSON,
 * and `header` in the schema metadata. Numbers round-trip bit for bit (NaN, ±Infinity and -0
 * included); `undefined` properties are dropped, as in the JSON output.
 */
export function encodeRecordLists(kind: string, header: unknown, lists: readonly (readonly unknown[])[]): Promise<Uint8Array> {
  const rows = lists.map((list) => ({ records: list.map((r) => JSON.stringify(r, tagNumbers)) }));
  return encodeStateRows(kind, VERSION, header, rows, ['records']);
}

/** Reads a file written by {@link encodeRecordLists}; anything else is one TE-209 line naming `source`. */
export async function decodeRecordLists(bytes: Uint8Array, kind: string, source: string): Promise<{ header: unknown; lists: unknown[][] }> {
  const { header, rows } = await decodeStateRows(bytes, kind, VERSION, source, ['records']);
  const lists = rows.map((row) => {
    const records = row.records;
    if (!Array.isArray(records)) throw invalidInput('decodeState', source, "have 'records' as lists of JSON text", 'another type', 'TE-209');
    return records.map((text) => {
      try {
        return JSON.parse(text, untagNumbers) as unknown;
      } catch (error) {
        throw invalidInput('decodeState', source, 'hold records as JSON text', (error as Error).message, 'TE-209');
      }
    });
  });
  return { header, lists };
}
