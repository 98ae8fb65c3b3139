import { invalidInput, isGzip, TensorEvalError } from '@tensoreval/core';

/** Options of the streaming JSON-array reader. */
export interface JsonArrayReaderOptions {
  /** name of the input in error messages (the file path) */
  source?: string;
  /** parse once this many bytes of complete elements are buffered (default 8 MiB) */
  batchBytes?: number;
}

const QUOTE = 34, BACKSLASH = 92, OPEN_SQ = 91, CLOSE_SQ = 93, OPEN_CURLY = 123, CLOSE_CURLY = 125, COMMA = 44;

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/**
 * Reads a top-level JSON array from a stream of byte chunks without ever holding the whole text in
 * one string, so files past V8's maximum string length (~512 MiB) load. The bytes are scanned for
 * top-level element boundaries (tracking nesting and strings, escapes included); complete elements
 * are parsed in batches of about `batchBytes` with one JSON.parse each. Memory: the parsed values
 * plus one batch of text.
 *
 * @throws InvalidInputError (TE-209) naming the source and the element index for malformed JSON
 */
export async function readJsonArrayChunks(chunks: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, options: JsonArrayReaderOptions = {}): Promise<unknown[]> {
  const source = options.source ?? 'input';
  const batchBytes = options.batchBytes ?? 8 << 20;
  const out: unknown[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let scanned = 0; // bytes of `pending` already scanned
  let depth = 0, inString = false, escaped = false, started = false, finished = false;
  let boundary = -1; // index in `pending` of the last top-level comma
  let consumed = 0; // bytes before `pending` in the whole input, for messages

  const fail = (rule: string, got: string): never => {
    throw invalidInput('readJsonArray', { argument: source, index: out.length }, rule, got, 'TE-209');
  };
  const parseBatch = (end: number, closing: boolean) => {
    const text = pending.toString('utf8', 0, end);
    if (closing && text.trim() === '') return;
    let values: unknown;
    try {
      values = JSON.parse(`[${text}]`);
    } catch (error) {
      fail('be a valid JSON array', `${(error as Error).message} in the elements from byte ${consumed}`);
    }
    for (const v of values as unknown[]) out.push(v);
  };

  for await (const chunk of chunks) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
    const n = pending.length;
    let i = scanned;
    if (!started) {
      while (i < n && isSpace(pending[i] as number)) i++;
      if (i === n) { pending = Buffer.alloc(0); scanned = 0; continue; }
      if (pending[i] !== OPEN_SQ) fail('be a JSON array (start with "[")', JSON.stringify(String.fromCharCode(pending[i] as number)));
      started = true;
      depth = 1;
      pending = pending.subarray(i + 1);
      consumed += i + 1;
      i = 0;
    }
    const buf = pending;
    const len = buf.length;
    for (; i < len; i++) {
      const c = buf[i] as number;
      if (finished) {
        if (!isSpace(c)) fail('end after the closing "]"', `${JSON.stringify(String.fromCharCode(c))}`);
        continue;
      }
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_SQ || c === OPEN_CURLY) depth++;
      else if (c === CLOSE_SQ || c === CLOSE_CURLY) {
        depth--;
        if (depth === 0) {
          parseBatch(i, true);
          finished = true;
        }
      } else if (c === COMMA && depth === 1) boundary = i;
    }
    if (finished) { pending = Buffer.alloc(0); scanned = 0; continue; }
    scanned = len;
    if (boundary >= 0 && boundary >= batchBytes) {
      parseBatch(boundary, false);
      consumed += boundary + 1;
      pending = pending.subarray(boundary + 1);
      scanned = len - (boundary + 1);
      boundary = -1;
    }
  }
  if (!started) fail('be a JSON array', 'empty input');
  if (!finished) fail('be a complete JSON array (closing "]")', 'the end of the input');
  return out;
}

/**
 * Reads a JSON-array file by streaming (see {@link readJsonArrayChunks}), inflating it on the way
 * when it is gzip (its magic bytes), as the whole-file readers do. Node only.
 */
export async function readJsonArray(path: string, options: JsonArrayReaderOptions & { chunkBytes?: number } = {}): Promise<unknown[]> {
  const { createReadStream } = await import('node:fs');
  const { open } = await import('node:fs/promises');
  const head = new Uint8Array(2);
  const file = await open(path, 'r');
  try {
    await file.read(head, 0, 2, 0);
  } finally {
    await file.close();
  }
  const highWaterMark = options.chunkBytes ?? 4 << 20;
  const raw = createReadStream(path, { highWaterMark });
  let stream: NodeJS.ReadableStream = raw;
  if (isGzip(head)) {
    const inflate = (await import('node:zlib')).createGunzip({ chunkSize: Math.max(64, highWaterMark) });
    raw.on('error', (error) => inflate.destroy(error));
    stream = raw.pipe(inflate);
  }
  try {
    return await readJsonArrayChunks(stream as AsyncIterable<Buffer>, { source: path, ...options });
  } catch (error) {
    if (error instanceof TensorEvalError) throw error;
    // a read failure or a corrupt gzip stream part-way through
    throw invalidInput('readJsonArray', options.source ?? path, isGzip(head) ? 'be a readable gzip file' : 'be a readable file', (error as Error).message, 'TE-209');
  } finally {
    // the file stream behind a gzip pipe is not closed when the reader stops early
    raw.destroy();
  }
}
