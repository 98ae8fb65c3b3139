import type { Table, Vector } from 'apache-arrow';
import { invalidInput } from '@tensoreval/core';
import { concatChunks } from '../columns/concat';

/**
 * Evaluator states travel as one Arrow IPC file (the format Arrow readers in every language open,
 * e.g. `pyarrow.ipc.open_file`): one record batch whose columns are the state's per-row typed
 * arrays, and schema metadata holding what is not per row as JSON under `tensoreval.header`, with
 * `tensoreval.kind` and `tensoreval.version` to refuse a state of another evaluator or version.
 * Columns keep their dtype (float64 stays float64), so a round trip is bit for bit.
 * apache-arrow is imported on first use (about 0.2 s), so evaluations that never serialise do not pay it.
 */

let arrow: Promise<typeof import('apache-arrow')> | undefined;
const loadArrow = () => (arrow ??= import('apache-arrow'));

/** A per-row column: a typed array, or fixed-width bytes per row (`width` bytes each). */
export type StateColumn = Float64Array | Float32Array | Int32Array | Uint32Array | Uint8Array | { bytes: Uint8Array; width: number };

/** A state as columns of one length plus a JSON header. */
export interface StateTable {
  header: unknown;
  columns: Record<string, StateColumn>;
}

const KIND = 'tensoreval.kind', VERSION = 'tensoreval.version', HEADER = 'tensoreval.header';

/** Writes `state` as an Arrow IPC file (all columns must have the same number of rows). */
export async function encodeStateTable(kind: string, version: number, state: StateTable): Promise<Uint8Array> {
  const { makeData, makeVector, FixedSizeBinary, Table, tableToIPC } = await loadArrow();
  const vectors: Record<string, Vector> = {};
  for (const [name, col] of Object.entries(state.columns)) {
    if (ArrayBuffer.isView(col)) vectors[name] = makeVector(col);
    else {
      const type = new FixedSizeBinary(col.width);
      vectors[name] = makeVector(makeData({ type, length: col.width === 0 ? 0 : col.bytes.length / col.width, data: col.bytes }));
    }
  }
  const table = new Table(vectors) as Table;
  table.schema.metadata.set(KIND, kind);
  table.schema.metadata.set(VERSION, String(version));
  table.schema.metadata.set(HEADER, JSON.stringify(state.header));
  return tableToIPC(table, 'file');
}

/**
 * Reads an Arrow IPC file written by {@link encodeStateTable}. Anything else (not Arrow, another
 * kind or version, a missing column) is one TE-209 line naming `source`.
 */
export async function decodeStateTable(bytes: Uint8Array, kind: string, version: number, source: string, names: readonly string[], optional: readonly string[] = []): Promise<{ header: unknown; columns: Map<string, Vector> }> {
  const { tableFromIPC } = await loadArrow();
  let table: Table;
  try {
    table = tableFromIPC(bytes);
  } catch (error) {
    throw invalidInput('decodeState', source, 'be an Arrow IPC evaluator state', (error as Error).message, 'TE-209');
  }
  const meta = table.schema.metadata;
  // arrow reads some non-Arrow bytes as an empty table: no kind means not a state
  if (!meta.has(KIND)) throw invalidInput('decodeState', source, 'be an Arrow IPC evaluator state', `no '${KIND}' metadata`, 'TE-209');
  if (meta.get(KIND) !== kind) throw invalidInput('decodeState', source, `be a '${kind}' state`, `kind ${JSON.stringify(meta.get(KIND) ?? null)}`, 'TE-209');
  if (meta.get(VERSION) !== String(version)) throw invalidInput('decodeState', source, `be a version ${version} state`, `version ${JSON.stringify(meta.get(VERSION) ?? null)}`, 'TE-209');
  let header: unknown;
  try {
    header = JSON.parse(meta.get(HEADER) ?? '');
  } catch (error) {
    throw invalidInput('decodeState', source, 'carry a JSON header', (error as Error).message, 'TE-209');
  }
  const columns = new Map<string, Vector>();
  for (const name of names) {
    const v = table.getChild(name);
    if (v === null) throw invalidInput('decodeState', source, `have a '${name}' column`, 'none', 'TE-209');
    columns.set(name, v);
  }
  for (const name of optional) {
    const v = table.getChild(name);
    if (v !== null) columns.set(name, v);
  }
  return { header, columns };
}

