import { isGzip } from '@tensoreval/core';

/**
 * The inflated size of a whole gzip file, in an extra field of its first member's header (RFC 1952
 * 2.3.1.1, as BGZF records its block sizes). A gzip trailer records only its own member's size (mod
 * 4 GiB), so a reader sizing a file of several members from the trailer sees a fraction of it; the
 * gzip this project writes in several members ({@link compress} of the queue) carries the total
 * here, and {@link markedInflatedSize} reads it from the file's first bytes. Every gunzip skips
 * extra fields.
 */

/** FLG's FEXTRA bit; a plain zlib header is 10 bytes with FLG 0. */
const FEXTRA = 0x04;
const HEADER = 10;
/** The field's id ('T', 'E') and its data: the inflated size, a little-endian uint64. */
const ID_1 = 0x54, ID_2 = 0x45, DATA = 8;
/** XLEN (2), the field's id and length (4), its data. */
const EXTRA = 2 + 4 + DATA;
/** Bytes {@link markedInflatedSize} reads. */
export const SIZE_FIELD_BYTES = HEADER + EXTRA;

/**
 * `members` (gzip members as zlib writes them, concatenated in order) with the total inflated size
 * `inflated` in the first member's header; the members as they are (concatenated) when the first
 * already has a header other than zlib's plain one.
 */
export function gzipWithInflatedSize(members: readonly Buffer[], inflated: number): Buffer {
  const first = members[0] as Buffer;
  if (first.length < HEADER || !isGzip(first) || first[3] !== 0) return members.length === 1 ? first : Buffer.concat(members);
  const head = Buffer.alloc(SIZE_FIELD_BYTES);
  first.copy(head, 0, 0, HEADER);
  head[3] = FEXTRA;
  head.writeUInt16LE(EXTRA - 2, HEADER);
  head[HEADER + 2] = ID_1;
  head[HEADER + 3] = ID_2;
  head.writeUInt16LE(DATA, HEADER + 4);
  head.writeBigUInt64LE(BigInt(inflated), HEADER + 6);
  return Buffer.concat([head, first.subarray(HEADER), ...members.slice(1)]);
}

/** The inflated size recorded by {@link gzipWithInflatedSize} in a file starting with `head`; undefined for any other file. */
export function markedInflatedSize(head: Uint8Array): number | undefined {
  if (head.length < SIZE_FIELD_BYTES || !isGzip(head) || head[3] !== FEXTRA) return undefined;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (view.getUint16(HEADER, true) !== EXTRA - 2 || head[HEADER + 2] !== ID_1 || head[HEADER + 3] !== ID_2 || view.getUint16(HEADER + 4, true) !== DATA) return undefined;
  return Number(view.getBigUint64(HEADER + 6, true));
}
