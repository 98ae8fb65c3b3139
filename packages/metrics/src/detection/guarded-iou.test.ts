import '@tensoreval/backend-cpu';
import { runKernelSync, type BoxIouInputs } from '@tensoreval/core';
import { seededRandom } from '@tensoreval/core/testing';
import { describe, expect, it } from 'vitest';
import { guardBoxIou, guardedPairs } from './guarded-iou';

const COCO_THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
const f = Math.fround;

/** What a float32 engine computes: inputs rounded to float32, every operation rounded (xyxy, no crowd). */
function float32Pair(dt: ArrayLike<number>, i: number, gt: ArrayLike<number>, j: number): number {
  const [dx1, dy1, dx2, dy2] = [f(dt[4 * i] as number), f(dt[4 * i + 1] as number), f(dt[4 * i + 2] as number), f(dt[4 * i + 3] as number)];
  const [gx1, gy1, gx2, gy2] = [f(gt[4 * j] as number), f(gt[4 * j + 1] as number), f(gt[4 * j + 2] as number), f(gt[4 * j + 3] as number)];
  const w = f(Math.min(dx2, gx2) - Math.max(dx1, gx1));
  const h = f(Math.min(dy2, gy2) - Math.max(dy1, gy1));
  if (w <= 0 || h <= 0) return 0;
  const inter = f(w * h);
  const union = f(f(f(f(dx2 - dx1) * f(dy2 - dy1)) + f(f(gx2 - gx1) * f(gy2 - gy1))) - inter);
  return f(inter / union);
}

/** A float32 engine's BoxIou outputs for ragged inputs, in the kernel's layout. */
function float32Iou(inputs: BoxIouInputs): { iou: Float32Array; pairOffsets: Float64Array } {
  const dtOff = inputs.dtOffsets ?? Int32Array.of(0, inputs.dt.length / 4);
  const gtOff = inputs.gtOffsets ?? Int32Array.of(0, inputs.gt.length / 4);
  const values: number[] = [];
  const pairOffsets = new Float64Array(dtOff.length);
  for (let b = 0; b + 1 < dtOff.length; b++) {
    for (let i = dtOff[b] as number; i < (dtOff[b + 1] as number); i++) {
      for (let j = gtOff[b] as number; j < (gtOff[b + 1] as number); j++) values.push(float32Pair(inputs.dt, i, inputs.gt, j));
    }
    pairOffsets[b + 1] = values.length;
  }
  return { iou: Float32Array.from(values), pairOffsets };
}

/** Pairs built to sit on a threshold: GT = the detection with its width scaled by t, so IoU = t·w·h / (w·h). */
function boxesOnThresholds(count: number, seed: number): BoxIouInputs {
  const rand = seededRandom(seed);
  const dt = new Float64Array(4 * count);
  const gt = new Float64Array(4 * count);
  for (let k = 0; k < count; k++) {
    const t = COCO_THRESHOLDS[k % COCO_THRESHOLDS.length] as number;
    const x = 10 + rand() * 900, y = 10 + rand() * 600, w = 1 + rand() * 200, h = 1 + rand() * 200;
    dt.set([x, y, x + w, y + h], 4 * k);
    gt.set([x, y, x + w * t, y + h], 4 * k);
  }
  // each constructed pair is its own problem, so the output holds exactly those pairs
  const offsets = Int32Array.from({ length: count + 1 }, (_, k) => k);
  return { dt, gt, dtOffsets: offsets, gtOffsets: offsets.slice() };
}

const decisions = (iou: ArrayLike<number>) => Array.from(iou, (v) => COCO_THRESHOLDS.map((t) => v >= t));

