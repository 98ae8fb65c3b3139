import { constants } from 'node:buffer';
import { open, readFile } from 'node:fs/promises';
import { InflateLimitError, inflatedIfGzipAsync, invalidInput, isGzip } from '@tensoreval/core';
import { markedInflatedSize, SIZE_FIELD_BYTES } from './gzip-size-field';
import { shared } from './shared-memory';

/**
 * The one reader of JSON inputs (COCO GT and results files, metric requests, saved runs): plain or
 * gzip-compressed (detected by its magic bytes, as LVIS results ship as .json.gz), and `-` for stdin
 * where the caller allows it. Failures are one TE-209 line naming the caller and the file.
 */

/** The conventional name for standard input in place of a file path (`evaluate -`). */
export const STDIN = '-';

/**
 * The most bytes an input read as one text may hold: V8 refuses UTF-8 input longer than its longest
 * string before decoding it, whatever its characters, so this bound in bytes is exact. Gzip inflates no further.
 */
export const MAX_TEXT_BYTES = constants.MAX_STRING_LENGTH;

export interface ReadJsonOptions {
  /** read stdin when the path is {@link STDIN} (CLI inputs); otherwise `-` is a file name like any other */
  stdin?: boolean;
  /** how errors name the input (default: the path, `stdin` for stdin): the path given when `path` is a local copy of it */
  name?: string;
}

/** TE-209: `path` of `caller` could not be read (or stat'ed). */
export function unreadableInput(caller: string, path: string, error: unknown): Error {
  return invalidInput(caller, path, 'be a readable file', (error as Error).message, 'TE-209');
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The bytes of `path` (stdin for `-` with `options.stdin`), inflated first when they are gzip; TE-209
 * when they hold more than {@link MAX_TEXT_BYTES} (gzip stops inflating there).
 */
export async function readInputBytes(caller: string, path: string, options: ReadJsonOptions = {}): Promise<Buffer> {
  const bytes = await readInputBytesWithin(caller, path, MAX_TEXT_BYTES, options);
  if (bytes === undefined) throw tooLongInput(caller, inputName(path, options), MAX_TEXT_BYTES);
  return bytes;
}

/**
 * {@link readInputBytes} bounded by `maxBytes`: undefined when the input holds more (a gzip file is
 * inflated only up to the bound, so a gzip bomb costs `maxBytes` of memory at most).
 */
export async function readInputBytesWithin(caller: string, path: string, maxBytes: number, options: ReadJsonOptions = {}): Promise<Buffer | undefined> {
  const fromStdin = options.stdin === true && path === STDIN;
  try {
    return await inflatedWithin(fromStdin ? await readStdin() : await readFile(path), maxBytes);
  } catch (error) {
    throw unreadableInput(caller, inputName(path, options), error);
  }
}

/**
 * `bytes` inflated when they are gzip (on zlib's thread pool, so this thread's event loop stays free
 * meanwhile), or undefined where they hold more than `maxBytes` (inflated no further).
 */
function inflatedWithin<T extends Uint8Array>(bytes: T, maxBytes: number): Promise<T | Buffer | undefined> {
  return inflatedIfGzipAsync(bytes, maxBytes).then((out) => within(out, maxBytes), pastBound);
}

/** Undefined for an inflate stopped at its bound; any other error (a corrupt stream) is thrown. */
function pastBound(error: unknown): undefined {
  if (error instanceof InflateLimitError) return undefined;
  throw error;
}

/** TE-209: the input `name` holds more than `maxBytes` bytes (inflated), more than can be parsed as one text. */
export function tooLongInput(caller: string, name: string, maxBytes: number): Error {
  return invalidInput(caller, name, `hold at most ${maxBytes} bytes once inflated (the longest text that can be parsed)`, `more bytes`, 'TE-209');
}

function within<T extends Uint8Array>(bytes: T, maxBytes: number): T | undefined {
  return bytes.length > maxBytes ? undefined : bytes;
}

/**
 * The bytes of the file `path` as {@link readInputBytesWithin} gives them, in a SharedArrayBuffer
 * (worker threads then read them without a copy): a plain file is read straight into it, a gzip one
 * inflated (up to `maxBytes`, on zlib's thread pool: a queue worker's event loop keeps renewing its
 * job's lock, and the GT and the results inflate at once) and copied there; undefined past `maxBytes`. Errors name the input
 * `name` (the path unless it is a local copy).
 */
export async function readSharedInputBytes(caller: string, path: string, maxBytes: number, name = path): Promise<Uint8Array | undefined> {
  try {
    const file = await open(path, 'r');
    try {
      const stats = await file.stat();
      // read up to its size: a pipe has none (evaluateCoco and the queue worker copy pipes to files first)
      if (!stats.isFile()) throw new Error('not a regular file');
      const { size } = stats;
      const bytes = new Uint8Array(new SharedArrayBuffer(size));
      let at = 0;
      for (let got = -1; at < size && got !== 0; at += got) got = (await file.read(bytes, at, size - at, at)).bytesRead;
      if (at !== size) throw new Error(`the file changed while it was read (${at} of ${size} bytes)`);
      const inflated = await inflatedWithin(bytes, maxBytes);
      return inflated === bytes || inflated === undefined ? inflated : shared(inflated);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw unreadableInput(caller, name, error);
  }
}


/** `bytes` of the input named `name` as UTF-8 text; TE-209 past V8's longest string. */
export function utf8Text(caller: string, name: string, bytes: Uint8Array): string {
  try {
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  } catch (error) {
    throw unreadableInput(caller, name, error);
  }
}

/** How errors name the input: its path, or 'stdin'. */
function inputName(path: string, options: ReadJsonOptions): string {
  return options.name ?? (options.stdin === true && path === STDIN ? 'stdin' : path);
}

/** `text` (read from the input named `path`) parsed as JSON; TE-209 naming the file and JSON.parse's position otherwise. */
export function parseInputJson(caller: string, path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidInput(caller, path, 'contain valid JSON', (error as Error).message, 'TE-209');
  }
}

/** {@link readInputBytes} then {@link jsonFromBytes}. */
export async function readJsonInput(caller: string, path: string, options: ReadJsonOptions = {}): Promise<unknown> {
  return jsonFromBytes(caller, inputName(path, options), await readInputBytes(caller, path, options));
}

/** The input `name`'s (inflated) `bytes` as UTF-8 text parsed as JSON; TE-209 naming it otherwise. */
export function jsonFromBytes(caller: string, name: string, bytes: Uint8Array): unknown {
  return parseInputJson(caller, name, utf8Text(caller, name, bytes));
}

/**
 * The size of the text in `path`: a plain file's size; for gzip, the total its first header records
 * (gzip written by the queue: gzip-size-field.ts), else at least what its trailer records
 * (the last member's inflated size, mod 4 GiB): a lower bound of the inflated size, read from a few
 * bytes, so a small .json.gz that inflates large is known as large before anything is inflated.
 */
export async function inflatedSizeHint(path: string): Promise<number> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const head = new Uint8Array(SIZE_FIELD_BYTES), trailer = new Uint8Array(4);
    await file.read(head, 0, head.length, 0);
    if (size < 18 || !isGzip(head)) return size;
    const marked = markedInflatedSize(head);
    if (marked !== undefined) return Math.max(size, marked);
    await file.read(trailer, 0, 4, size - 4);
    return Math.max(size, new DataView(trailer.buffer).getUint32(0, true));
  } finally {
    await file.close();
  }
}
