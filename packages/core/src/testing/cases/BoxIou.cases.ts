import type { BoxFormat, BoxIouInputs } from '../../kernel-names';
import type { KernelCases } from '../kernel-case';
import { seededRandom } from '../random';

// Deliberately simple reference: one pair at a time, straight from the COCO definition.
function referenceIou(a: number[], b: number[], format: BoxFormat, crowd: boolean): number {
  const [ax, ay, a2, a3] = a as [number, number, number, number];
  const [bx, by, b2, b3] = b as [number, number, number, number];
  const ax2 = format === 'xywh' ? ax + a2 : a2;
  const ay2 = format === 'xywh' ? ay + a3 : a3;
  const bx2 = format === 'xywh' ? bx + b2 : b2;
  const by2 = format === 'xywh' ? by + b3 : b3;
  const w = Math.min(ax2, bx2) - Math.max(ax, bx);
  const h = Math.min(ay2, by2) - Math.max(ay, by);
  if (w <= 0 || h <= 0) return 0;
  const areaA = (ax2 - ax) * (ay2 - ay);
  const areaB = (bx2 - bx) * (by2 - by);
  const inter = w * h;
  return inter / (crowd ? areaA : areaA + areaB - inter);
}

function referenceBoxIou(inputs: BoxIouInputs, format: BoxFormat): { iou: Float64Array; pairOffsets: Float64Array } {
  const nDt = inputs.dt.length / 4;
  const nGt = inputs.gt.length / 4;
  const dtOff = inputs.dtOffsets ?? Int32Array.of(0, nDt);
  const gtOff = inputs.gtOffsets ?? Int32Array.of(0, nGt);
  const values: number[] = [];
  const offsets: number[] = [0];
  const box = (arr: ArrayLike<number>, i: number) => [arr[4 * i], arr[4 * i + 1], arr[4 * i + 2], arr[4 * i + 3]] as number[];
  for (let b = 0; b + 1 < dtOff.length; b++) {
    for (let i = dtOff[b] as number; i < (dtOff[b + 1] as number); i++) {
      for (let j = gtOff[b] as number; j < (gtOff[b + 1] as number); j++) {
        values.push(referenceIou(box(inputs.dt, i), box(inputs.gt, j), format, inputs.gtCrowd?.[j] === 1));
      }
    }
    offsets.push(values.length);
  }
  return { iou: Float64Array.from(values), pairOffsets: Float64Array.from(offsets) };
}

/** Random xywh boxes on a 100×100 canvas with sizes in [0, 40); a few share corners or have zero size. */
function randomBoxes(n: number, rand: () => number): Float64Array {
  const out = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    const snap = rand() < 0.2;
    const v = (scale: number) => (snap ? Math.floor(rand() * scale) : rand() * scale);
    out.set([v(100), v(100), rand() < 0.05 ? 0 : v(40), v(40)], 4 * i);
  }
  return out;
}

function xywhToXyxy(boxes: Float64Array): Float64Array {
  const out = new Float64Array(boxes.length);
  for (let i = 0; i < boxes.length; i += 4) {
    out.set([boxes[i] as number, boxes[i + 1] as number, (boxes[i] as number) + (boxes[i + 2] as number), (boxes[i + 1] as number) + (boxes[i + 3] as number)], i);
  }
  return out;
}

/** B problems with ragged sizes in [0, maxPer], some empty on either side. */
function randomRagged(problems: number, maxPer: number, seed: number): BoxIouInputs {
  const rand = seededRandom(seed);
  const dtOffsets = new Int32Array(problems + 1);
  const gtOffsets = new Int32Array(problems + 1);
  for (let b = 0; b < problems; b++) {
    dtOffsets[b + 1] = (dtOffsets[b] as number) + Math.floor(rand() * (maxPer + 1));
    gtOffsets[b + 1] = (gtOffsets[b] as number) + Math.floor(rand() * (maxPer + 1));
  }
  const nGt = gtOffsets[problems] as number;
  const gtCrowd = new Uint8Array(nGt);
  for (let j = 0; j < nGt; j++) gtCrowd[j] = rand() < 0.15 ? 1 : 0;
  return { dt: randomBoxes(dtOffsets[problems] as number, rand), gt: randomBoxes(nGt, rand), gtCrowd, dtOffsets, gtOffsets };
}

