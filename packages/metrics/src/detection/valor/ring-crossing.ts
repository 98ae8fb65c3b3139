/**
 * Self-intersection test for polygon rings. A self-intersecting ring (a bow-tie) has no well-defined
 * area: its shoelace area cancels to 0 and a clipping library reads it as two lobes, so its IoU with
 * the square around it came out 1 and with itself 0. Such rings are refused at the boundary (TE-208),
 * as shapely calls them invalid. Every ring of a polygon, holes included, goes through this test.
 */

type Ring = ReadonlyArray<readonly [number, number]>;

function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const v = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/** c lies within the bounding box of segment ab (used when the three points are collinear). */
function within(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
}

/** Whether edges i and j (from point k to k + 1, closing at n) cross or touch. */
function segmentsMeet(xs: Float64Array, ys: Float64Array, i: number, j: number, n: number): boolean {
  const i1 = (i + 1) % n, j1 = (j + 1) % n;
  const ax = xs[i] as number, ay = ys[i] as number, bx = xs[i1] as number, by = ys[i1] as number;
  const cx = xs[j] as number, cy = ys[j] as number, dx = xs[j1] as number, dy = ys[j1] as number;
  const o1 = orient(ax, ay, bx, by, cx, cy), o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay), o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && within(ax, ay, bx, by, cx, cy)) || (o2 === 0 && within(ax, ay, bx, by, dx, dy))
    || (o3 === 0 && within(cx, cy, dx, dy, ax, ay)) || (o4 === 0 && within(cx, cy, dx, dy, bx, by));
}

/** Optional work counter: segment comparisons made, so a test can bound the work without timing it. */
export interface CrossingWork {
  comparisons: number;
}

/**
 * The ring's points as two float64 columns, without repeated consecutive points and without a
 * closing point equal to the first.
 */
function distinctPoints(ring: Ring): { xs: Float64Array; ys: Float64Array; n: number } {
  const xs = new Float64Array(ring.length), ys = new Float64Array(ring.length);
  let n = 0;
  for (const [x, y] of ring) {
    if (n > 0 && xs[n - 1] === x && ys[n - 1] === y) continue;
    xs[n] = x;
    ys[n] = y;
    n++;
  }
  if (n > 1 && xs[0] === xs[n - 1] && ys[0] === ys[n - 1]) n--;
  return { xs, ys, n };
}

/**
 * The first pair of edges of `ring` found to cross or touch, as edge indices (smaller first), or
 * undefined for a simple ring. A closing point equal to the first and repeated consecutive points are
 * ignored; adjacent edges may meet at their shared point only (a spike that folds back is reported).
 * Orientation signs are exact for coordinates of up to 26 significant bits (pixels, with fractions
 * down to 2^-10 within ±65536), so the result does not depend on the order edges are compared in.
 *
 * A Shamos–Hoey sweep, O(n log n): points in (x, y) order, the edges crossing the sweep line kept in
 * order in a treap, and each edge tested only against its neighbours there as it enters and leaves.
 * The leftmost crossing of a non-simple ring is between two edges that are neighbours at some event
 * before it, so it is found; every pair reported is confirmed by the exact segment test.
 */
export function ringCrossing(ring: Ring, work?: CrossingWork): [number, number] | undefined {
  const { xs, ys, n } = distinctPoints(ring);
  if (n < 4) return undefined; // a triangle cannot cross itself
  return new Sweep(xs, ys, n, work).run();
}

class Sweep {
  /** left (lexicographically smaller) and right end point of each edge */
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  // the status: a treap over edges, ordered bottom to top along the sweep line; -1 is no node
  private readonly left: Int32Array;
  private readonly right: Int32Array;
  private readonly parent: Int32Array;
  private readonly priority: Uint32Array;
  private root = -1;
  private found: [number, number] | undefined;

  constructor(private readonly xs: Float64Array, private readonly ys: Float64Array, private readonly n: number, private readonly work: CrossingWork | undefined) {
    this.lo = new Int32Array(n);
    this.hi = new Int32Array(n);
    for (let e = 0; e < n; e++) {
      const a = e, b = (e + 1) % n;
      const aFirst = (xs[a] as number) < (xs[b] as number) || ((xs[a] as number) === (xs[b] as number) && (ys[a] as number) < (ys[b] as number));
      this.lo[e] = aFirst ? a : b;
      this.hi[e] = aFirst ? b : a;
    }
    this.left = new Int32Array(n).fill(-1);
    this.right = new Int32Array(n).fill(-1);
    this.parent = new Int32Array(n).fill(-1);
    this.priority = new Uint32Array(n);
    let seed = 0x9e3779b9; // fixed seed: the same ring always takes the same path
    for (let e = 0; e < n; e++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      this.priority[e] = seed;
    }
  }

  run(): [number, number] | undefined {
    const { xs, ys, n } = this;
    // Events: 2e = edge e enters at its left end, 2e + 1 = it leaves at its right end. At one point
    // entries come before exits, so edges that only touch there are in the status together.
    const events = new Uint32Array(2 * n);
    for (let k = 0; k < 2 * n; k++) events[k] = k;
    const pointOf = (ev: number): number => ((ev & 1) === 0 ? this.lo[ev >> 1] : this.hi[ev >> 1]) as number;
    // a lexicographic (x, y, kind) key has no native typed-array order, hence the comparator
    events.sort((a, b) => {
      const p = pointOf(a), q = pointOf(b);
      return (xs[p] as number) - (xs[q] as number) || (ys[p] as number) - (ys[q] as number) || (a & 1) - (b & 1);
    });
    for (const ev of events) {
      const e = ev >> 1;
      if ((ev & 1) === 0) this.insert(e);
      else this.remove(e);
      if (this.found) return this.found[0] < this.found[1] ? this.found : [this.found[1], this.found[0]];
    }
    return undefined;
  }

