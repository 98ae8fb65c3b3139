/*
 * pycocotools' polygon rasterisation (maskApi.c rleFrPoly), reproduced exactly: the same integer
 * rounding, the same upsampled boundary, the same runs. Used by the PolygonToRle kernel.
 */
import { invalidInput } from '@tensoreval/core';
import type { RleBatchBuilder } from './rle-batch-builder';

const SCALE = 5;
const INT_MIN = -2147483648;
/** size_t(0) - 1 as a double: maskApi compares against `w - 1` in unsigned arithmetic */
const SIZE_T_MAX = 18446744073709551615;
/** Longest upsampled outline accepted (its scratch is about 100 MB). */
const MAX_WALK = 1 << 22;
/** Row-major edges are stepped column by column only while their ends stay far from the int32 limits. */
const LINE_LIMIT = 1 << 29;

/** C's (int) cast of a double as x86-64 does it: truncation, and INT_MIN for NaN or out of range. */
function cInt(x: number): number {
  return x > -2147483649 && x < 2147483648 ? x | 0 : INT_MIN;
}

/** Scratch buffers reused across polygons, grown on demand. */
export class PolygonScratch {
  x = new Int32Array(64);
  y = new Int32Array(64);
  bx = new Int32Array(256);
  by = new Int32Array(256);
  a = new Uint32Array(256);
  /** per-column segment starts and fill positions of the boundary sort */
  begin = new Int32Array(256);
  next = new Int32Array(256);

  fitPoints(points: number): void {
    if (this.x.length < points + 1) {
      this.x = new Int32Array(2 * (points + 1));
      this.y = new Int32Array(this.x.length);
    }
  }

  fitColumns(columns: number): void {
    if (this.begin.length < columns + 1) {
      this.begin = new Int32Array(2 * (columns + 1));
      this.next = new Int32Array(this.begin.length);
    }
  }

  fitWalk(walk: number): void {
    if (this.bx.length < walk + 1) {
      const size = 2 * (walk + 1);
      this.bx = new Int32Array(size);
      this.by = new Int32Array(size);
      this.a = new Uint32Array(size);
    }
  }
}

/** Column of step t on a row-major edge, exactly as maskApi computes it. */
function columnAt(xs: number, slope: number, t: number): number {
  return cInt(xs + slope * t + 0.5);
}

/**
 * First step t in [1, dy] at which a row-major edge's column has reached `bound` (rising: u >= bound,
 * else u <= bound), given that step 0 has not and step dy has. Estimated from the real line, then
 * settled with the exact column (monotone in t), so float error in the estimate cannot matter.
 */
function firstStepPast(bound: number, rising: boolean, xs: number, slope: number, dy: number): number {
  let t = rising ? Math.ceil((bound - 0.5 - xs) / slope) : Math.floor((bound + 0.5 - xs) / slope) + 1;
  if (!(t >= 1)) t = 1;
  else if (t > dy) t = dy;
  while (t > 1 && (rising ? columnAt(xs, slope, t - 1) >= bound : columnAt(xs, slope, t - 1) <= bound)) t--;
  while (t < dy && (rising ? columnAt(xs, slope, t) < bound : columnAt(xs, slope, t) > bound)) t++;
  return t;
}

/**
 * The y-boundary point where the walk moves from column `pu` to `u` (maskApi's downsampling): kept
 * only when the left column falls on a pixel centre inside the image; y is the lower of the two
 * rows, clamped to [0, h] and rounded up. Returns the new number of boundary points.
 */
function addBoundary(u: number, v: number, pu: number, pv: number, h: number, wMinus1: number, bx: Int32Array, by: Int32Array, nb: number): number {
  // maskApi: xd = (ui + .5)/5 - .5 must be a whole number in [0, w - 1], which happens exactly when
  // ui = 5·xd + 2; then y = ceil of (vmin + .5)/5 - .5 = (vmin - 2)/5 clamped to [0, h]. In integers
  // (a multiple of 0.2 that is not whole is never rounded onto a whole number) this gives the same x, y.
  const r = (u < pu ? u : u - 1) - 2;
  if (r % 5 !== 0) return nb;
  const xd = r / 5;
  if (xd < 0 || xd > wMinus1) return nb;
  const yd = Math.ceil(((v < pv ? v : pv) - 2) / SCALE);
  bx[nb] = xd;
  by[nb] = yd < 0 ? 0 : yd > h ? h : yd;
  return nb + 1;
}

