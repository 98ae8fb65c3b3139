// The @example lines of coco-rle-string.ts, run as written.
import { describe, expect, it } from 'vitest';
import { decodeRleString, encodeRleString } from './coco-rle-string';

describe('coco-rle-string examples', () => {
  it('encodeRleString', () => expect(encodeRleString(Uint32Array.of(0, 55))).toBe('0g1'));
  it('decodeRleString', () => expect(decodeRleString('0g1')).toEqual(Uint32Array.of(0, 55)));
});
