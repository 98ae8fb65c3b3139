import { rleEncodeImpl } from '@tensoreval/backend-cpu';
import type { RleBatch } from '@tensoreval/core';
import type { BackendWorkload } from '../backends/workloads';
import { lcg } from '../data';

/*
 * Raster-mask workloads for `npm run bench:gpu` (PolygonToRle, RleDecode, RleIou), COCO-shaped: 640 × 480
 * images, star-shaped polygons of 16 points, filled-ellipse masks. `size` is pixels for the per-pixel
 * kernels and mask pairs for RleIou.
 */

const W = 640, H = 480;

/** `n` star-shaped polygons (16 points, radii 10–160 px) on W × H images, partly outside the image. */
function polygons(n: number, seed: number): BackendWorkload<'PolygonToRle'>['inputs'] {
  return () => {
    const r = lcg(seed);
    const coords = new Float64Array(n * 32);
    for (let i = 0; i < n; i++) {
      const cx = r() * W, cy = r() * H, radius = 10 + r() * 150;
      for (let k = 0; k < 16; k++) {
        const angle = (2 * Math.PI * k) / 16, rk = radius * (0.5 + r() / 2);
        coords[32 * i + 2 * k] = cx + rk * Math.cos(angle);
        coords[32 * i + 2 * k + 1] = cy + rk * Math.sin(angle);
      }
    }
    return { coords, polygonOffsets: Int32Array.from({ length: n + 1 }, (_, i) => 32 * i), heights: new Int32Array(n).fill(H), widths: new Int32Array(n).fill(W) };
  };
}

/** `n` filled ellipses of W × H as RLEs (column-major, one run of ones per column they cross). */
function ellipseRles(n: number, seed: number): RleBatch {
  const r = lcg(seed);
  const masks = new Uint8Array(n * W * H);
  for (let k = 0; k < n; k++) {
    const cx = r() * W, cy = r() * H, rx = 5 + (r() * W) / 3, ry = 5 + (r() * H) / 3;
    for (let x = 0; x < W; x++) {
      for (let y = 0; y < H; y++) {
        const dx = (x - cx) / rx, dy = (y - cy) / ry;
        if (dx * dx + dy * dy <= 1) masks[k * W * H + x * H + y] = 1;
      }
    }
  }
  return rleEncodeImpl({ masks, heights: new Int32Array(n).fill(H), widths: new Int32Array(n).fill(W) });
}

const polygonToRle = (n: number): BackendWorkload<'PolygonToRle'> => ({
  kernel: 'PolygonToRle', label: `${n} polygons on ${W}×${H}`, size: n * W * H, inputs: polygons(n, 51), attrs: {},
});
const rleDecode = (n: number): BackendWorkload<'RleDecode'> => ({
  kernel: 'RleDecode', label: `${n} masks of ${W}×${H}`, size: n * W * H, inputs: () => ({ rles: ellipseRles(n, 61) }), attrs: {},
});
const rleIou = (n: number): BackendWorkload<'RleIou'> => ({
  kernel: 'RleIou', label: `${n}×${n} masks of ${W}×${H}`, size: n * n, inputs: () => ({ dt: ellipseRles(n, 71), gt: ellipseRles(n, 72) }), attrs: {},
});

/** Two sizes per kernel; `quick` keeps the smaller. */
export function rasterWorkloads(quick: boolean): BackendWorkload[] {
  const all = [polygonToRle(20), polygonToRle(200), rleDecode(20), rleDecode(200), rleIou(50), rleIou(300)] as BackendWorkload[];
  return quick ? all.filter((_, i) => i % 2 === 0) : all;
}