/**
 * Writes the positions x*h + y of the boundary points to `s.a` in ascending order: a counting sort
 * by column (x lies in [0, w)) and an insertion sort of the few rows within a column. Sorting by
 * (x, y) orders the positions because y <= h. Replaces maskApi's qsort; same result.
 */
function sortByColumn(bx: Int32Array, by: Int32Array, nb: number, h: number, s: PolygonScratch): void {
  if (nb === 0) return;
  let x0 = bx[0], x1 = bx[0];
  for (let j = 1; j < nb; j++) {
    if (bx[j] < x0) x0 = bx[j];
    else if (bx[j] > x1) x1 = bx[j];
  }
  const columns = x1 - x0 + 1;
  s.fitColumns(columns);
  const { begin, next, a } = s;
  begin.fill(0, 0, columns + 1);
  for (let j = 0; j < nb; j++) begin[bx[j] - x0 + 1]++;
  for (let c = 1; c <= columns; c++) begin[c] += begin[c - 1];
  next.set(begin.subarray(0, columns));
  for (let j = 0; j < nb; j++) {
    const c = bx[j] - x0;
    const key = bx[j] * h + by[j];
    let i = next[c]++;
    while (i > begin[c] && a[i - 1] > key) {
      a[i] = a[i - 1];
      i--;
    }
    a[i] = key;
  }
}

/**
 * The boundary positions of one polygon, following maskApi.c rleFrPoly step for step: vertices
 * scaled by 5 and rounded with (int)(v*5+.5); every edge walked one upsampled pixel at a time along its
 * longer axis; points where the walk changes column become y-boundary points (downsampled, x kept only
 * on pixel centres, y clamped to [0, h] and rounded up). Writes their column-major positions x*h + y,
 * sorted, to `s.a[0..nb)` and h*w to `s.a[nb]`; returns nb. Pixel p of the mask is set exactly when an
 * odd number of these positions are <= p (for 0 < h*w < 2^31), which is what the runs below encode.
 */