export const boxIouCases: KernelCases<'BoxIou'> = [
  {
    name: 'empty input gives no pairs',
    inputs: () => ({ dt: new Float64Array(0), gt: new Float64Array(0) }),
    attrs: { format: 'xywh' },
    expected: () => ({ iou: new Float64Array(0), pairOffsets: Float64Array.of(0, 0) }),
  },
  {
    name: 'empty problems inside a ragged batch keep their (empty) blocks',
    inputs: () => ({
      dt: Float64Array.of(0, 0, 2, 2, 1, 1, 2, 2),
      gt: Float64Array.of(0, 0, 2, 2),
      dtOffsets: Int32Array.of(0, 0, 2, 2),
      gtOffsets: Int32Array.of(0, 1, 1, 1),
    }),
    attrs: { format: 'xywh' },
    expected: () => ({ iou: new Float64Array(0), pairOffsets: Float64Array.of(0, 0, 0, 0) }),
  },
  {
    name: 'single identical pair',
    inputs: () => ({ dt: Float64Array.of(10, 20, 30, 40), gt: Float64Array.of(10, 20, 30, 40) }),
    attrs: { format: 'xywh' },
    expected: () => ({ iou: Float64Array.of(1), pairOffsets: Float64Array.of(0, 1) }),
  },
  {
    name: 'touching boxes (shared edge or corner) have IoU 0',
    inputs: () => ({ dt: Float64Array.of(0, 0, 10, 10), gt: Float64Array.of(10, 0, 5, 5, 0, 10, 10, 10, 10, 10, 3, 3) }),
    attrs: { format: 'xywh' },
    expected: () => ({ iou: Float64Array.of(0, 0, 0) }),
  },
  {
    name: 'zero-area boxes have IoU 0, also against themselves and as crowd',
    inputs: () => ({
      dt: Float64Array.of(5, 5, 0, 10, 5, 5, 10, 0, 0, 0, 20, 20),
      gt: Float64Array.of(5, 5, 0, 10, 5, 5, 10, 0),
      gtCrowd: Uint8Array.of(0, 1),
    }),
    attrs: { format: 'xywh' },
    expected: () => ({ iou: new Float64Array(6) }),
  },
  {
    name: 'crowd GT divides by the detection area',
    inputs: () => ({ dt: Float64Array.of(0, 0, 10, 10, 0, 0, 40, 10), gt: Float64Array.of(5, 0, 10, 10, 5, 0, 10, 10), gtCrowd: Uint8Array.of(1, 0) }),
    attrs: { format: 'xywh' },
    expected: () => ({ iou: Float64Array.of(0.5, 50 / 150, 100 / 400, 100 / 400) }),
  },
  {
    name: 'ties: equal IoU with several GT',
    inputs: () => ({ dt: Float64Array.of(0, 0, 4, 4), gt: Float64Array.of(2, 0, 4, 4, -2, 0, 4, 4, 0, 2, 4, 4) }),
    attrs: { format: 'xywh' },
    expected: () => ({ iou: Float64Array.of(8 / 24, 8 / 24, 8 / 24) }),
  },
  {
    name: 'xyxy layout gives the same IoU as xywh',
    inputs: () => ({ dt: Float64Array.of(0, 0, 10, 10, 2, 3, 7, 9), gt: Float64Array.of(5, 0, 15, 10, 0, 0, 4, 4), gtCrowd: Uint8Array.of(0, 1) }),
    attrs: { format: 'xyxy' },
    expected: () => ({ iou: Float64Array.of(50 / 150, 16 / 100, 12 / (30 + 100 - 12), 2 / 30), pairOffsets: Float64Array.of(0, 4) }),
  },
  {
    name: 'random ragged batch (xywh, crowd flags) matches the reference',
    inputs: () => randomRagged(40, 12, 21),
    attrs: { format: 'xywh' },
    expected: (i) => referenceBoxIou(i, 'xywh'),
  },
  {
    name: 'random ragged batch (xyxy) matches the reference',
    inputs: () => {
      const r = randomRagged(25, 9, 22);
      return { ...r, dt: xywhToXyxy(r.dt as Float64Array), gt: xywhToXyxy(r.gt as Float64Array) };
    },
    attrs: { format: 'xyxy' },
    expected: (i) => referenceBoxIou(i, 'xyxy'),
  },
  {
    name: '1e5 pairs in 10 problems of 100 × 100',
    inputs: () => {
      const rand = seededRandom(23);
      const offsets = Int32Array.from({ length: 11 }, (_, b) => 100 * b);
      return { dt: randomBoxes(1000, rand), gt: randomBoxes(1000, rand), dtOffsets: offsets, gtOffsets: offsets.slice() };
    },
    attrs: { format: 'xywh' },
    expected: (i) => referenceBoxIou(i, 'xywh'),
  },
];
