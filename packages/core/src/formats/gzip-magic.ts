/**
 * Whether `bytes` start with gzip's magic bytes (1f 8b): how every reader tells a .json.gz input
 * from plain JSON, whatever the file is called.
 */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Thrown by {@link inflatedIfGzip} when the inflated bytes would pass its bound (a gzip bomb, or a file to stream). */
export class InflateLimitError extends RangeError {
  constructor(readonly maxBytes: number) {
    super(`it inflates to more than ${maxBytes} bytes`);
    this.name = 'InflateLimitError';
  }
}

/**
 * `bytes` inflated when they are gzip (every member of a multi-member file), else `bytes` itself.
 * At most `maxBytes` are inflated: past that zlib stops and {@link InflateLimitError} is thrown, so
 * a small file never takes more memory than its reader can use (plain bytes are not checked: their
 * size is known before they are read). Node only for gzip input: zlib is taken from the runtime
 * when needed, so core keeps no import of it and still loads in a browser.
 */
export function inflatedIfGzip<T extends Uint8Array>(bytes: T, maxBytes: number): T | Buffer {
  if (!isGzip(bytes)) return bytes;
  try {
    return runtimeZlib().gunzipSync(bytes, gunzipOptions(maxBytes));
  } catch (error) {
    throw limitError(error, maxBytes);
  }
}

/**
 * {@link inflatedIfGzip} off this thread (zlib's thread pool): the event loop stays free while a
 * large file inflates (a queue worker keeps renewing its job's lock), and two files inflate at once.
 */
export async function inflatedIfGzipAsync<T extends Uint8Array>(bytes: T, maxBytes: number): Promise<T | Buffer> {
  if (!isGzip(bytes)) return bytes;
  const zlib = runtimeZlib();
  return new Promise((resolve, reject) => {
    zlib.gunzip(bytes, gunzipOptions(maxBytes), (error, out) => (error ? reject(limitError(error, maxBytes)) : resolve(out)));
  });
}

function runtimeZlib(): typeof import('node:zlib') {
  const zlib = globalThis.process?.getBuiltinModule?.('node:zlib');
  if (zlib === undefined) throw new Error('gzip input needs Node (node:zlib); this runtime has no zlib');
  return zlib;
}

// 1 MiB output chunks rather than zlib's 16 KiB: fewer copies of a large file
function gunzipOptions(maxBytes: number): { chunkSize: number; maxOutputLength: number } {
  return { chunkSize: 1 << 20, maxOutputLength: Math.max(1, maxBytes) };
}

/** zlib's error past `maxOutputLength` as {@link InflateLimitError}; any other (a corrupt stream) as it is. */
function limitError(error: unknown, maxBytes: number): unknown {
  return (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE' ? new InflateLimitError(maxBytes) : error;
}