export function polygonBoundaryPositions(xy: Float64Array, c0: number, k: number, h: number, w: number, s: PolygonScratch, index: number): number {
  s.fitPoints(k);
  const { x, y } = s;
  let walk = 0;
  for (let j = 0; j < k; j++) {
    x[j] = cInt(SCALE * xy[c0 + 2 * j] + 0.5);
    y[j] = cInt(SCALE * xy[c0 + 2 * j + 1] + 0.5);
  }
  x[k] = x[0];
  y[k] = y[0];
  for (let j = 0; j < k; j++) walk += Math.max(Math.abs(x[j] - x[j + 1]), Math.abs(y[j] - y[j + 1])) + 1;
  if (walk > MAX_WALK) {
    // far-off coordinates would make the ×5 outline too long to hold (maskApi would fail to allocate)
    throw invalidInput('PolygonToRle', { argument: 'polygons', index }, `describe polygons whose ×5 outline stays under ${MAX_WALK} points (coordinates near the image)`, `${walk} points for polygon ${index}`, 'TE-206');
  }
  s.fitWalk(walk);
  const { a, bx, by } = s;
  const wMinus1 = w === 0 ? SIZE_T_MAX : w - 1;
  // The walk's points are consumed as they are generated: only a change of column (u) between
  // consecutive points matters, so keeping the previous point replaces maskApi's u[]/v[] arrays.
  let pu = 0, pv = 0, started = false;
  let nb = 0;
  for (let j = 0; j < k; j++) {
    let xs = x[j], xe = x[j + 1], ys = y[j], ye = y[j + 1];
    const dx = Math.abs(xe - xs), dy = Math.abs(ys - ye);
    const flip = (dx >= dy && xs > xe) || (dx < dy && ys > ye);
    if (flip) {
      let t = xs;
      xs = xe;
      xe = t;
      t = ys;
      ys = ye;
      ye = t;
    }
    // 0/0 gives NaN for a repeated vertex, as in C; cInt then yields INT_MIN like the C cast
    const slope = dx >= dy ? (ye - ys) / dx : (xe - xs) / dy;
    if (dx >= dy && dx > 0) {
      // Column-major edge: the column changes at every step, and only a change whose left column
      // ui = min(u, previous u) is 2 (mod 5) can land on a pixel centre, so jump between those steps.
      const t0 = flip ? dx : 0;
      const u0 = t0 + xs;
      if (started && u0 !== pu) nb = addBoundary(u0, cInt(ys + slope * t0 + 0.5), pu, pv, h, wMinus1, bx, by, nb);
      const phase = flip ? xs + dx - 2 : 3 - xs;
      for (let d = 1 + ((((phase - 1) % 5) + 5) % 5); d <= dx; d += 5) {
        const t = flip ? dx - d : d;
        const tPrev = flip ? t + 1 : t - 1;
        nb = addBoundary(t + xs, cInt(ys + slope * t + 0.5), tPrev + xs, cInt(ys + slope * tPrev + 0.5), h, wMinus1, bx, by, nb);
      }
      const tLast = flip ? 0 : dx;
      pu = tLast + xs;
      pv = cInt(ys + slope * tLast + 0.5);
      started = true;
      continue;
    }
    if (dx < dy && Math.abs(xs) < LINE_LIMIT && Math.abs(xe) < LINE_LIMIT) {
      // Row-major edge: the column u(t) = (int)(xs + slope*t + .5) is monotone in t and moves at most
      // one column per step, so the only changes that can land on a pixel centre (left column 5q+2)
      // are located directly, one per column q, instead of evaluating every step. For each such
      // change both candidate orders give the same boundary point (the minimum of u and of v).
      const tFirst = flip ? dy : 0;
      const tLast = flip ? 0 : dy;
      const uFirst = columnAt(xs, slope, tFirst);
      if (started && uFirst !== pu) nb = addBoundary(uFirst, tFirst + ys, pu, pv, h, wMinus1, bx, by, nb);
      const uStart = columnAt(xs, slope, 0), uEnd = columnAt(xs, slope, dy);
      const rising = uEnd > uStart;
      const lo = rising ? uStart : uEnd, hi = rising ? uEnd : uStart;
      const qLast = w === 0 ? Math.floor((hi - 3) / 5) : Math.min(Math.floor((hi - 3) / 5), w - 1);
      for (let q = Math.max(0, Math.ceil((lo - 2) / 5)); q <= qLast; q++) {
        const tb = firstStepPast(rising ? 5 * q + 3 : 5 * q + 2, rising, xs, slope, dy);
        nb = addBoundary(columnAt(xs, slope, tb), tb + ys, columnAt(xs, slope, tb - 1), tb - 1 + ys, h, wMinus1, bx, by, nb);
      }
      pu = columnAt(xs, slope, tLast);
      pv = tLast + ys;
      started = true;
      continue;
    }
    for (let d = 0; d <= dy; d++) {
      const t = flip ? dy - d : d;
      // a repeated vertex (dx = dy = 0) takes this branch with t = 0 and slope NaN, as in C
      const pointV = dx >= dy ? cInt(ys + slope * t + 0.5) : t + ys;
      const pointU = dx >= dy ? t + xs : cInt(xs + slope * t + 0.5);
      if (started && pointU !== pu) nb = addBoundary(pointU, pointV, pu, pv, h, wMinus1, bx, by, nb);
      started = true;
      pu = pointU;
      pv = pointV;
    }
  }
  // boundary positions in column-major pixel order, sorted, plus the end of the image
  if (h * w < 2147483648) sortByColumn(bx, by, nb, h, s);
  else {
    // positions can wrap past 2^32 as in C; keep maskApi's plain sort of the wrapped values
    for (let j = 0; j < nb; j++) a[j] = (Math.imul(bx[j], h) + by[j]) >>> 0;
    a.subarray(0, nb).sort();
  }
  a[nb] = (h * w) >>> 0;
  return nb;
}

/** Rasterises one polygon and appends its RLE (pycocotools rleFrPoly): the sorted boundary positions become runs. */
export function rasterisePolygon(xy: Float64Array, c0: number, k: number, h: number, w: number, s: PolygonScratch, out: RleBatchBuilder, index: number): void {
  const nb = polygonBoundaryPositions(xy, c0, k, h, w, s, index);
  const positions = s.a;
  let prev = 0;
  for (let j = 0; j <= nb; j++) {
    const t = positions[j];
    positions[j] = t - prev;
    prev = t;
  }
  // runs; a zero-length gap means two boundaries at one position, which cancel
  const counts = out.reserve(nb + 1);
  const first = out.length;
  let r = first;
  let j = 0;
  counts[r++] = positions[j++];
  while (j <= nb) {
    if (positions[j] > 0) counts[r++] = positions[j++];
    else {
      j++;
      if (j <= nb) counts[r - 1] += positions[j++];
    }
  }
  out.endMask(h, w, r - first);
}
