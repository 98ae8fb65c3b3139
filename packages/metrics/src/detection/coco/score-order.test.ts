import { describe, expect, it } from 'vitest';
import { radixSortDesc, rowsInScoreOrder } from './score-order';

/** Stable descending order by key (ties keep `order`'s order; -0 equals +0), with a comparator. */
function reference(order: Int32Array, key: Float64Array): number[] {
  return Array.from(order).map((row, pos) => ({ row, pos })).sort((a, b) => ((key[b.row] as number) - (key[a.row] as number)) || a.pos - b.pos).map((e) => e.row);
}

describe('radixSortDesc', () => {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const cases: Array<[string, Float64Array]> = [
    ['scores in [0, 1) with ties', Float64Array.from({ length: 5000 }, () => Math.floor(rnd() * 300) / 297)],
    ['mixed signs, -0 and +0', Float64Array.from({ length: 3000 }, (_, i) => (i % 7 === 0 ? (i % 2 ? -0 : 0) : (rnd() - 0.5) * 1e6))],
    ['all keys equal (every pass skipped)', new Float64Array(1000).fill(0.25)],
    ['keys differing only in the low word', Float64Array.from({ length: 2000 }, (_, i) => 1 + (i % 13) * 2 ** -52)],
    ['empty', new Float64Array(0)],
  ];
  it.each(cases)('%s: stable descending, as a comparator sort', (_what, key) => {
    const order = Int32Array.from({ length: key.length }, (_, i) => (i * 7919) % key.length);
    expect(Array.from(radixSortDesc(order, key))).toEqual(reference(order, key));
  });
});

describe('rowsInScoreOrder', () => {
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  type Cols = { score: Float64Array; image: Int32Array; category: Int32Array; file: Int32Array };
  /** n rows with few distinct scores (ties broken by image, category, file); files a permutation */
  function columns(n: number): Cols {
    return {
      score: Float64Array.from({ length: n }, () => Math.floor(rnd() * 20) / 19),
      image: Int32Array.from({ length: n }, () => Math.floor(rnd() * 5)),
      category: Int32Array.from({ length: n }, () => Math.floor(rnd() * 3)),
      file: Int32Array.from({ length: n }, (_, i) => (i * 7919) % n),
    };
  }
  /** (score desc, image, category, file), stable, with a comparator */
  function reference(c: Cols): number[] {
    return Array.from({ length: c.score.length }, (_, i) => i).sort((a, b) => ((c.score[b] as number) - (c.score[a] as number)) || (c.image[a]! - c.image[b]!) || (c.category[a]! - c.category[b]!) || (c.file[a]! - c.file[b]!) || a - b);
  }
  /** the rows of `c` cut into `runs` pieces, each in the order, concatenated: the orders of shard states */
  function runsOrder(c: Cols, runs: number): number[] {
    const n = c.score.length;
    const perm: number[] = [];
    for (let k = 0; k < runs; k++) {
      const lo = Math.floor((k * n) / runs), hi = Math.floor(((k + 1) * n) / runs);
      const part = { score: c.score.slice(lo, hi), image: c.image.slice(lo, hi), category: c.category.slice(lo, hi), file: c.file.slice(lo, hi) };
      perm.push(...reference(part).map((i) => i + lo));
    }
    return perm;
  }
  it.each([1, 2, 3, 7, 64, 65, 400])('rows stored as %i sorted runs (merged up to 64, sorted from scratch beyond): the comparator order', (runs) => {
    const c0 = columns(2000);
    const perm = runsOrder(c0, runs);
    const c = { score: Float64Array.from(perm, (i) => c0.score[i]!), image: Int32Array.from(perm, (i) => c0.image[i]!), category: Int32Array.from(perm, (i) => c0.category[i]!), file: Int32Array.from(perm, (i) => c0.file[i]!) };
    expect(Array.from(rowsInScoreOrder(c, 5, 3))).toEqual(reference(c));
  });
  it.each([1, 2, 5, 64, 65])('rows as they came, %i runs given as a presorted permutation: the comparator order', (runs) => {
    const c = columns(1500);
    expect(Array.from(rowsInScoreOrder(c, 5, 3, undefined, Int32Array.from(runsOrder(c, runs))))).toEqual(reference(c));
  });
  it('unsorted rows and equal keys: the stable sort, rows with equal keys in input order', () => {
    const c = columns(3000);
    expect(Array.from(rowsInScoreOrder(c, 5, 3))).toEqual(reference(c));
    const tied = { score: new Float64Array(6).fill(0.5), image: new Int32Array(6), category: new Int32Array(6), file: Int32Array.from([3, 4, 5, 3, 4, 5]) };
    expect(Array.from(rowsInScoreOrder(tied, 1, 1))).toEqual([0, 3, 1, 4, 2, 5]);
    // a presorted order that is not a permutation of the rows is not trusted: the rows are sorted from scratch
    for (const bad of [[0, 0, 1, 2, 3, 4], [0, 1, 2, 3, 4, 6], [0, 1, 2]]) expect(Array.from(rowsInScoreOrder(tied, 1, 1, undefined, Int32Array.from(bad)))).toEqual([0, 3, 1, 4, 2, 5]);
    // equal keys follow a presorted permutation's order
    expect(Array.from(rowsInScoreOrder(tied, 1, 1, undefined, Int32Array.from([3, 4, 5, 0, 1, 2])))).toEqual([3, 0, 4, 1, 5, 2]);
  });
  it('no rows, and the result in the memory alloc gives', () => {
    expect(rowsInScoreOrder(columns(0), 5, 3).length).toBe(0);
    expect(rowsInScoreOrder(columns(10), 5, 3, (b) => new SharedArrayBuffer(b)).buffer).toBeInstanceOf(SharedArrayBuffer);
  });
});
