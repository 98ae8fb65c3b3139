import type { KernelAttrs, KernelInputs, KernelName } from '@tensoreval/core';
import { lcg } from '../data';
import { workloads as kernelWorkloads } from '../kernels/workloads';

/**
 * Seeded inputs for the backend comparison, per kernel and size bucket. `size` is the unit the
 * `auto` table buckets by (KernelApi callers pass the same): multiply-adds (rows × rows × dim or
 * pixels) for PairwiseCosine and BitmaskIntersections, pairs for BoxIou, elements for ConfusionCounts.
 */
export interface BackendWorkload<K extends KernelName = KernelName> {
  kernel: K;
  label: string;
  size: number;
  inputs: () => KernelInputs<K>;
  attrs: KernelAttrs<K>;
}

export const SIZE_UNITS: Partial<Record<KernelName, string>> = {
  PairwiseCosine: 'rows(a) × rows(b) × dim',
  BitmaskIntersections: 'masks(a) × masks(b) × pixels',
  BoxIou: 'pairs (n × m)',
  ConfusionCounts: 'elements',
};

function embeddings(rows: number, dim: number, seed: number): Float32Array {
  const r = lcg(seed);
  return Float32Array.from({ length: rows * dim }, () => r() * 2 - 1);
}

/** xyxy boxes on a 640 × 480 canvas, sizes 4–164 px (COCO-like overlap density). */
function boxes(n: number, seed: number): Float32Array {
  const r = lcg(seed);
  const out = new Float32Array(4 * n);
  for (let i = 0; i < n; i++) {
    const x = r() * 600, y = r() * 440, w = 4 + r() * 160, h = 4 + r() * 160;
    out.set([x, y, x + w, y + h], 4 * i);
  }
  return out;
}

/** Filled ellipses (0/1 bytes), the shape of instance masks. */
function masks(n: number, width: number, height: number, seed: number): Uint8Array {
  const r = lcg(seed);
  const out = new Uint8Array(n * width * height);
  for (let k = 0; k < n; k++) {
    const cx = r() * width, cy = r() * height, rx = 5 + r() * width / 3, ry = 5 + r() * height / 3;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const dx = (x - cx) / rx, dy = (y - cy) / ry;
        if (dx * dx + dy * dy <= 1) out[k * width * height + y * width + x] = 1;
      }
    }
  }
  return out;
}

function labels(n: number, k: number, seed: number): Int32Array {
  const r = lcg(seed);
  return Int32Array.from({ length: n }, () => Math.floor(r() * k));
}

const cosine = (rows: number, dim: number): BackendWorkload<'PairwiseCosine'> => ({
  kernel: 'PairwiseCosine', label: `${rows}×${rows}×${dim}`, size: rows * rows * dim,
  inputs: () => ({ a: embeddings(rows, dim, 11), b: embeddings(rows, dim, 12) }), attrs: { dim },
});
const iou = (n: number): BackendWorkload<'BoxIou'> => ({
  kernel: 'BoxIou', label: `${n}×${n} boxes`, size: n * n,
  inputs: () => ({ dt: boxes(n, 21), gt: boxes(n, 22) }), attrs: { format: 'xyxy' },
});
const bitmask = (n: number, width: number, height: number): BackendWorkload<'BitmaskIntersections'> => ({
  kernel: 'BitmaskIntersections', label: `${n}×${n} masks of ${width}×${height}`, size: n * n * width * height,
  inputs: () => ({ a: masks(n, width, height, 31), b: masks(n, width, height, 32) }), attrs: { pixels: width * height },
});
const confusion = (n: number): BackendWorkload<'ConfusionCounts'> => ({
  kernel: 'ConfusionCounts', label: `${n} pairs, 20 classes`, size: n,
  inputs: () => ({ actual: labels(n, 20, 41), predicted: labels(n, 20, 42) }), attrs: { numClasses: 20 },
});

const SWEEP_KERNELS: readonly KernelName[] = ['PrecisionRecallSweep', 'RocAuc', 'InterpolatedAp'];

/**
 * The sort/sweep family, for `bench:gpu` only, on the kernel benchmark's seeded inputs (1e5, and
 * 1e6 unless quick): on tfjs these kernels exist only on webgpu, so the `auto` table (cpu, onnx,
 * tfjs on wasm) has nothing to compare for them. `make` builds the inputs, so only the kernels `runs`
 * selects are made.
 */
export function sweepWorkloads(quick: boolean, runs: (kernel: KernelName) => boolean = () => true): BackendWorkload[] {
  const out: BackendWorkload[] = [];
  for (const spec of kernelWorkloads.filter((w) => SWEEP_KERNELS.includes(w.kernel) && runs(w.kernel))) {
    for (const size of quick ? [1e5] : [1e5, 1e6]) {
      const w = spec.make(size);
      out.push({ kernel: spec.kernel, label: `${spec.variant ? `${spec.variant}, ` : ''}${size} ${spec.unit}, ${w.shape}`, size, inputs: () => w.inputs, attrs: w.attrs });
    }
  }
  return out;
}

/** Three buckets per kernel (the last is the acceptance shape for cosine: 2048 × 2048 × 384). */
export function backendWorkloads(quick: boolean): BackendWorkload[] {
  const all: BackendWorkload[] = [
    cosine(64, 384), cosine(512, 384), cosine(2048, 384),
    iou(100), iou(1000), iou(3000),
    bitmask(20, 100, 100), bitmask(60, 256, 256), bitmask(100, 640, 480),
    confusion(10_000), confusion(1_000_000),
  ] as BackendWorkload[];
  if (!quick) return all;
  const smallest = new Map<string, BackendWorkload>();
  for (const w of all) if (!smallest.has(w.kernel)) smallest.set(w.kernel, w);
  return [...smallest.values()];
}
