import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InflateLimitError, inflatedIfGzip, isGzip } from './gzip-magic';

const text = (n: number) => Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i }))));

describe('gzip inputs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells gzip by its magic bytes, whatever the length', () => {
    expect(isGzip(gzipSync(text(3)))).toBe(true);
    expect(isGzip(text(3))).toBe(false);
    expect(isGzip(new Uint8Array([0x1f]))).toBe(false);
    expect(isGzip(new Uint8Array(0))).toBe(false);
  });

  it('returns plain bytes themselves and inflates every member of a gzip file', () => {
    const plain = text(10);
    expect(inflatedIfGzip(plain, 1 << 20)).toBe(plain);
    const whole = text(5000);
    const members = Buffer.concat([gzipSync(whole.subarray(0, 1000)), gzipSync(whole.subarray(1000))]);
    expect(Buffer.from(inflatedIfGzip(members, 1 << 20)).equals(whole)).toBe(true);
  });

  it('says that gzip input needs Node where the runtime has no zlib, and still passes plain bytes', () => {
    vi.stubGlobal('process', undefined);
    const plain = text(2);
    expect(inflatedIfGzip(plain, 1 << 20)).toBe(plain);
    expect(() => inflatedIfGzip(gzipSync(plain), 1 << 20)).toThrow(/gzip input needs Node/);
  });

  it('inflates up to its bound and no further: a gzip bomb stops at the bound with InflateLimitError', () => {
    const zeros = Buffer.alloc(16 << 20); // 16 MiB of zeros: a ~16 KiB gzip file
    const bomb = gzipSync(zeros);
    expect(bomb.length).toBeLessThan(1 << 15);
    expect(inflatedIfGzip(bomb, zeros.length).length).toBe(zeros.length);
    expect(() => inflatedIfGzip(bomb, zeros.length - 1)).toThrow(InflateLimitError);
    expect(() => inflatedIfGzip(bomb, 1 << 20)).toThrow(/inflates to more than 1048576 bytes/);
    // plain bytes are returned as they are, whatever the bound
    const plain = text(50);
    expect(inflatedIfGzip(plain, 1)).toBe(plain);
  });
});
