import type { MatchBoxDetectionsInputs } from '../../kernels/MatchBoxDetections';
import type { KernelCases } from '../kernel-case';

/** One problem: boxes in xywh, one area range, thresholds as given. */
function single(dt: number[][], gt: number[][], opts: { thr?: number[]; crowd?: number[]; ignore?: number[] } = {}): () => MatchBoxDetectionsInputs {
  return () => ({
    dt: Float64Array.from(dt.flat()),
    gt: Float64Array.from(gt.flat()),
    dtOffsets: Int32Array.of(0, dt.length),
    gtOffsets: Int32Array.of(0, gt.length),
    iouThresholds: Float64Array.from(opts.thr ?? [0.5]),
    gtIgnore: Uint8Array.from(opts.ignore ?? gt.map(() => 0)),
    gtCrowd: Uint8Array.from(opts.crowd ?? gt.map(() => 0)),
    dtOutOfRange: new Uint8Array(dt.length),
  });
}

/** pycocotools bbIou of two xywh boxes in float64, written out as maskApi.c does. */
function bbIou(d: number[], g: number[]): number {
  const [dx, dy, dw, dh] = d as [number, number, number, number];
  const [gx, gy, gw, gh] = g as [number, number, number, number];
  const w = Math.min(dx + dw, gx + gw) - Math.max(dx, gx);
  const h = Math.min(dy + dh, gy + gh) - Math.max(dy, gy);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (dw * dh + gw * gh - w * h);
}

const FAR_DT = [1e6, 1e6, 0.01, 0.01];
const FAR_GT = [1e6 + 0.005, 1e6, 0.01, 0.01];

// States: 0 = FP, 1 = TP, 2 = ignored (MATCH_STATE). The first four cases are decided by the float64
// IoU where a float32 one would decide otherwise, so a device path passes them only if its guard sends
// them to float64; the rest cover crowd GT, several problems and area ranges, and empty input.
export const matchBoxDetectionsCases: KernelCases<'MatchBoxDetections'> = [
  {
    name: 'IoU exactly at a threshold matches there and not at the next',
    inputs: single([[0, 0, 10, 10]], [[0, 0, 10, 20]], { thr: [0.5, 0.55] }),
    attrs: { format: 'xywh', areas: 1, recordIou: { area: 0, threshold: 0 } },
    expected: () => ({ dtState: Uint8Array.of(1, 0), matchedIou: Float64Array.of(0.5) }),
    exact: true,
  },
  {
    // 20 + 1e-9 is 20 in float32, where the IoU would be exactly 0.5
    name: 'an IoU 1.25e-11 below the threshold does not match (float32 would round it onto it)',
    inputs: single([[0, 0, 10, 10]], [[0, 0, 10, 20 + 1e-9]]),
    attrs: { format: 'xywh', areas: 1 },
    expected: () => ({ dtState: Uint8Array.of(0) }),
    exact: true,
  },
  {
    // in float32 both GT have the same IoU and the later one would win
    name: 'of two GT 1e-10 apart in IoU the larger wins',
    inputs: single([[0, 0, 10, 10]], [[0, 0, 10, 12], [0, 0, 10, 12 + 1e-9]]),
    attrs: { format: 'xywh', areas: 1, recordMatch: { area: 0, threshold: 0 } },
    expected: () => ({ dtState: Uint8Array.of(1), matchedGt: Int32Array.of(0) }),
    exact: true,
  },
  {
    // float32 coordinates near 1e6 are 0.0625 apart: the boxes would not even overlap there
    name: 'a tiny box far from the origin matches with its float64 IoU',
    inputs: single([FAR_DT], [FAR_GT], { thr: [0.3] }),
    attrs: { format: 'xywh', areas: 1, recordIou: { area: 0, threshold: 0 } },
    expected: () => ({ dtState: Uint8Array.of(1), matchedIou: Float64Array.of(bbIou(FAR_DT, FAR_GT)) }),
    exact: true,
  },
  {
    name: 'a crowd GT absorbs every overlapping detection (ignored); xyxy boxes',
    inputs: () => ({
      ...single([], [])(),
      dt: Float64Array.of(0, 0, 10, 10, 1, 1, 9, 9, 20, 20, 30, 30),
      gt: Float64Array.of(0, 0, 12, 12),
      dtOffsets: Int32Array.of(0, 3),
      gtOffsets: Int32Array.of(0, 1),
      gtIgnore: Uint8Array.of(1),
      gtCrowd: Uint8Array.of(1),
      dtOutOfRange: new Uint8Array(3),
    }),
    attrs: { format: 'xyxy', areas: 1 },
    expected: () => ({ dtState: Uint8Array.of(2, 2, 0) }),
    exact: true,
  },
  {
    name: 'two problems, two area ranges, one problem without GT',
    inputs: () => ({
      dt: Float64Array.of(0, 0, 10, 10, 5, 5, 10, 10, 0, 0, 4, 4),
      gt: Float64Array.of(1, 0, 10, 10),
      dtOffsets: Int32Array.of(0, 2, 3),
      gtOffsets: Int32Array.of(0, 1, 1),
      iouThresholds: Float64Array.of(0.5, 0.9),
      gtIgnore: Uint8Array.of(0, 1),
      gtCrowd: Uint8Array.of(0),
      dtOutOfRange: Uint8Array.of(0, 0, 0, 0, 1, 1),
    }),
    attrs: { format: 'xywh', areas: 2 },
    // [det][area][thr]: det 0 IoU 0.818 (TP at .5; at area 1 its GT is ignored: ignored), det 1 0.176
    expected: () => ({ dtState: Uint8Array.of(1, 0, 2, 0, 0, 0, 2, 2, 0, 0, 2, 2) }),
    exact: true,
  },
  {
    name: 'empty input',
    inputs: () => ({ ...single([], [])() }),
    attrs: { format: 'xywh', areas: 1 },
    expected: () => ({ dtState: new Uint8Array(0) }),
    exact: true,
  },
];
