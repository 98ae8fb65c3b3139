import { validatePolygonToRleInputs, type KernelConfig, type PolygonToRleAttrs, type PolygonToRleInputs, type RleBatch } from '@tensoreval/core';
import { RleBatchBuilder } from '../rle/rle-batch-builder';

const SCALE = 5;
const INT_MIN = -2147483648;
/** size_t(0) - 1 as a double: maskApi compares against `w - 1` in unsigned arithmetic */
const SIZE_T_MAX = 18446744073709551615;

/** C's (int) cast of a double as x86-64 does it: truncation, and INT_MIN for NaN or out of range. */
function cInt(x: number): number {
  return x > -2147483649 && x < 2147483648 ? x | 0 : INT_MIN;
}

/** Scratch buffers reused across polygons, grown on demand. */
class Scratch {
  x = new Int32Array(64);
  y = new Int32Array(64);
  bx = new Int32Array(256);
  by = new Int32Array(256);
  a = new Uint32Array(256);

  fitPoints(points: number): void {
    if (this.x.length < points + 1) {
      this.x = new Int32Array(2 * (points + 1));
      this.y = new Int32Array(this.x.length);
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

/**
 * Rasterises one polygon and appends its RLE, following maskApi.c rleFrPoly step for step: vertices
 * scaled by 5 and rounded with (int)(v*5+.5); every edge walked one upsampled pixel at a time along its
 * longer axis; points where the walk changes column become y-boundary points (downsampled, x kept only
 * on pixel centres, y clamped to [0, h] and rounded up); the sorted boundary positions become runs.
 */
function rasterisePolygon(xy: Float64Array, c0: number, k: number, h: number, w: number, s: Scratch, out: RleBatchBuilder): void {
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
    const steps = dx >= dy ? dx : dy;
    for (let d = 0; d <= steps; d++) {
      const t = flip ? steps - d : d;
      let pointU: number, pointV: number;
      if (dx >= dy) {
        pointU = t + xs;
        pointV = cInt(ys + slope * t + 0.5);
      } else {
        pointV = t + ys;
        pointU = cInt(xs + slope * t + 0.5);
      }
      if (started && pointU !== pu) {
        // a y-boundary point, downsampled; kept only on pixel centres inside the image
        let xd = pointU < pu ? pointU : pointU - 1;
        xd = (xd + 0.5) / SCALE - 0.5;
        if (Math.floor(xd) === xd && xd >= 0 && xd <= wMinus1) {
          let yd = pointV < pv ? pointV : pv;
          yd = (yd + 0.5) / SCALE - 0.5;
          if (yd < 0) yd = 0;
          else if (yd > h) yd = h;
          bx[nb] = cInt(xd);
          by[nb] = cInt(Math.ceil(yd));
          nb++;
        }
      }
      started = true;
      pu = pointU;
      pv = pointV;
    }
  }
  // boundary positions in column-major pixel order, plus the end of the image
  for (let j = 0; j < nb; j++) a[j] = (Math.imul(bx[j], h) + by[j]) >>> 0;
  a[nb] = (h * w) >>> 0;
  const positions = a.subarray(0, nb + 1).sort();
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

/**
 * Rasterises every polygon to an RLE exactly as pycocotools rleFrPoly (one RLE per polygon; merge
 * the parts of one object with RleMerge). A polygon of c numbers has floor(c / 2) points.
 * Assumes validated inputs.
 */
export function polygonToRleImpl(inputs: PolygonToRleInputs, _attrs?: PolygonToRleAttrs): RleBatch {
  const { coords, polygonOffsets, heights, widths } = inputs;
  const n = polygonOffsets.length - 1;
  const out = new RleBatchBuilder(n, 64 * n);
  const scratch = new Scratch();
  for (let i = 0; i < n; i++) {
    const c0 = polygonOffsets[i];
    rasterisePolygon(coords, c0, (polygonOffsets[i + 1] - c0) >> 1, heights[i], widths[i], scratch, out);
  }
  return out.finish();
}

export const polygonToRleConfig: KernelConfig<'PolygonToRle'> = {
  kernelName: 'PolygonToRle',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => {
    validatePolygonToRleInputs(inputs);
    return polygonToRleImpl(inputs, attrs);
  },
};
