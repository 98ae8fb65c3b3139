import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { gzipWithInflatedSize, markedInflatedSize } from '../src/gzip-size-field';
import { inflatedSizeHint, readInputBytes } from '../src/read-json';
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
    expect(packedSmall.equals(gzipWithInflatedSize([gzipSync(small, { level: 1, memLevel: 9 })], small.length))).toBe(true);
    expect((await decompress(packedSmall)).equals(small)).toBe(true);
    expect(gunzipSync(packedSmall).equals(small)).toBe(true);

    const large = records(160_000); // ~16 MB
    const packed = await compress(large);
    // exactly the members it should be: min(4, cores) parts of 4 MiB or more, each gzip'd alone
    const members = Math.max(1, Math.min(4, availableParallelism(), Math.floor(large.length / (4 << 20))));
    const step = Math.ceil(large.length / members);
    const parts = Array.from({ length: members }, (_, i) => gzipSync(large.subarray(i * step, (i + 1) * step), { level: 1, memLevel: 9 }));
    const expected = gzipWithInflatedSize(parts, large.length);
    if (availableParallelism() > 1) expect(members).toBeGreaterThan(1);
    expect(packed.equals(expected)).toBe(true);
    expect((await decompress(packed)).equals(large)).toBe(true);
    expect(gunzipSync(packed).equals(large)).toBe(true);
    // a worker writes the stored bytes as the input file; the readers inflate them by their magic bytes
    writeFileSync(join(dir, 'dt.json'), packed);
    expect((await readInputBytes('test', join(dir, 'dt.json'))).equals(large)).toBe(true);
    // and size it whole from its first bytes, where the trailer holds only the last member's size
    expect(await inflatedSizeHint(join(dir, 'dt.json'))).toBe(large.length);
    const plain = Buffer.concat(parts);
    writeFileSync(join(dir, 'plain.json.gz'), plain);
    expect(await inflatedSizeHint(join(dir, 'plain.json.gz'))).toBe(Math.max(plain.length, large.length - (members - 1) * step));
  });

  it('the inflated size field: read back exactly, past 4 GiB too; other gzip headers fall back to the trailer', async () => {
    const member = gzipSync(Buffer.from('[]'));
    expect(markedInflatedSize(gzipWithInflatedSize([member], 2))).toBe(2);
    expect(markedInflatedSize(gzipWithInflatedSize([member, member], 6 * 2 ** 30))).toBe(6 * 2 ** 30);
    expect(markedInflatedSize(member)).toBeUndefined();
    expect(markedInflatedSize(Buffer.from('[{"image_id":1,"category_id":1}]'))).toBeUndefined();
    // a header that already carries fields (here a file name, FNAME) is left as zlib wrote it
    const named = Buffer.concat([member.subarray(0, 3), Buffer.from([0x08]), member.subarray(4, 10), Buffer.from('dt.json\0'), member.subarray(10)]);
    expect(gunzipSync(named).toString()).toBe('[]');
    expect(gzipWithInflatedSize([named], 2).equals(named)).toBe(true);
    // another extra field (FEXTRA with other ids) is not taken for this one
    const other = Buffer.from(gzipWithInflatedSize([member], 2));
    other[12] = 0x42;
    expect(markedInflatedSize(other)).toBeUndefined();
    expect(gunzipSync(other).toString()).toBe('[]');
    writeFileSync(join(dir, 'other.json.gz'), other);
    expect(await inflatedSizeHint(join(dir, 'other.json.gz'))).toBe(other.length);
  });
});