/** A numeric column as one contiguous typed array (copied, so it outlives the IPC buffer). */
export function columnArray<T extends Float64Array | Int32Array | Uint8Array | Float32Array | Uint32Array>(v: Vector, ctor: { new (n: number): T }, source: string, name: string): T {
  const arr = v.toArray() as unknown;
  if (!(arr instanceof ctor)) throw invalidInput('decodeState', source, `have column '${name}' of type ${ctor.name}`, String(v.type), 'TE-209');
  const out = new ctor(arr.length);
  out.set(arr as ArrayLike<number>);
  return out;
}

/** A FixedSizeBinary column as its bytes, `width` per row, rows concatenated. */
export function columnBytes(v: Vector, width: number, source: string, name: string): Uint8Array {
  if ((v.type as { byteWidth?: number }).byteWidth !== width || String(v.type) !== `FixedSizeBinary[${width}]`) {
    throw invalidInput('decodeState', source, `have column '${name}' of ${width} bytes per row`, String(v.type), 'TE-209');
  }
  const out = new Uint8Array(v.length * width);
  let at = 0;
  for (const d of v.data) {
    const values = d.values as Uint8Array;
    out.set(values.subarray(d.offset * width, (d.offset + d.length) * width), at);
    at += d.length * width;
  }
  return out;
}

/** A header count: a non-negative safe integer. */
export const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** Base64 of a byte array (for small bitmaps in a header). */
export function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

export function base64ToBytes(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** One row of a list-column state: named int32 / float64 columns and string lists of any lengths. */
export type StateRow = Record<string, Int32Array | Float64Array | readonly string[]>;

/**
 * Writes `rows` as an Arrow IPC file with one List column per field (one list per row): for states
 * kept as a sequence of ragged chunks (one per update). Int32Array → list<int32>, Float64Array →
 * list<float64>, string arrays → list<utf8>; every row must have the same fields.
 */
export async function encodeStateRows(kind: string, version: number, header: unknown, rows: readonly StateRow[], fields: readonly string[]): Promise<Uint8Array> {
  const { makeData, makeVector, vectorFromArray, Field, List, Int32, Float64, Utf8, Table, tableToIPC } = await loadArrow();
  const vectors: Record<string, Vector> = {};
  for (const name of fields) {
    const parts = rows.map((r) => r[name]);
    const first = parts[0];
    const offsets = new Int32Array(rows.length + 1);
    parts.forEach((p, i) => { offsets[i + 1] = (offsets[i] as number) + (p?.length ?? 0); });
    const child = first === undefined || Array.isArray(first)
      ? vectorFromArray((parts as Array<readonly string[]>).flat(), new Utf8()).data[0]
      : first instanceof Int32Array
        ? makeData({ type: new Int32(), length: offsets[rows.length] as number, data: concatChunks(parts as Int32Array[], (n) => new Int32Array(n)) })
        : makeData({ type: new Float64(), length: offsets[rows.length] as number, data: concatChunks(parts as Float64Array[], (n) => new Float64Array(n)) });
    vectors[name] = makeVector(makeData({ type: new List(new Field('item', child!.type, true)), length: rows.length, nullCount: 0, valueOffsets: offsets, child: child! }));
  }
  const table = new Table(vectors) as Table;
  table.schema.metadata.set(KIND, kind);
  table.schema.metadata.set(VERSION, String(version));
  table.schema.metadata.set(HEADER, JSON.stringify(header));
  return tableToIPC(table, 'file');
}

/** Reads a file written by {@link encodeStateRows}: its header and rows (columns copied out of the buffer). */
export async function decodeStateRows(bytes: Uint8Array, kind: string, version: number, source: string, fields: readonly string[]): Promise<{ header: unknown; rows: StateRow[] }> {
  const { header, columns } = await decodeStateTable(bytes, kind, version, source, fields);
  const n = columns.get(fields[0] as string)?.length ?? 0;
  const rows: StateRow[] = Array.from({ length: n }, () => ({}));
  for (const [name, v] of columns) {
    for (let i = 0; i < n; i++) {
      const item = v.get(i) as Vector | null;
      const values = item === null ? [] : (item.toArray() as unknown);
      if (values instanceof Int32Array) (rows[i] as StateRow)[name] = Int32Array.from(values);
      else if (values instanceof Float64Array) (rows[i] as StateRow)[name] = Float64Array.from(values);
      else if (Array.isArray(values) && values.every((s) => typeof s === 'string')) (rows[i] as StateRow)[name] = values as string[];
      else throw invalidInput('decodeState', source, `have column '${name}' as a list of int32, float64 or utf8`, String(v.type), 'TE-209');
    }
  }
  return { header, rows };
}
