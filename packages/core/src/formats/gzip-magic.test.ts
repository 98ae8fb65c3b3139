import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InflateLimitError, inflatedIfGzip, inflatedIfGzipAsync, isGzip } from './gzip-magic';

const text = (n: number) => Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i }))));

describe('gzip inputs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells gzip by its magic bytes, whatever the length', () => {
    expect(isGzip(gzipSync(text(3)))).toBe(true);
    expect(isGzip(text(3))).toBe(false);
    expect(isGzip(new Uint8Array([0x1f]))).toBe(false);
    expect(isGzip(new Uint8Array(0))).toBe(false);
  });

  // the one-thread inflate and the one on zlib's thread pool give the same bytes and errors
  const inflaters = [
    ['inflatedIfGzip', async (b: Uint8Array, max: number) => inflatedIfGzip(b, max)],
    ['inflatedIfGzipAsync', inflatedIfGzipAsync],
  ] as const;

  it.each(inflaters)('%s returns plain bytes themselves and inflates every member of a gzip file', async (_, inflate) => {
    const plain = text(10);
    expect(await inflate(plain, 1 << 20)).toBe(plain);
    const whole = text(5000);
    const members = Buffer.concat([gzipSync(whole.subarray(0, 1000)), gzipSync(whole.subarray(1000))]);
    expect(Buffer.from(await inflate(members, 1 << 20)).equals(whole)).toBe(true);
  });

  it.each(inflaters)('%s says that gzip input needs Node where the runtime has no zlib, and still passes plain bytes', async (_, inflate) => {
    vi.stubGlobal('process', undefined);
    const plain = text(2);
    expect(await inflate(plain, 1 << 20)).toBe(plain);
    await expect(inflate(gzipSync(plain), 1 << 20)).rejects.toThrow(/gzip input needs Node/);
  });

  it.each(inflaters)('%s inflates up to its bound and no further: a gzip bomb stops at the bound with InflateLimitError', async (_, inflate) => {
    const zeros = Buffer.alloc(16 << 20); // 16 MiB of zeros: a ~16 KiB gzip file
    const bomb = gzipSync(zeros);
    expect(bomb.length).toBeLessThan(1 << 15);
    expect((await inflate(bomb, zeros.length)).length).toBe(zeros.length);
    await expect(inflate(bomb, zeros.length - 1)).rejects.toThrow(InflateLimitError);
    await expect(inflate(bomb, 1 << 20)).rejects.toThrow(/inflates to more than 1048576 bytes/);
    // plain bytes are returned as they are, whatever the bound
    const plain = text(50);
    expect(await inflate(plain, 1)).toBe(plain);
  });

  it.each(inflaters)('%s reports a corrupt stream as zlib does, not as a bound', async (_, inflate) => {
    const broken = Buffer.from([0x1f, 0x8b, 1, 2, 3]);
    await expect(inflate(broken, 1 << 20)).rejects.toMatchObject({ code: 'Z_DATA_ERROR' });
  });
});
