/**
 * Whether `bytes` start with gzip's magic bytes (1f 8b): how every reader tells a .json.gz input
 * from plain JSON, whatever the file is called.
 */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}
