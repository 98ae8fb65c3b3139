import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CrossingWork, ringCrossing } from './ring-crossing';

type Pt = [number, number];

// An independent oracle: every pair of non-adjacent edges, tested with exact orientation signs.
function sign(a: Pt, b: Pt, c: Pt): number {
  return Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
}
function onSegment(a: Pt, b: Pt, c: Pt): boolean {
  return sign(a, b, c) === 0 && Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
}
function meet(a: Pt, b: Pt, c: Pt, d: Pt): boolean {
  const d1 = sign(a, b, c), d2 = sign(a, b, d), d3 = sign(c, d, a), d4 = sign(c, d, b);
  if (d1 * d2 < 0 && d3 * d4 < 0) return true;
  return onSegment(a, b, c) || onSegment(a, b, d) || onSegment(c, d, a) || onSegment(c, d, b);
}
function cleaned(ring: Pt[]): Pt[] {
  const pts = ring.filter((p, i) => i === 0 || p[0] !== ring[i - 1]?.[0] || p[1] !== ring[i - 1]?.[1]);
  const first = pts[0], last = pts[pts.length - 1];
  if (pts.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) pts.pop();
  return pts;
}
function crossingPairs(ring: Pt[]): Set<string> {
  const p = cleaned(ring), n = p.length, pairs = new Set<string>();
  if (n < 4) return pairs;
  for (let i = 0; i < n; i++) {
    // adjacent edges: only a fold back (u, v, w collinear, u and w on the same side of v) counts
    const [u, v, w] = [p[i] as Pt, p[(i + 1) % n] as Pt, p[(i + 2) % n] as Pt];
    if (sign(u, v, w) === 0 && (u[0] - v[0]) * (w[0] - v[0]) + (u[1] - v[1]) * (w[1] - v[1]) > 0) pairs.add(i === n - 1 ? `0,${n - 1}` : `${i},${i + 1}`);
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue;
      if (meet(p[i] as Pt, p[(i + 1) % n] as Pt, p[j] as Pt, p[(j + 1) % n] as Pt)) pairs.add(`${i},${j}`);
    }
  }
  return pairs;
}

/** A star-shaped simple ring: n points at increasing angles with radii in [0.5, 1). */
function starRing(n: number, seed: number): Pt[] {
  let s = seed >>> 0;
  const ring: Pt[] = [];
  for (let k = 0; k < n; k++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const r = 0.5 + (s / 2 ** 32) * 0.5, t = (2 * Math.PI * k) / n;
    ring.push([1000 * r * Math.cos(t), 1000 * r * Math.sin(t)]);
  }
  return ring;
}

describe('ringCrossing (Shamos–Hoey sweep)', () => {
  it('refuses the bow-tie and accepts the square and a triangle touching a square at vertices', () => {
    expect(ringCrossing([[0, 0], [10, 10], [10, 0], [0, 10], [0, 0]])).toEqual([0, 2]);
    expect(ringCrossing([[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]])).toBeUndefined();
    expect(ringCrossing([[0, 0], [10, 0], [5, 5], [0, 0]])).toBeUndefined();
    // a vertex visited twice (figure eight through one point) and a vertex on another edge touch: refused
    expect(ringCrossing([[0, 0], [2, 2], [4, 0], [4, 4], [2, 2], [0, 4]])).toBeDefined();
    expect(ringCrossing([[0, 0], [4, 0], [4, 4], [2, 0], [0, 4]])).toBeDefined();
    // a spike: the ring turns back along its own edge
    expect(ringCrossing([[0, 0], [4, 0], [4, 4], [4, 2], [0, 4]])).toBeDefined();
    expect(ringCrossing([[0, 0], [4, 0], [6, 0], [5, 0], [5, 4]])).toEqual([1, 2]);
    // vertical and horizontal edges crossing
    expect(ringCrossing([[0, 1], [3, 1], [3, 2], [1, 2], [1, 0], [2, 0], [2, 3], [0, 3]])).toBeDefined();
  });

  it('agrees with the all-pairs test on random rings over a small grid (collinear, vertical, repeated points)', () => {
    const pt = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }));
    fc.assert(fc.property(fc.array(pt, { minLength: 3, maxLength: 10 }), (raw) => {
      const ring = raw as Pt[];
      const pairs = crossingPairs(ring);
      const got = ringCrossing(ring);
      if (pairs.size === 0) expect(got).toBeUndefined();
      else {
        expect(got).toBeDefined();
        expect(pairs.has(`${got?.[0]},${got?.[1]}`)).toBe(true); // a real crossing, smaller edge first
      }
    }), { seed: 20261125, numRuns: 5000 });
  });

  it('agrees with the all-pairs test on random rings with fractional coordinates', () => {
    const coordinate = fc.integer({ min: -100 * 1024, max: 100 * 1024 }).map((k) => k / 1024);
    const pt = fc.tuple(coordinate, coordinate);
    fc.assert(fc.property(fc.array(pt, { minLength: 4, maxLength: 12 }), (raw) => {
      const ring = raw as Pt[];
      expect(ringCrossing(ring) === undefined).toBe(crossingPairs(ring).size === 0);
    }), { seed: 7, numRuns: 2000 });
  });

  it('a 100k-point simple ring is accepted with O(n log n) work, and one crossing added is found', () => {
    const n = 100_000;
    const ring = starRing(n, 3);
    const work: CrossingWork = { comparisons: 0 };
    expect(ringCrossing(ring, work)).toBeUndefined();
    // all pairs would be n²/2 = 5e9; the sweep makes a few comparisons per edge and tree level
    expect(work.comparisons).toBeGreaterThan(n);
    expect(work.comparisons).toBeLessThan(20 * n * Math.log2(n));
    // swapping two far-apart points makes their edges cross the ring
    const bad = ring.slice();
    [bad[10], bad[n / 2]] = [bad[n / 2] as Pt, bad[10] as Pt];
    expect(ringCrossing(bad)).toBeDefined();
  }, 30_000);
});