describe('guardBoxIou', () => {
  it('makes every threshold decision on boxes built to sit exactly on thresholds equal to float64', () => {
    const inputs = boxesOnThresholds(400, 5);
    const reference = runKernelSync('BoxIou', inputs, { format: 'xyxy' }, { backend: 'cpu' }).iou;
    const approx = float32Iou(inputs);
    // Without the guard float32 decides some of these pairs the other way (the test can fail).
    expect(decisions(approx.iou)).not.toEqual(decisions(reference));
    const guarded = guardBoxIou(approx, inputs, { format: 'xyxy' }, COCO_THRESHOLDS);
    expect(guarded).toBeInstanceOf(Float64Array);
    expect(decisions(guarded)).toEqual(decisions(reference));
    // pairs on a threshold carry the float64 value itself
    for (let p = 0; p < reference.length; p++) {
      const nearest = Math.min(...COCO_THRESHOLDS.map((t) => Math.abs((reference[p] as number) - t)));
      if (nearest < 1e-6) expect(guarded[p]).toBe(reference[p]);
    }
  });

  it('recomputes near-ties between GT candidates of one detection, which decide the match', () => {
    // Two GT boxes whose float64 IoUs with the detection differ by far less than float32 resolves.
    const inputs = { dt: Float64Array.of(100, 100, 200, 200), gt: Float64Array.of(100, 100, 200, 180.0000001, 100, 100.0000001, 200, 180.0000003, 0, 0, 10, 10) };
    const reference = runKernelSync('BoxIou', inputs, { format: 'xyxy' }, { backend: 'cpu' }).iou;
    const guarded = guardBoxIou(float32Iou(inputs), inputs, { format: 'xyxy' }, COCO_THRESHOLDS);
    expect(guarded[0]).toBe(reference[0]);
    expect(guarded[1]).toBe(reference[1]);
    expect(Math.sign((guarded[0] as number) - (guarded[1] as number))).toBe(Math.sign((reference[0] as number) - (reference[1] as number)));
    expect(guarded[2]).toBe(0);
  });

  it('widens the margin for small boxes far from the origin, where coordinate rounding dominates', () => {
    const x = 30000.3, w = 2.37, t = 0.5;
    const inputs = { dt: Float64Array.of(x, x, x + w, x + w), gt: Float64Array.of(x, x, x + w * t, x + w) };
    const reference = runKernelSync('BoxIou', inputs, { format: 'xyxy' }, { backend: 'cpu' }).iou;
    const approx = float32Iou(inputs);
    expect(Math.abs((approx.iou[0] as number) - t)).toBeGreaterThan(1e-6); // outside the plain 1e-6 band
    expect(guardBoxIou(approx, inputs, { format: 'xyxy' }, [t])[0]).toBe(reference[0]);
  });

  it('recomputes each flagged pair of ragged blocks (empty ones included) from its own detection and GT', () => {
    // Blocks of 0..4 detections × 0..4 GT, each GT near a copy of a detection scaled by a threshold, so
    // many pairs are flagged across rows and blocks; each must get the float64 IoU of exactly its boxes.
    const rand = seededRandom(11);
    const dt: number[] = [], gt: number[] = [];
    const dtOffsets = [0], gtOffsets = [0];
    for (let b = 0; b < 60; b++) {
      const nd = Math.floor(rand() * 5), ng = Math.floor(rand() * 5);
      const x = rand() * 500, y = rand() * 500, w = 5 + rand() * 100, h = 5 + rand() * 100;
      for (let i = 0; i < nd; i++) dt.push(x, y, x + w, y + h * (1 - 0.01 * i));
      for (let j = 0; j < ng; j++) gt.push(x, y, x + w * (COCO_THRESHOLDS[Math.floor(rand() * 10)] as number), y + h);
      dtOffsets.push(dt.length / 4);
      gtOffsets.push(gt.length / 4);
    }
    const inputs: BoxIouInputs = { dt: Float64Array.from(dt), gt: Float64Array.from(gt), dtOffsets: Int32Array.from(dtOffsets), gtOffsets: Int32Array.from(gtOffsets) };
    const reference = runKernelSync('BoxIou', inputs, { format: 'xyxy' }, { backend: 'cpu' }).iou;
    const approx = float32Iou(inputs);
    const flagged = guardedPairs(approx.iou, approx.pairOffsets, inputs, { format: 'xyxy' }, COCO_THRESHOLDS);
    expect(flagged.length).toBeGreaterThan(20);
    const guarded = guardBoxIou(approx, inputs, { format: 'xyxy' }, COCO_THRESHOLDS);
    for (const p of flagged) expect(guarded[p]).toBe(reference[p]);
    expect(decisions(guarded)).toEqual(decisions(reference));
  });

  it('leaves a float64 result (the cpu backend) untouched', () => {
    const inputs = boxesOnThresholds(10, 6);
    const out = runKernelSync('BoxIou', inputs, { format: 'xyxy' }, { backend: 'cpu' });
    expect(guardBoxIou(out, inputs, { format: 'xyxy' }, COCO_THRESHOLDS)).toBe(out.iou);
  });
});