  private adjacent(a: number, b: number): boolean {
    const d = Math.abs(a - b);
    return d === 1 || d === this.n - 1;
  }

  /** Records edges a and b when they meet anywhere but a shared point (adjacent edges: a fold back). */
  private test(a: number, b: number): void {
    if (a < 0 || b < 0 || this.found) return;
    if (this.work) this.work.comparisons++;
    if (this.adjacent(a, b) ? this.foldsBack(a, b) : segmentsMeet(this.xs, this.ys, a, b, this.n)) this.found = [a, b];
  }

  /**
   * Adjacent edges that turn back along themselves (a spike: u → v → w on one line with u and w on
   * the same side of v) overlap along a stretch of zero width, which shapely also calls invalid.
   */
  private foldsBack(a: number, b: number): boolean {
    const { xs, ys, n } = this;
    const [first, second] = (a + 1) % n === b ? [a, b] : [b, a];
    const u = first, v = second, w = (second + 1) % n;
    const vx = xs[v] as number, vy = ys[v] as number;
    const ux = (xs[u] as number) - vx, uy = (ys[u] as number) - vy, wx = (xs[w] as number) - vx, wy = (ys[w] as number) - vy;
    return ux * wy - uy * wx === 0 && ux * wx + uy * wy > 0;
  }

  /**
   * Side of the entering edge s relative to the status edge t at s's left end: 1 above, -1 below.
   * When that end lies on t the two meet there (reported unless it is the point adjacent edges
   * share); s's other end then decides, and collinear edges that continue one another go above.
   */
  private side(s: number, t: number): number {
    if (this.work) this.work.comparisons++;
    const { xs, ys } = this;
    const a = this.lo[t] as number, b = this.hi[t] as number, p = this.lo[s] as number, q = this.hi[s] as number;
    const ax = xs[a] as number, ay = ys[a] as number, bx = xs[b] as number, by = ys[b] as number;
    const o = orient(ax, ay, bx, by, xs[p] as number, ys[p] as number);
    if (o !== 0) return o;
    this.test(s, t);
    return orient(ax, ay, bx, by, xs[q] as number, ys[q] as number) || 1;
  }

  private insert(s: number): void {
    const { left, right, parent } = this;
    let node = this.root, at = -1, side = 0;
    while (node >= 0) {
      at = node;
      side = this.side(s, node);
      if (this.found) return;
      node = side > 0 ? (right[node] as number) : (left[node] as number);
    }
    parent[s] = at;
    if (at < 0) this.root = s;
    else if (side > 0) right[at] = s;
    else left[at] = s;
    while (parent[s] as number >= 0 && (this.priority[parent[s] as number] as number) > (this.priority[s] as number)) this.rotateUp(s);
    this.test(s, this.previous(s));
    this.test(s, this.next(s));
  }

  private remove(s: number): void {
    this.test(this.previous(s), this.next(s));
    const { left, right } = this;
    // rotate s down until it has at most one child, then splice it out
    while (left[s] as number >= 0 && right[s] as number >= 0) {
      const l = left[s] as number, r = right[s] as number;
      this.rotateUp((this.priority[l] as number) < (this.priority[r] as number) ? l : r);
    }
    const child = (left[s] as number) >= 0 ? (left[s] as number) : (right[s] as number);
    this.replace(s, child);
    left[s] = right[s] = this.parent[s] = -1;
  }

  /** Puts `child` where `node` hangs in the tree. */
  private replace(node: number, child: number): void {
    const p = this.parent[node] as number;
    if (child >= 0) this.parent[child] = p;
    if (p < 0) this.root = child;
    else if (this.left[p] === node) this.left[p] = child;
    else this.right[p] = child;
  }

  /** Rotates `x` above its parent, keeping the in-order sequence. */
  private rotateUp(x: number): void {
    const { left, right, parent } = this;
    const p = parent[x] as number;
    if (left[p] === x) {
      const inner = right[x] as number;
      left[p] = inner;
      if (inner >= 0) parent[inner] = p;
      this.replace(p, x);
      right[x] = p;
    } else {
      const inner = left[x] as number;
      right[p] = inner;
      if (inner >= 0) parent[inner] = p;
      this.replace(p, x);
      left[x] = p;
    }
    parent[p] = x;
  }

  private previous(x: number): number {
    return this.neighbour(x, this.left, this.right);
  }

  private next(x: number): number {
    return this.neighbour(x, this.right, this.left);
  }

  /** In-order neighbour of x on the `toward` side (`away` is the other child array). */
  private neighbour(x: number, toward: Int32Array, away: Int32Array): number {
    if ((toward[x] as number) >= 0) {
      let y = toward[x] as number;
      while ((away[y] as number) >= 0) y = away[y] as number;
      return y;
    }
    let y = x, p = this.parent[x] as number;
    while (p >= 0 && toward[p] === y) { y = p; p = this.parent[p] as number; }
    return p;
  }
}
