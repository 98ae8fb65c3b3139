/**
 * Seeded data for benchmarks: every array comes from a 32-bit LCG (Numerical Recipes constants),
 * never Math.random, so two runs (and two machines) time the same inputs.
 */

/** Uniform numbers in [0, 1) from x <- 1664525 x + 1013904223 mod 2^32. */
export function lcg(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(1664525, x) + 1013904223) >>> 0;
    return x / 4294967296;
  };
}

export interface ScoreOptions {
  seed: number;
  /**
   * Tie density in [0, 1]: scores are drawn from round(n × (1 - tieDensity)) levels (at least 1),
   * so 0.999 gives at most 1000 distinct values per 1e6 scores and 1 a single value; exactly 0 draws
   * from all 2^32 LCG values, so ties are rare. Tie handling dominates sweeps, so it is always explicit.
   */
  tieDensity: number;
  float32?: boolean;
}

/** n scores in [0, 1) with the requested tie density. */
export function scores(n: number, o: ScoreOptions): Float64Array | Float32Array {
  const r = lcg(o.seed);
  const levels = Math.max(1, Math.round(n * (1 - o.tieDensity)));
  const out = o.float32 ? new Float32Array(n) : new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = o.tieDensity === 0 ? r() : Math.floor(r() * levels) / levels;
  return out;
}

/** rows × n tp/fp flag rows: each entry is tp with probability pTp, else fp with pFp, else ignored. */
export function flagRows(rows: number, n: number, seed: number, pTp = 0.4, pFp = 0.5): { tp: Uint8Array; fp: Uint8Array } {
  const r = lcg(seed);
  const tp = new Uint8Array(rows * n);
  const fp = new Uint8Array(rows * n);
  for (let i = 0; i < rows * n; i++) {
    const u = r();
    if (u < pTp) tp[i] = 1;
    else if (u < pTp + pFp) fp[i] = 1;
  }
  return { tp, fp };
}

/** n integer labels in [0, k). */
export function labels(n: number, k: number, seed: number): Int32Array {
  const r = lcg(seed);
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.floor(r() * k);
  return out;
}

export function binaryLabels(n: number, seed: number, pPositive = 0.4): Uint8Array {
  const r = lcg(seed);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = r() < pPositive ? 1 : 0;
  return out;
}

/** `parts` + 1 offsets splitting `total` items into nearly equal consecutive parts. */
export function evenOffsets(total: number, parts: number): Int32Array {
  const out = new Int32Array(parts + 1);
  for (let p = 0; p <= parts; p++) out[p] = Math.floor((p * total) / parts);
  return out;
}

/** rows × dim embedding vectors with components in [-1, 1). */
export function embeddings(rows: number, dim: number, seed: number, float32 = true): Float32Array | Float64Array {
  const r = lcg(seed);
  const out = float32 ? new Float32Array(rows * dim) : new Float64Array(rows * dim);
  for (let i = 0; i < out.length; i++) out[i] = r() * 2 - 1;
  return out;
}

/** n xywh boxes inside a width × height image, sides between 4 and a quarter of the image. */
export function boxesXywh(n: number, width: number, height: number, seed: number): Float64Array {
  const r = lcg(seed);
  const out = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    const w = 4 + r() * (width / 4);
    const h = 4 + r() * (height / 4);
    out[4 * i] = r() * (width - w);
    out[4 * i + 1] = r() * (height - h);
    out[4 * i + 2] = w;
    out[4 * i + 3] = h;
  }
  return out;
}

/** A batch of COCO RLEs (column-major, zeros first) of random axis-aligned rectangles in h × w masks. */
export interface RectRles {
  counts: Uint32Array;
  offsets: Int32Array;
  heights: Int32Array;
  widths: Int32Array;
}

export function rectangleRles(n: number, h: number, w: number, seed: number): RectRles {
  const r = lcg(seed);
  // A rectangle spanning columns [x0, x1) and rows [y0, y1) has 2 (x1 - x0) + 1 runs.
  const runs: number[] = [];
  const offsets = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const x0 = Math.floor(r() * (w - 1));
    const x1 = x0 + 1 + Math.floor(r() * (w - x0 - 1));
    const y0 = Math.floor(r() * (h - 1));
    const y1 = y0 + 1 + Math.floor(r() * (h - y0 - 1));
    const tall = y1 - y0;
    runs.push(x0 * h + y0);
    for (let x = x0; x < x1; x++) {
      runs.push(tall);
      runs.push(x + 1 < x1 ? h - tall : (w - x1) * h + (h - y1));
    }
    offsets[i + 1] = runs.length;
  }
  return {
    counts: Uint32Array.from(runs),
    offsets,
    heights: new Int32Array(n).fill(h),
    widths: new Int32Array(n).fill(w),
  };
}

/** n column-major h × w byte masks, each a random filled rectangle (for encoders and matmul kernels). */
export function rectangleMasks(n: number, h: number, w: number, seed: number): Uint8Array {
  const r = lcg(seed);
  const out = new Uint8Array(n * h * w);
  for (let i = 0; i < n; i++) {
    const x0 = Math.floor(r() * w);
    const x1 = x0 + Math.floor(r() * (w - x0));
    const y0 = Math.floor(r() * h);
    const y1 = y0 + Math.floor(r() * (h - y0));
    for (let x = x0; x < x1; x++) out.fill(1, i * h * w + x * h + y0, i * h * w + x * h + y1);
  }
  return out;
}

/** n star-shaped polygons of `points` vertices (x, y interleaved) inside h × w images. */
export function polygons(n: number, points: number, h: number, w: number, seed: number): { coords: Float64Array; polygonOffsets: Int32Array } {
  const r = lcg(seed);
  const coords = new Float64Array(n * points * 2);
  for (let i = 0; i < n; i++) {
    const cx = w * (0.25 + 0.5 * r());
    const cy = h * (0.25 + 0.5 * r());
    const radius = Math.min(w, h) * (0.05 + 0.2 * r());
    for (let p = 0; p < points; p++) {
      const angle = (2 * Math.PI * p) / points;
      const rr = radius * (0.5 + 0.5 * r());
      coords[2 * (i * points + p)] = cx + rr * Math.cos(angle);
      coords[2 * (i * points + p) + 1] = cy + rr * Math.sin(angle);
    }
  }
  const polygonOffsets = new Int32Array(n + 1);
  for (let i = 0; i <= n; i++) polygonOffsets[i] = i * points * 2;
  return { coords, polygonOffsets };
}
