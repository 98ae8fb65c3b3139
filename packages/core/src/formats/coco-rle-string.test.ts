import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../errors';
import { seededRandom } from '../testing/random';
import fc from 'fast-check';
import { decodeRleRange, decodeRleString, decodeRleStringInto, encodeRleString, rleBatchFromStrings, rleBatchToStrings } from './coco-rle-string';

describe('COCO compressed RLE strings', () => {
  it('encodes and decodes empty counts', () => {
    expect(encodeRleString(new Uint32Array(0))).toBe('');
    expect(decodeRleString('').length).toBe(0);
  });

  it('round-trips random counts, including differences that are negative and values near 2^32', () => {
    const rand = seededRandom(5);
    for (let trial = 0; trial < 200; trial++) {
      const n = Math.floor(rand() * 40);
      const scale = trial % 4 === 0 ? 4294967295 : trial % 4 === 1 ? 1e6 : 300;
      const counts = Uint32Array.from({ length: n }, () => Math.floor(rand() * scale));
      const s = encodeRleString(counts);
      expect(s).toMatch(/^[0-o]*$/);
      expect(decodeRleString(s)).toEqual(counts);
    }
  });

  it('encodes a slice of a larger counts array with its own delta origin', () => {
    const all = Uint32Array.of(9, 9, 3, 1, 2, 5, 7);
    expect(encodeRleString(all, 2, 7)).toBe(encodeRleString(all.slice(2, 7)));
  });

  it('decodes into a shared buffer at an offset', () => {
    const target = new Uint32Array(10);
    const m = decodeRleStringInto('0g1', target, 4);
    expect(m).toBe(2);
    expect(Array.from(target.subarray(4, 6))).toEqual([0, 55]);
  });

  it('rejects characters outside the alphabet, cut-off values and negative counts, naming the argument', () => {
    expect(() => decodeRleString('0g1~', 'dt.json[3].segmentation.counts')).toThrow(/`dt\.json\[3\]\.segmentation\.counts`.*'0'\.\.'o'.*"~" at character 3/);
    expect(() => decodeRleString('0g')).toThrow(/cut off at character 1/);
    // 'O' is -1 on its own: a negative first count
    expect(() => decodeRleString('O')).toThrow(InvalidInputError);
    expect(() => decodeRleString('O')).toThrow(/run lengths in \[0, 2\^32\)/);
  });

  it('builds a batch from COCO objects and back, checking sizes and pixel totals', () => {
    const objects = [
      { size: [5, 11], counts: '0g1' },
      { size: [2, 3], counts: encodeRleString(Uint32Array.of(1, 4, 1)) },
    ];
    const batch = rleBatchFromStrings(objects);
    expect(Array.from(batch.offsets)).toEqual([0, 2, 5]);
    expect(Array.from(batch.counts)).toEqual([0, 55, 1, 4, 1]);
    expect(rleBatchToStrings(batch)).toEqual(objects);
    expect(() => rleBatchFromStrings([{ size: [5, 10], counts: '0g1' }], 'segm')).toThrow(/`segm` \(record 0\).*summing to height × width \(5 × 10 = 50\), but got a sum of 55/);
    expect(() => rleBatchFromStrings([{ size: [5], counts: '0g1' }])).toThrow(/size \[height, width\]/);
  });
});

describe('decodeRleRange', () => {
  it('decodes any part of a text exactly as decodeRleString decodes that part alone', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 40 }), fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), fc.nat(3), (counts, before, after, at) => {
      const s = encodeRleString(Uint32Array.from(counts));
      const text = before + s + after;
      const target = new Uint32Array(at + s.length);
      const m = decodeRleRange(text, before.length, before.length + s.length, target, at);
      expect(Array.from(target.subarray(at, at + m))).toEqual(Array.from(decodeRleString(s)));
    }));
  });
  it('reads a JSON string body with escaped backslashes as the string itself (jsonEscaped)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { maxLength: 40 }), fc.nat(3), (counts, at) => {
      const s = encodeRleString(Uint32Array.from(counts));
      // JSON.stringify escapes only backslashes in this alphabet ('0'..'o' holds no quote or control character)
      const body = JSON.stringify(s).slice(1, -1);
      const text = `{"counts": "${body}"}`;
      const start = text.indexOf(body);
      const target = new Uint32Array(at + body.length);
      const m = decodeRleRange(text, start, start + body.length, target, at, -1, true);
      expect(Array.from(target.subarray(at, at + m))).toEqual(Array.from(decodeRleString(s)));
    }));
    // '\\' is the alphabet's backslash (value 44); without the flag the text's two backslashes are two values
    const text = '\\\\1';
    expect(Array.from(target(text, true))).toEqual(Array.from(decodeRleString('\\1')));
    expect(Array.from(target(text, false))).toEqual(Array.from(decodeRleString('\\\\1')));
    function target(t: string, jsonEscaped: boolean): Uint32Array {
      const out = new Uint32Array(t.length);
      return out.subarray(0, decodeRleRange(t, 0, t.length, out, 0, -1, jsonEscaped));
    }
  });
  it('returns -1, without throwing, where decodeRleString throws', () => {
    for (const bad of ['0~', 'P', '0g1P']) {
      expect(() => decodeRleString(bad)).toThrow(/TE-206/);
      expect(decodeRleRange(bad, 0, bad.length, new Uint32Array(bad.length), 0)).toBe(-1);
    }
  });
});
