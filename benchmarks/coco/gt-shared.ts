/**
 * What the GT thread of `coco --workers N` saves by building the loaded GT in shared memory
 * (`loadCocoGt(..., sharedAlloc)`) instead of loading it into ordinary arrays and copying each one into
 * a SharedArrayBuffer afterwards (`withSharedArrays`, the earlier path). Times both on the seeded
 * COCO-val-sized GT (5,000 images, ~37k annotations; segm: table and rasterised masks), interleaved
 * rounds, medians (and the copy's own time), and checks they give the same arrays. The copy is a
 * small part of the load (the masks' rasterisation dominates); what the shared build also saves is
 * holding every array twice while it is copied. Writes benchmarks/results/gt-shared-<host>-<date>.json.
 *
 *   tsx benchmarks/coco/gt-shared.ts [--rounds 5]
 */
import { loadCocoGt, type CocoDataset, type LoadedCocoGt } from '@tensoreval/metrics/detection';
import { sharedAlloc, withSharedArrays } from '../../packages/tensoreval/src/shared-memory';
import { median } from '../kernels/measure';
import { benchFlag, writeBenchResult } from './bench-args';
import { COCO_VAL_LIKE, generateCoco } from './generate';

const rounds = Number(benchFlag('rounds', '5'));
const gt = generateCoco({ ...COCO_VAL_LIKE, dtPerImage: 0 }).gt as CocoDataset;

const copyMs: number[] = [];

/** The earlier path; the copy's own time goes to `copyMs`. */
function copied(): LoadedCocoGt {
  const loaded = loadCocoGt(gt, 'segm', 'gt');
  const t0 = performance.now();
  const out = { ...loaded, table: withSharedArrays(loaded.table), ...(loaded.masks ? { masks: withSharedArrays(loaded.masks) } : {}) };
  copyMs.push(performance.now() - t0);
  return out;
}

const built = (): LoadedCocoGt => loadCocoGt(gt, 'segm', 'gt', sharedAlloc);

function arrays(g: LoadedCocoGt): ArrayBufferView[] {
  return [...Object.values(g.table), ...Object.values(g.masks ?? {})].filter((v): v is ArrayBufferView => ArrayBuffer.isView(v));
}

function time(f: () => LoadedCocoGt): { ms: number; out: LoadedCocoGt } {
  const t0 = performance.now();
  const out = f();
  return { ms: performance.now() - t0, out };
}

const copiedMs: number[] = [], builtMs: number[] = [];
let bytes = 0;
for (let r = 0; r < rounds; r++) {
  const a = time(copied), b = time(built);
  copiedMs.push(a.ms);
  builtMs.push(b.ms);
  const x = arrays(a.out), y = arrays(b.out);
  if (x.length !== y.length || x.some((v, i) => !Buffer.from(v.buffer, v.byteOffset, v.byteLength).equals(Buffer.from(y[i]!.buffer, y[i]!.byteOffset, y[i]!.byteLength)))) {
    throw new Error('the two loads differ');
  }
  if (!y.every((v) => v.buffer instanceof SharedArrayBuffer)) throw new Error('an array of the shared load is not shared');
  bytes = y.reduce((s, v) => s + v.byteLength, 0);
}
const result = {
  gt: { images: gt.images.length, annotations: gt.annotations.length, iouType: 'segm' },
  sharedMiB: +(bytes / 2 ** 20).toFixed(2), rounds,
  copiedAfterMs: { median: +median(copiedMs).toFixed(1), all: copiedMs.map((v) => +v.toFixed(1)) },
  builtSharedMs: { median: +median(builtMs).toFixed(1), all: builtMs.map((v) => +v.toFixed(1)) },
  copyAloneMs: { median: +median(copyMs).toFixed(1), all: copyMs.map((v) => +v.toFixed(1)) },
};
console.log(JSON.stringify(result));
writeBenchResult('gt-shared', result);
