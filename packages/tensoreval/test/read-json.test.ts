import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run-cli';
import { resultsBytesOrStream } from '../src/coco-files';
import { MAX_TEXT_BYTES, readJsonInput, readSharedInputBytes, utf8Text } from '../src/read-json';
import { captureWrites } from './capture-stdio';
import { namedPipe } from './named-pipe';

const dir = mkdtempSync(join(tmpdir(), 'tensoreval-read-json-'));
const stdinDescriptor = Object.getOwnPropertyDescriptor(process, 'stdin') as PropertyDescriptor;

/** Replaces process.stdin with a stream of `bytes` until the test ends. */
function feedStdin(bytes: Buffer): void {
  Object.defineProperty(process, 'stdin', { configurable: true, get: () => Readable.from([bytes]) });
}

afterEach(() => { Object.defineProperty(process, 'stdin', stdinDescriptor); });

const REQUEST = { task: 'classification', data: { datums: [{ uid: 'u1', groundtruth: 'dog', predictions: ['dog', 'cat'], scores: [0.7, 0.3] }] }, metrics: [{ id: 'a', method: 'rocauc' }] };

describe('readJsonInput: the one JSON reader of COCO files, requests and saved runs', () => {
  it('reads a plain and a gzip file to the same value', async () => {
    let n = 0;
    await fc.assert(fc.asyncProperty(fc.jsonValue(), async (value) => {
      const text = JSON.stringify(value);
      const plain = join(dir, `v${n}.json`), gz = join(dir, `v${n++}.json.gz`);
      writeFileSync(plain, text);
      writeFileSync(gz, gzipSync(text));
      const expected = JSON.parse(text) as unknown;
      expect(await readJsonInput('t', plain)).toEqual(expected);
      expect(await readJsonInput('t', gz)).toEqual(expected);
    }), { numRuns: 25 });
  });

  it("reads stdin for '-' only where the caller allows it (plain or gzip)", async () => {
    feedStdin(Buffer.from('{"a":[1,2]}'));
    expect(await readJsonInput('t', '-', { stdin: true })).toEqual({ a: [1, 2] });
    feedStdin(gzipSync('{"b":true}'));
    expect(await readJsonInput('t', '-', { stdin: true })).toEqual({ b: true });
    // elsewhere '-' is a file name like any other (a library call never blocks on stdin)
    feedStdin(Buffer.from('{}'));
    await expect(readJsonInput('evaluateCoco', '-')).rejects.toThrow(/Expected `-` of evaluateCoco to be a readable file, but got ENOENT.*TE-209/);
  });

  it('names the caller and the file (or stdin) in one TE-209 line', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"a": [1, 2,]}');
    await expect(readJsonInput('tensoreval report', join(dir, 'missing.json'))).rejects.toThrow(/^Expected `[^`]*missing\.json` of tensoreval report to be a readable file, but got ENOENT.*TE-209/);
    await expect(readJsonInput('tensoreval report', bad)).rejects.toThrow(/^Expected `[^`]*bad\.json` of tensoreval report to contain valid JSON, but got Unexpected token.*TE-209/);
    const gzBad = join(dir, 'bad.json.gz');
    writeFileSync(gzBad, Buffer.concat([gzipSync('{"a":1}').subarray(0, 12)]));
    await expect(readJsonInput('t', gzBad)).rejects.toThrow(/bad\.json\.gz` of t to be a readable file.*TE-209/);
    feedStdin(Buffer.from('not json'));
    await expect(readJsonInput('tensoreval evaluate', '-', { stdin: true })).rejects.toThrow(/^Expected `stdin` of tensoreval evaluate to contain valid JSON.*TE-209/);
  });

  it('evaluate reads a gzip request file and a request on stdin with the same result', async () => {
    const gz = join(dir, 'request.json.gz');
    writeFileSync(gz, gzipSync(JSON.stringify(REQUEST)));
    const outputs: string[] = [];
    for (const [file, stdin] of [[gz, undefined], ['-', Buffer.from(JSON.stringify(REQUEST))]] as const) {
      if (stdin) feedStdin(stdin);
      const out = captureWrites(process.stdout), err = captureWrites(process.stderr);
      try {
        expect(await runCli(['evaluate', file, '--quiet'])).toBe(0);
      } finally {
        out.restore();
        err.restore();
      }
      outputs.push(out.text());
    }
    expect(JSON.parse(outputs[0]!)).toHaveProperty('a.mROCAUC');
    expect(outputs[1]).toBe(outputs[0]);
    await expect(runCli(['evaluate', join(dir, 'nope.json')])).rejects.toThrow(/`[^`]*nope\.json` of tensoreval evaluate to be a readable file.*TE-209/);
  });
});

