import { boxIouImpl, pairBlockOffsets } from '@tensoreval/backend-cpu';
import type { KernelName, MatchBoxDetectionsInputs } from '@tensoreval/core';
import type { BackendWorkload } from '../backends/workloads';
import { lcg } from '../data';

/*
 * COCO matching workloads for `npm run bench:gpu` (MatchBoxDetections, MatchDetections), COCO-val-shaped
 * per cell: (image, category) cells of up to 8 GT and up to 20 detections jittered around them on
 * 640 × 480 images, COCO's 4 area ranges and 10 IoU thresholds. `size` is IoU pairs.
 */

const AREAS: ReadonlyArray<[number, number]> = [[0, 1e10], [0, 32 ** 2], [32 ** 2, 96 ** 2], [96 ** 2, 1e10]];
const THRESHOLDS = Float64Array.from({ length: 10 }, (_, i) => 0.5 + 0.05 * i);

function cells(n: number, seed: number): MatchBoxDetectionsInputs {
  const r = lcg(seed);
  const dt: number[] = [], gt: number[] = [], dtOffsets = [0], gtOffsets = [0];
  for (let c = 0; c < n; c++) {
    const ng = 1 + Math.floor(r() * 8), nd = Math.floor(r() * 21);
    const g0 = gt.length;
    for (let j = 0; j < ng; j++) gt.push(r() * 600, r() * 440, 4 + r() * 200, 4 + r() * 200);
    for (let i = 0; i < nd; i++) {
      const k = g0 + 4 * Math.floor(r() * ng);
      const w = gt[k + 2] as number, h = gt[k + 3] as number;
      dt.push((gt[k] as number) + (r() - 0.5) * 0.3 * w, (gt[k + 1] as number) + (r() - 0.5) * 0.3 * h, w * (0.8 + 0.4 * r()), h * (0.8 + 0.4 * r()));
    }
    dtOffsets.push(dt.length / 4);
    gtOffsets.push(gt.length / 4);
  }
  const nDt = dt.length / 4, nGt = gt.length / 4;
  const gtIgnore = new Uint8Array(AREAS.length * nGt), dtOutOfRange = new Uint8Array(AREAS.length * nDt);
  AREAS.forEach(([lo, hi], a) => {
    for (let j = 0; j < nGt; j++) { const s = (gt[4 * j + 2] as number) * (gt[4 * j + 3] as number); gtIgnore[a * nGt + j] = s < lo || s > hi ? 1 : 0; }
    for (let i = 0; i < nDt; i++) { const s = (dt[4 * i + 2] as number) * (dt[4 * i + 3] as number); dtOutOfRange[a * nDt + i] = s < lo || s > hi ? 1 : 0; }
  });
  return {
    dt: Float64Array.from(dt), gt: Float64Array.from(gt), dtOffsets: Int32Array.from(dtOffsets), gtOffsets: Int32Array.from(gtOffsets),
    iouThresholds: THRESHOLDS, gtIgnore, gtCrowd: new Uint8Array(nGt), dtOutOfRange,
  };
}

/** IoU pairs of all blocks: the last of the blocks' pair offsets. */
function pairs(x: MatchBoxDetectionsInputs): number {
  return pairBlockOffsets(x.dtOffsets, x.gtOffsets).at(-1) as number;
}

const ATTRS = { areas: AREAS.length, recordIou: { area: 0, threshold: 0 } };

const fused = (n: number): BackendWorkload<'MatchBoxDetections'> => {
  const x = cells(n, 81);
  const p = pairs(x);
  return { kernel: 'MatchBoxDetections', label: `${n} cells, ${p} pairs`, size: p, inputs: () => x, attrs: { ...ATTRS, format: 'xywh' } };
};

const matchOnly = (n: number): BackendWorkload<'MatchDetections'> => {
  const { dt, gt, ...rest } = cells(n, 82);
  const { iou, pairOffsets } = boxIouImpl({ dt, gt, dtOffsets: rest.dtOffsets, gtOffsets: rest.gtOffsets }, { format: 'xywh' });
  return { kernel: 'MatchDetections', label: `${n} cells, ${iou.length} pairs`, size: iou.length, inputs: () => ({ ...rest, iou: iou as Float64Array, pairOffsets }), attrs: ATTRS };
};

/**
 * Two sizes per kernel; `quick` keeps the smaller (the larger sets are then never built). The sets
 * are built here, not when measured (their labels count the pairs), so only for the kernels `runs`
 * selects: an engine without a kernel, or one `--only` leaves out, builds none of its sets.
 */
export function matchWorkloads(quick: boolean, runs: (kernel: KernelName) => boolean = () => true): BackendWorkload[] {
  const sizes = quick ? [2000] : [2000, 20000];
  return [...(runs('MatchBoxDetections') ? sizes.map(fused) : []), ...(runs('MatchDetections') ? sizes.map(matchOnly) : [])] as BackendWorkload[];
}
