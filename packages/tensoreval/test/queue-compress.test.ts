import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readInputBytes } from '../src/read-json';
import { compress, decompress } from '../src/queue/shard-job';

/** JSON-like bytes: `n` records, compressible as real results files are. */
function records(n: number): Buffer {
  const parts: string[] = [];
  for (let i = 0; i < n; i++) parts.push(`{"image_id":${i % 5000},"category_id":${i % 80},"bbox":[${i % 640},${(i * 7) % 480},${1 + (i % 90)},${1 + (i % 70)}],"score":${((i * 2654435761) % 1000003) / 1000003}}`);
  return Buffer.from(`[${parts.join(',')}]`);
}

/** Offsets of gzip member headers (1f 8b 08) in `bytes`: an upper bound on the members. */
function headerCount(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i + 2 < bytes.length; i++) if (bytes[i] === 0x1f && bytes[i + 1] === 0x8b && bytes[i + 2] === 8) n++;
  return n;
}

describe('queue compression', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tensoreval-compress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a small input is one gzip member, a large one several, and every reader inflates them to the same bytes', async () => {
    const small = records(100);
    const packedSmall = await compress(small);
    expect(headerCount(packedSmall)).toBe(1);
    expect((await decompress(packedSmall)).equals(small)).toBe(true);

    const large = records(160_000); // ~16 MB
    const packed = await compress(large);
    if (availableParallelism() > 1) expect(headerCount(packed)).toBeGreaterThan(1);
    expect((await decompress(packed)).equals(large)).toBe(true);
    expect(gunzipSync(packed).equals(large)).toBe(true);
    // a worker writes the stored bytes as the input file; the readers inflate them by their magic bytes
    writeFileSync(join(dir, 'dt.json'), packed);
    expect((await readInputBytes('test', join(dir, 'dt.json'))).equals(large)).toBe(true);
  });

  it('bytes that are gzip already are stored as they are (never gzip inside gzip)', async () => {
    const gz = gzipSync(records(1000));
    expect((await compress(gz)).equals(gz)).toBe(true);
  });
});
