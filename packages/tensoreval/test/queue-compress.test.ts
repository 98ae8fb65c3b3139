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

describe('queue compression', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tensoreval-compress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a small input is one gzip member, a large one several, and every reader inflates them to the same bytes', async () => {
    const small = records(100);
    const packedSmall = await compress(small);
    expect(packedSmall.equals(gzipSync(small, { level: 1, memLevel: 9 }))).toBe(true);
    expect((await decompress(packedSmall)).equals(small)).toBe(true);

    const large = records(160_000); // ~16 MB
    const packed = await compress(large);
    // exactly the members it should be: min(4, cores) parts of 4 MiB or more, each gzip'd alone
    const members = Math.max(1, Math.min(4, availableParallelism(), Math.floor(large.length / (4 << 20))));
    const step = Math.ceil(large.length / members);
    const expected = Buffer.concat(Array.from({ length: members }, (_, i) => gzipSync(large.subarray(i * step, (i + 1) * step), { level: 1, memLevel: 9 })));
    if (availableParallelism() > 1) expect(members).toBeGreaterThan(1);
    expect(packed.equals(expected)).toBe(true);
    expect((await decompress(packed)).equals(large)).toBe(true);
    expect(gunzipSync(packed).equals(large)).toBe(true);
    // a worker writes the stored bytes as the input file; the readers inflate them by their magic bytes
    writeFileSync(join(dir, 'dt.json'), packed);
    expect((await readInputBytes('test', join(dir, 'dt.json'))).equals(large)).toBe(true);
  });
});
