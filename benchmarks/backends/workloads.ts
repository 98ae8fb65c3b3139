import type { KernelAttrs, KernelInputs, KernelName } from '@tensoreval/core';
import { binaryLabels, evenOffsets, flagRows, lcg, scores } from '../data';

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

// COCO-like sweeps: scores on 1000 levels (ties), 80 segments; 10 IoU-threshold flag rows for the sweep.
const sweep = (n: number): BackendWorkload<'PrecisionRecallSweep'> => ({
  kernel: 'PrecisionRecallSweep', label: `${n} scores × 10 rows, 80 segments`, size: n,
  inputs: () => ({ scores: scores(n, { seed: 51, tieDensity: 1 - 1000 / n }), ...flagRows(10, n, 52), segmentOffsets: evenOffsets(n, 80) }),
  attrs: { rows: 10, stable: true },
});
const rocAuc = (n: number): BackendWorkload<'RocAuc'> => ({
  kernel: 'RocAuc', label: `${n} scores, 80 segments`, size: n,
  inputs: () => ({ scores: scores(n, { seed: 61, tieDensity: 1 - 1000 / n }), labels: binaryLabels(n, 62), segmentOffsets: evenOffsets(n, 80) }),
  attrs: {},
});

/**
 * The sort/sweep family, for `bench:gpu` only: on tfjs these kernels exist only on webgpu, so the
 * `auto` table (cpu, onnx, tfjs on wasm) has nothing to compare for them.
 */
export function sweepWorkloads(quick: boolean): BackendWorkload[] {
  return (quick ? [sweep(100_000), rocAuc(100_000)] : [sweep(100_000), sweep(1_000_000), rocAuc(100_000), rocAuc(1_000_000)]) as BackendWorkload[];
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
