import { pairBlockOffsets, rleIouImpl } from '@tensoreval/backend-cpu';
import { validateRleIouInputs, type KernelConfig, type RleBatch, type RleIouInputs, type RleIouOutputs } from '@tensoreval/core';
import { gpujsKernel, runGpujs } from '../base';
import { MAX_DISPATCH_PIXELS } from '../parity-masks';
import { EXACT_INDEX } from '../tiles';

// One thread per mask pair: the two-pointer walk over both masks' runs of ones, [start, end) intervals
// stored as (start, end) pairs; pairs holds (dt row, gt row). Five arrays: WebGPU allows 8 storage buffers.
const SOURCE = `function (a, aOff, b, bOff, pairs, steps) {
  const t = this.thread.x;
  const d = pairs[2 * t];
  const g = pairs[2 * t + 1];
  let ia = aOff[d];
  const a1 = aOff[d + 1];
  let ib = bOff[g];
  const b1 = bOff[g + 1];
  let inter = 0;
  for (let k = 0; k < steps; k++) {
    if (ia < a1 && ib < b1) {
      const ea = a[2 * ia + 1];
      const eb = b[2 * ib + 1];
      const lo = Math.max(a[2 * ia], b[2 * ib]);
      const hi = Math.min(ea, eb);
      if (hi > lo) {
        inter += hi - lo;
      }
      if (ea < eb) {
        ia += 1;
      } else {
        ib += 1;
      }
    }
  }
  return inter;
}`;

/** Runs of ones of every mask as (start, end) pixel intervals (float32, exact below 2^24), with per-mask offsets. */
function onesIntervals(rles: RleBatch): { bounds: Float32Array; offsets: Float32Array; most: number } {
  const { counts, offsets } = rles;
  const n = offsets.length - 1;
  let total = 0;
  for (let i = 0; i < n; i++) total += (offsets[i + 1] - offsets[i]) >> 1;
  const bounds = new Float32Array(2 * total + 2);
  const out = new Float32Array(n + 1);
  let k = 0, most = 0;
  for (let i = 0; i < n; i++) {
    let p = 0;
    for (let j = offsets[i]; j < offsets[i + 1]; j++) {
      const c = counts[j];
      if ((j - offsets[i]) & 1 && c > 0) {
        bounds[2 * k] = p;
        bounds[2 * k++ + 1] = p + c;
      }
      p += c;
    }
    out[i + 1] = k;
    if (k - out[i] > most) most = k - out[i];
  }
  return { bounds, offsets: out, most };
}

function fitsFloat32(rles: RleBatch): boolean {
  for (let i = 0; i < rles.heights.length; i++) if (rles.heights[i] * rles.widths[i] > MAX_DISPATCH_PIXELS) return false;
  // interval bounds are indexed as 2 × interval + 1
  return rles.counts.length < EXACT_INDEX - 2;
}

/**
 * pycocotools rleIou with the intersection counts on the GPU, one thread per same-size pair (the pairs
 * whose IoU needs them); crowd flags, areas, the box check of size mismatches and the float64 division
 * stay in the cpu code, so the result is the cpu backend's bit for bit. A batch with a mask over
 * MAX_DISPATCH_PIXELS pixels or 2^24 counts runs on the cpu code.
 */
async function rleIouGpujs(inputs: RleIouInputs): Promise<RleIouOutputs> {
  validateRleIouInputs(inputs);
  const { dt, gt } = inputs;
  if (!fitsFloat32(dt) || !fitsFloat32(gt)) return rleIouImpl(inputs);
  const dtOff = inputs.dtOffsets ?? Int32Array.of(0, dt.heights.length);
  const gtOff = inputs.gtOffsets ?? Int32Array.of(0, gt.heights.length);
  const pairOffsets = pairBlockOffsets(dtOff, gtOff);
  const total = pairOffsets[pairOffsets.length - 1];
  // the same-size pairs, in output order
  let m = 0;
  for (let b = 0; b + 1 < dtOff.length; b++) {
    for (let d = dtOff[b]; d < dtOff[b + 1]; d++) {
      for (let g = gtOff[b]; g < gtOff[b + 1]; g++) if (dt.heights[d] === gt.heights[g] && dt.widths[d] === gt.widths[g]) m++;
    }
  }
  const pairs = new Int32Array(2 * m);
  const at = new Float64Array(m);
  m = 0;
  for (let b = 0; b + 1 < dtOff.length; b++) {
    let o = pairOffsets[b];
    for (let d = dtOff[b]; d < dtOff[b + 1]; d++) {
      for (let g = gtOff[b]; g < gtOff[b + 1]; g++, o++) {
        if (dt.heights[d] !== gt.heights[g] || dt.widths[d] !== gt.widths[g]) continue;
        pairs[2 * m] = d;
        pairs[2 * m + 1] = g;
        at[m++] = o;
      }
    }
  }
  const intersections = new Float64Array(total);
  if (m > 0) {
    const a = onesIntervals(dt), b = onesIntervals(gt);
    const kernel = gpujsKernel('RleIou', SOURCE);
    const tile = (EXACT_INDEX >> 1) - 1;
    for (let p0 = 0; p0 < m; p0 += tile) {
      const p1 = Math.min(m, p0 + tile);
      const part = await runGpujs(kernel, p1 - p0, [a.bounds, a.offsets, b.bounds, b.offsets, pairs.subarray(2 * p0, 2 * p1), a.most + b.most]);
      for (let k = p0; k < p1; k++) intersections[at[k]] = part[k - p0];
    }
  }
  return rleIouImpl(inputs, undefined, intersections);
}

export const rleIouConfig: KernelConfig<'RleIou'> = {
  kernelName: 'RleIou',
  backendName: 'gpujs',
  kernelFunc: ({ inputs }) => rleIouGpujs(inputs),
};
