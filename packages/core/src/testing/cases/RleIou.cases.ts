import type { RleIouInputs } from '../../kernel-names';
import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';
import { randomMask, referenceArea, referenceBatch, referenceBbox, type DenseMask } from './mask-reference';

/** Pixel-by-pixel IoU with pycocotools' rules: box pre-check, -1 for a size mismatch, crowd = dt area. */
function referenceIou(d: DenseMask, g: DenseMask, crowd: boolean): number {
  const [dx, dy, dw, dh] = referenceBbox(d);
  const [gx, gy, gw, gh] = referenceBbox(g);
  const boxesOverlap = Math.min(dx + dw, gx + gw) > Math.max(dx, gx) && Math.min(dy + dh, gy + gh) > Math.max(dy, gy);
  if (!boxesOverlap) return 0;
  if (d.h !== g.h || d.w !== g.w) return -1;
  let inter = 0, union = 0;
  for (let p = 0; p < d.bits.length; p++) {
    inter += (d.bits[p] as number) & (g.bits[p] as number);
    union += (d.bits[p] as number) | (g.bits[p] as number);
  }
  if (inter === 0) return 0;
  return inter / (crowd ? referenceArea(d) : union);
}

interface Problem { dt: DenseMask[]; gt: DenseMask[]; crowd: boolean[] }

function randomProblems(count: number, seed: number, maxPer: number): Problem[] {
  const rand = seededRandom(seed);
  const out: Problem[] = [];
  for (let b = 0; b < count; b++) {
    const h = 4 + Math.floor(rand() * 30), w = 4 + Math.floor(rand() * 30);
    const nd = Math.floor(rand() * (maxPer + 1)), ng = Math.floor(rand() * (maxPer + 1));
    out.push({
      dt: Array.from({ length: nd }, () => randomMask(h, w, rand)),
      gt: Array.from({ length: ng }, () => randomMask(h, w, rand)),
      crowd: Array.from({ length: ng }, () => rand() < 0.2),
    });
  }
  return out;
}

function toInputs(problems: Problem[]): RleIouInputs {
  const dtOffsets = [0], gtOffsets = [0];
  for (const p of problems) {
    dtOffsets.push((dtOffsets[dtOffsets.length - 1] as number) + p.dt.length);
    gtOffsets.push((gtOffsets[gtOffsets.length - 1] as number) + p.gt.length);
  }
  return {
    dt: referenceBatch(problems.flatMap((p) => p.dt)),
    gt: referenceBatch(problems.flatMap((p) => p.gt)),
    gtCrowd: Uint8Array.from(problems.flatMap((p) => p.crowd.map(Number))),
    dtOffsets: Int32Array.from(dtOffsets),
    gtOffsets: Int32Array.from(gtOffsets),
  };
}

function referenceOutputs(problems: Problem[]) {
  const iou: number[] = [];
  const pairOffsets = [0];
  for (const p of problems) {
    for (const d of p.dt) p.gt.forEach((g, j) => iou.push(referenceIou(d, g, p.crowd[j] === true)));
    pairOffsets.push(iou.length);
  }
  return { iou: Float64Array.from(iou), pairOffsets: Float64Array.from(pairOffsets) };
}

const m = (h: number, w: number, bits: number[]): DenseMask => ({ h, w, bits: Uint8Array.from(bits) });
// 3 × 3 masks, column-major
const LEFT = m(3, 3, [1, 1, 1, 1, 1, 1, 0, 0, 0]);
const RIGHT = m(3, 3, [0, 0, 0, 1, 1, 1, 1, 1, 1]);
const CORNER = m(3, 3, [1, 0, 0, 0, 0, 0, 0, 0, 0]);
const EMPTY = m(3, 3, [0, 0, 0, 0, 0, 0, 0, 0, 0]);
// checkerboard-like pair: boxes overlap, pixels do not
const DIAG = m(3, 3, [1, 0, 0, 0, 1, 0, 0, 0, 1]);
const ANTI = m(3, 3, [0, 1, 0, 1, 0, 1, 0, 1, 0]);

function literal(problems: Problem[]) {
  return { inputs: () => toInputs(problems), expected: () => referenceOutputs(problems) };
}

export const rleIouCases: KernelCases<'RleIou'> = [
  {
    name: 'empty input gives no pairs',
    inputs: () => ({ dt: referenceBatch([]), gt: referenceBatch([]) }),
    attrs: {},
    expected: () => ({ iou: new Float64Array(0), pairOffsets: Float64Array.of(0, 0) }),
  },
  {
    name: 'single identical pair has IoU 1; an empty mask has IoU 0 even with itself',
    ...literal([{ dt: [LEFT, EMPTY], gt: [LEFT, EMPTY], crowd: [false, false] }]),
    attrs: {},
    check: (out) => {
      if (Array.from(out.iou).join() !== '1,0,0,0') throw new Error(`iou ${Array.from(out.iou).join()}`);
    },
  },
  {
    name: 'overlapping boxes without shared pixels give 0; crowd divides by the detection area',
    ...literal([{ dt: [DIAG, LEFT, CORNER], gt: [ANTI, RIGHT, LEFT], crowd: [false, true, false] }]),
    attrs: {},
    check: (out) => {
      // LEFT vs crowd RIGHT: 3 shared pixels / LEFT's 6; CORNER vs LEFT: 1 / 6
      if (out.iou[4] !== 0.5 || out.iou[8] !== 1 / 6) throw new Error(`iou ${Array.from(out.iou).join()}`);
    },
  },
  {
    name: 'different mask sizes: -1 when the boxes overlap, 0 when they do not',
    inputs: () => ({
      dt: referenceBatch([LEFT, CORNER]),
      gt: referenceBatch([m(2, 2, [1, 1, 1, 1]), m(4, 4, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])]),
    }),
    attrs: {},
    expected: () => ({ iou: Float64Array.of(-1, 0, -1, 0), pairOffsets: Float64Array.of(0, 4) }),
  },
  {
    name: 'random ragged problems with crowd flags match the pixelwise reference',
    ...literal(randomProblems(30, 81, 6)),
    attrs: {},
  },
  {
    name: 'precomputed areas give the same result',
    inputs: () => {
      const problems = randomProblems(10, 83, 5);
      const dt = problems.flatMap((p) => p.dt), gt = problems.flatMap((p) => p.gt);
      return {
        ...toInputs(problems),
        dtArea: Float64Array.from(dt, referenceArea),
        gtArea: Float64Array.from(gt, referenceArea),
      };
    },
    attrs: {},
    expected: () => referenceOutputs(randomProblems(10, 83, 5)),
  },
  {
    name: '1e4 pairs of 40 × 40 masks',
    ...literal(Array.from({ length: 4 }, (_, b) => {
      const rand = seededRandom(90 + b);
      return { dt: Array.from({ length: 50 }, () => randomMask(40, 40, rand)), gt: Array.from({ length: 50 }, () => randomMask(40, 40, rand)), crowd: Array.from({ length: 50 }, () => rand() < 0.1) };
    })),
    attrs: {},
  },
];
