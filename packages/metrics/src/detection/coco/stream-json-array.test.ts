import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonArray, readJsonArrayChunks } from './stream-json-array';

/** Splits text into byte chunks of `size` (cutting through multi-byte characters and tokens). */
function* chunks(text: string, size: number): Generator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

const records = [
  { image_id: 1, category_id: 2, bbox: [1.5, 2, 3, 4], score: 0.9 },
  { image_id: 2, category_id: 1, score: 0.25, segmentation: { size: [4, 5], counts: 'a]b[c{d}e,"\\\\' } },
  { note: 'quote " and backslash \\ and ] , } inside', nested: [[1, [2, { x: '[' }]]], unicode: 'é漢字😀' },
  [],
  {},
];

describe('readJsonArrayChunks', () => {
  it.each([1, 3, 7, 64, 1 << 20])('parses the same values as JSON.parse with %i-byte chunks', async (size) => {
    const text = ` \n${JSON.stringify(records, null, 1)}\n `;
    expect(await readJsonArrayChunks(chunks(text, size), { batchBytes: 16 })).toEqual(records);
  });
  it('parses many elements across batches in order', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ i, s: `v${i}` }));
    expect(await readJsonArrayChunks(chunks(JSON.stringify(many), 1000), { batchBytes: 4096 })).toEqual(many);
  });
  it('reads an empty array', async () => {
    expect(await readJsonArrayChunks(chunks('[ ]', 1))).toEqual([]);
  });
  it('names the source and element index for malformed JSON', async () => {
    const text = '[{"a": 1}, {"a": 2}, {"a": tru}]';
    await expect(readJsonArrayChunks(chunks(text, 4), { source: 'dt.json', batchBytes: 1 })).rejects.toThrow(/`dt\.json` \(record 2\).*valid JSON array.*TE-209/);
  });
  it('rejects a top-level object, a truncated array and trailing garbage', async () => {
    await expect(readJsonArrayChunks(chunks('{"a": 1}', 3), { source: 'x.json' })).rejects.toThrow(/start with "\["/);
    await expect(readJsonArrayChunks(chunks('[1, 2', 3), { source: 'x.json' })).rejects.toThrow(/closing/);
    await expect(readJsonArrayChunks(chunks('[1] x', 3), { source: 'x.json' })).rejects.toThrow(/end after the closing/);
  });
});

describe('readJsonArray', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tensoreval-json-array-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const text = JSON.stringify(records);

  it('reads a plain file and a gzip one (by its magic bytes, whatever its name) to the same values', async () => {
    writeFileSync(join(dir, 'plain.json'), text);
    writeFileSync(join(dir, 'packed.json'), gzipSync(text));
    expect(await readJsonArray(join(dir, 'plain.json'), { chunkBytes: 7, batchBytes: 16 })).toEqual(records);
    expect(await readJsonArray(join(dir, 'packed.json'), { chunkBytes: 7, batchBytes: 16 })).toEqual(records);
  });
  it('names the file in a TE-209 line for a gzip stream cut short, and keeps JSON errors as they are', async () => {
    const packed = gzipSync(text);
    writeFileSync(join(dir, 'cut.json.gz'), packed.subarray(0, packed.length >> 1));
    await expect(readJsonArray(join(dir, 'cut.json.gz'), { chunkBytes: 64 })).rejects.toThrow(/cut\.json\.gz.*readable gzip file.*TE-209/);
    writeFileSync(join(dir, 'bad.json.gz'), gzipSync('[{"a": 1}, {"a": tru}]'));
    await expect(readJsonArray(join(dir, 'bad.json.gz'), { batchBytes: 1 })).rejects.toThrow(/bad\.json\.gz` \(record \d\).*valid JSON array.*TE-209/);
  });
});
