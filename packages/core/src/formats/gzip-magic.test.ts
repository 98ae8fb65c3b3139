import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inflatedIfGzip, isGzip } from './gzip-magic';

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
    expect(inflatedIfGzip(plain)).toBe(plain);
    const whole = text(5000);
    const members = Buffer.concat([gzipSync(whole.subarray(0, 1000)), gzipSync(whole.subarray(1000))]);
    expect(Buffer.from(inflatedIfGzip(members)).equals(whole)).toBe(true);
  });

  it('says that gzip input needs Node where the runtime has no zlib, and still passes plain bytes', () => {
    vi.stubGlobal('process', undefined);
    const plain = text(2);
    expect(inflatedIfGzip(plain)).toBe(plain);
    expect(() => inflatedIfGzip(gzipSync(plain))).toThrow(/gzip input needs Node/);
  });
});
