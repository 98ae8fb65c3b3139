import { open, readFile } from 'node:fs/promises';
import { inflatedIfGzip, invalidInput } from '@tensoreval/core';
import { shared } from './shared-memory';

/**
 * The one reader of JSON inputs (COCO GT and results files, metric requests, saved runs): plain or
 * gzip-compressed (detected by its magic bytes, as LVIS results ship as .json.gz), and `-` for stdin
 * where the caller allows it. Failures are one TE-209 line naming the caller and the file.
 */

/** The conventional name for standard input in place of a file path (`evaluate -`). */
export const STDIN = '-';

export interface ReadJsonOptions {
  /** read stdin when the path is {@link STDIN} (CLI inputs); otherwise `-` is a file name like any other */
  stdin?: boolean;
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

/** The bytes of `path` (stdin for `-` with `options.stdin`), inflated first when they are gzip. */
export async function readInputBytes(caller: string, path: string, options: ReadJsonOptions = {}): Promise<Buffer> {
  const fromStdin = options.stdin === true && path === STDIN;
  try {
    return inflatedIfGzip(fromStdin ? await readStdin() : await readFile(path));
  } catch (error) {
    throw unreadableInput(caller, inputName(path, options), error);
  }
}

/**
 * The bytes of the file `path` as {@link readInputBytes} gives them, in a SharedArrayBuffer (worker
 * threads then read them without a copy): a plain file is read straight into it, a gzip one inflated
 * and copied there.
 */
export async function readSharedInputBytes(caller: string, path: string): Promise<Uint8Array> {
  try {
    const file = await open(path, 'r');
    try {
      const stats = await file.stat();
      // a pipe (`--dt <(zcat dt.json.gz)`) has no size: read to its end, then copy
      if (!stats.isFile()) return shared(inflatedIfGzip(await file.readFile()));
      const { size } = stats;
      const bytes = new Uint8Array(new SharedArrayBuffer(size));
      let at = 0;
      for (let got = -1; at < size && got !== 0; at += got) got = (await file.read(bytes, at, size - at, at)).bytesRead;
      if (at !== size) throw new Error(`the file changed while it was read (${at} of ${size} bytes)`);
      const inflated = inflatedIfGzip(bytes);
      return inflated === bytes ? bytes : shared(inflated);
    } finally {
      await file.close();
    }
  } catch (error) {
    throw unreadableInput(caller, path, error);
  }
}

/** The text of {@link readInputBytes} (UTF-8). */
export async function readInputText(caller: string, path: string, options: ReadJsonOptions = {}): Promise<string> {
  return utf8Text(caller, inputName(path, options), await readInputBytes(caller, path, options));
}

/** `bytes` of the input named `name` as UTF-8 text; TE-209 past V8's longest string. */
export function utf8Text(caller: string, name: string, bytes: Buffer): string {
  try {
    return bytes.toString('utf8');
  } catch (error) {
    throw unreadableInput(caller, name, error);
  }
}

/** How errors name the input: its path, or 'stdin'. */
function inputName(path: string, options: ReadJsonOptions): string {
  return options.stdin === true && path === STDIN ? 'stdin' : path;
}

/** `text` (read from the input named `path`) parsed as JSON; TE-209 naming the file and JSON.parse's position otherwise. */
export function parseInputJson(caller: string, path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidInput(caller, path, 'contain valid JSON', (error as Error).message, 'TE-209');
  }
}

/** {@link readInputText} then {@link parseInputJson}. */
export async function readJsonInput(caller: string, path: string, options: ReadJsonOptions = {}): Promise<unknown> {
  return parseInputJson(caller, inputName(path, options), await readInputText(caller, path, options));
}