describe('MAX_TEXT_BYTES: the most bytes one text can be decoded from', () => {
  it('is a bound in bytes, whatever the characters: a two-byte-per-character text decodes at it and is TE-209 just past it', () => {
    // V8 refuses UTF-8 input longer than its longest string before decoding, so the bound is exact for every text
    const twoByte = Buffer.alloc(MAX_TEXT_BYTES + 2, 'é');
    expect(utf8Text('t', 'wide.json', twoByte.subarray(0, MAX_TEXT_BYTES)).length).toBe(MAX_TEXT_BYTES / 2);
    expect(() => utf8Text('t', 'wide.json', twoByte)).toThrow(/^Expected `wide\.json` of t to be a readable file, but got Cannot create a string longer than .*TE-209\.md$/);
  }, 30_000);
});

describe('readSharedInputBytes: a file\'s bytes in shared memory, for worker threads', () => {
  it('a plain and a gzip file give the same bytes, each in a SharedArrayBuffer of exactly their length', async () => {
    const bytes = Buffer.from(JSON.stringify({ text: 'é 日本 😀', n: Array.from({ length: 5000 }, (_, i) => i) }));
    const plain = join(dir, 'shared.json'), gz = join(dir, 'shared.json.gz');
    writeFileSync(plain, bytes);
    writeFileSync(gz, gzipSync(bytes));
    for (const path of [plain, gz]) {
      const got = (await readSharedInputBytes('evaluateCoco', path, MAX_TEXT_BYTES))!;
      expect(got.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(got.buffer.byteLength).toBe(bytes.length);
      expect(Buffer.from(got).equals(bytes)).toBe(true);
    }
  });

  it('a pipe (no size to read up to) is TE-209, never read as empty: its callers copy pipes to files first', async () => {
    const fifo = join(dir, 'pipe-unread');
    const source = join(dir, 'pipe-unread-source');
    writeFileSync(source, '[1, 2, 3]');
    const written = namedPipe(fifo, source);
    await expect(readSharedInputBytes('evaluateCoco', fifo, MAX_TEXT_BYTES)).rejects.toThrow(/pipe-unread.*not a regular file.*TE-209/);
    await written; // its writer ends once the reader has closed the pipe
  });

  it('an empty file is empty; a missing one is TE-209 naming the caller and the file', async () => {
    const empty = join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect((await readSharedInputBytes('evaluateCoco', empty, MAX_TEXT_BYTES))?.length).toBe(0);
    await expect(readSharedInputBytes('evaluateCoco', join(dir, 'missing.json'), MAX_TEXT_BYTES)).rejects.toThrow(/TE-209.*missing\.json|missing\.json.*TE-209/);
  });
});

describe('resultsBytesOrStream: a results file read whole or streamed, decided before inflating', () => {
  it('a gzip file whose trailer records an inflated size past the limit streams without any of it being inflated', async () => {
    const text = Buffer.from(JSON.stringify([{ image_id: 1, category_id: 1, bbox: [0, 0, 1, 1], score: 0.5 }]));
    const small = join(dir, 'results-small.json.gz');
    writeFileSync(small, gzipSync(text));
    expect(Buffer.from((await resultsBytesOrStream(small, 1 << 20)) as Uint8Array).equals(text)).toBe(true);
    expect(await resultsBytesOrStream(small, text.length)).toBe('stream');
    // the same data with a trailer claiming 1 GiB: inflating it would fail its length check, so 'stream' shows nothing was inflated
    const claimed = gzipSync(text);
    claimed.writeUInt32LE(1 << 30, claimed.length - 4);
    const big = join(dir, 'results-claims-big.json.gz');
    writeFileSync(big, claimed);
    expect(await resultsBytesOrStream(big, 1 << 20)).toBe('stream');
    await expect(resultsBytesOrStream(join(dir, 'no-results.json'), 1 << 20, 'detections.json')).rejects.toThrow(/`detections\.json`.*TE-209/);
  });
});
