import { configureTfjsBackend, tfjsBackend } from '@tensoreval/backend-tfjs';
import { pairBlockOffsets } from '@tensoreval/backend-cpu';
import { boxErrorScales, initBackend, iouErrorMargin, type MatchBoxDetectionsInputs } from '@tensoreval/core';
import { webGpuLane } from '@tensoreval/core/testing';
import { beforeAll, describe, expect, it } from 'vitest';
// The float64 host guard the device guard must dominate (a dev dependency: the package itself never imports metrics).
import { guardedPairs, pairRows } from '@tensoreval/metrics/detection';
import { iouGuardPass } from '../src/kernels/MatchBoxDetections';
import { matchShape } from '../src/kernels/MatchDetections';
import { MAX_CANDIDATES, stepF32 } from '../src/wgsl/box-iou-guard';
import { downloadWords } from '../src/wgsl/program';
import { COCO_THRESHOLDS, rng } from './match-helpers';

// The claim of the WGSL exactness guard, checked directly: on the same float32 IoUs (the device's own),
// every detection row holding a pair that metrics' float64 host guard (guardedPairs, the verdict of
// guardBoxIou) would recompute is flagged by the device pass, so no decision the host guard distrusts
// is ever taken in float32 on the device. Problem sets are seeded and built to sit near the thresholds and
// near ties between candidates, with crowd GT, xywh and xyxy, degenerate, tiny, far and huge boxes; and a
// guard that flags everything would pass that check, so ordinary boxes must come out mostly unflagged.
const lane = await webGpuLane();
configureTfjsBackend({ device: 'webgpu' });

type Box = [number, number, number, number];

/** How a block's boxes are sized and placed. */
const SCALES = ['ordinary', 'far', 'tiny', 'huge'] as const;

/** A GT box (xywh) of the given scale. */
function gtBox(r: () => number, scale: (typeof SCALES)[number]): Box {
  if (scale === 'far') return [1e4 + r() * 1e7, 1e4 + r() * 1e7, 0.01 + r() * 10, 0.01 + r() * 10];
  if (scale === 'tiny') return [r() * 1000, r() * 1000, 10 ** (-13 + 11 * r()), 10 ** (-13 + 11 * r())];
  if (scale === 'huge') return [10 ** (14 + 5 * r()), 10 ** (14 + 5 * r()), 10 ** (12 + 6 * r()), 10 ** (12 + 6 * r())];
  return [r() * 600, r() * 400, 2 + r() * 300, 2 + r() * 300];
}

/** A relative step of random sign and magnitude 1e-10 .. 10^top: around the error margins and past them. */
function nudge(r: () => number, top = -4): number {
  return (r() < 0.5 ? -1 : 1) * 10 ** (-10 + (top + 10) * r());
}

/**
 * A detection (xywh) whose IoU with `g` is about threshold `t`: inside `g` with its height scaled by
 * t (IoU = t) or, for a crowd GT (IoU = intersection / detection area), shifted out of it by 1 - t.
 * Up to 1e-2 off, so a near-copy of `g` makes a near-tie just above the lowest threshold, not only on it.
 */
function nearThreshold(g: Box, t: number, crowd: boolean, r: () => number): Box {
  const [x, y, w, h] = g;
  const s = Math.min(1, t * (1 + nudge(r, -2)));
  return crowd ? [x + w * (1 - s), y, w, h] : [x, y, w, h * s];
}

/** `b` with each coordinate moved by `rel` of the box's size (a random fraction of it). */
function jitter(b: Box, rel: number, r: () => number): Box {
  const [x, y, w, h] = b;
  return [x + (r() - 0.5) * rel * w, y + (r() - 0.5) * rel * h, w * (1 + (r() - 0.5) * rel), h * (1 + (r() - 0.5) * rel)];
}

/**
 * A seeded problem set of `blocks` (image, category) blocks in `format`. `built`: GT near-copies of
 * other GT (near ties), detections near a threshold, near two tied GT, degenerate boxes, crowd GT and
 * blocks of far, tiny and huge boxes; otherwise ordinary COCO-like boxes (detections jittered around
 * GT, or anywhere).
 */
function problemSet(seed: number, blocks: number, thresholds: Float64Array, xywh: boolean, built: boolean): MatchBoxDetectionsInputs {
  const r = rng(seed);
  const dt: Box[] = [], gt: Box[] = [], crowd: number[] = [], dtOffsets = [0], gtOffsets = [0];
  for (let b = 0; b < blocks; b++) {
    const scale = built ? SCALES[Math.floor(r() * SCALES.length)] ?? 'ordinary' : 'ordinary';
    const ng = Math.floor(r() * 10), nd = Math.floor(r() * 12);
    const g0 = gt.length;
    for (let j = 0; j < ng; j++) {
      const copyOf = gt[g0 + Math.floor(r() * j)];
      gt.push(built && copyOf && r() < 0.3 ? jitter(copyOf, Math.abs(nudge(r)), r) : gtBox(r, scale));
      crowd.push(r() < (built ? 0.15 : 0.03) ? 1 : 0);
    }
    for (let i = 0; i < nd; i++) {
      const j = g0 + Math.floor(r() * ng), g = gt[j];
      const kind = r();
      if (!g || kind < 0.15) dt.push(gtBox(r, scale));
      else if (built && kind < 0.45) dt.push(nearThreshold(g, thresholds[Math.floor(r() * thresholds.length)] as number, crowd[j] === 1, r));
      else if (built && kind < 0.6) dt.push(jitter(g, 10 ** (-8 + 6 * r()), r));
      else dt.push(jitter(g, 0.2, r));
      if (built && r() < 0.05) (dt[dt.length - 1] as Box)[2 + Math.floor(r() * 2)] = 0;
    }
    if (built && r() < 0.05 && gt.length > g0) (gt[g0] as Box)[3] = 0;
    dtOffsets.push(dt.length);
    gtOffsets.push(gt.length);
  }
  const words = (boxes: Box[]) => Float64Array.from(boxes.flatMap(([x, y, w, h]) => (xywh ? [x, y, w, h] : [x, y, x + w, y + h])));
  return {
    dt: words(dt), gt: words(gt), dtOffsets: Int32Array.from(dtOffsets), gtOffsets: Int32Array.from(gtOffsets), iouThresholds: thresholds,
    gtIgnore: new Uint8Array(gt.length), gtCrowd: Uint8Array.from(crowd), dtOutOfRange: new Uint8Array(dt.length),
  };
}

/** Row flags of the device pass and of the host guard (a row the host flags holds a pair it recomputes) on the device's IoUs. */
async function bothGuards(inputs: MatchBoxDetectionsInputs, xywh: boolean): Promise<{ device: Int32Array; host: Uint8Array; iou: Float32Array }> {
  const { dt: _dt, gt: _gt, ...rest } = inputs;
  const layout = { ...rest, pairOffsets: pairBlockOffsets(inputs.dtOffsets, inputs.gtOffsets) };
  const s = matchShape(layout, { areas: 1 });
  const { iou, problem } = iouGuardPass(inputs, layout, s, xywh);
  problem.dispose();
  const words = await downloadWords(iou);
  const values = new Float32Array(words.buffer, words.byteOffset, s.pairs);
  const pairs = guardedPairs(values, layout.pairOffsets, inputs, { format: xywh ? 'xywh' : 'xyxy' }, Array.from(inputs.iouThresholds));
  const host = new Uint8Array(s.nDt);
  for (const row of pairRows(pairs, layout.pairOffsets, inputs).pairDt) host[row] = 1;
  return { device: words.subarray(s.pairs), host, iou: values };
}

/** Nonzero entries of `flags`. */
function count(flags: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < flags.length; i++) if (flags[i] !== 0) n++;
  return n;
}

/** Blocks of one detection each (xywh, no crowd): `rows[k]` holds detection k and its block's GT. */
function oneDetectionBlocks(rows: ReadonlyArray<{ dt: Box; gt: Box[] }>, thresholds: Float64Array): MatchBoxDetectionsInputs {
  const gt = rows.flatMap((row) => row.gt);
  const gtOffsets = Int32Array.from({ length: rows.length + 1 });
  rows.forEach((row, k) => { gtOffsets[k + 1] = (gtOffsets[k] as number) + row.gt.length; });
  return {
    dt: Float64Array.from(rows.flatMap((row) => row.dt)), gt: Float64Array.from(gt.flat()), dtOffsets: Int32Array.from({ length: rows.length + 1 }, (_, k) => k), gtOffsets,
    iouThresholds: thresholds, gtIgnore: new Uint8Array(gt.length), gtCrowd: new Uint8Array(gt.length), dtOutOfRange: new Uint8Array(rows.length),
  };
}

/** The float64 margin of the host guard for boxes `d` and `g` (xywh). */
function hostMargin(d: Box, g: Box): number {
  const a = boxErrorScales(Float64Array.from(d), true), b = boxErrorScales(Float64Array.from(g), true);
  return iouErrorMargin(a.magnitude[0] as number, a.shape[0] as number, b.magnitude[0] as number, b.shape[0] as number);
}

const THRESHOLD_SETS: ReadonlyArray<[string, Float64Array]> = [
  ['COCO 0.5:0.95', COCO_THRESHOLDS],
  ['0.1, 0.3, 0.6, 1', Float64Array.of(0.1, 0.3, 0.6, 1)],
];

describe.skipIf(!lane.run)('WGSL IoU guard on tfjs-backend-webgpu flags every row the float64 host guard flags', () => {
  beforeAll(async () => {
    expect(lane.failure).toBeUndefined();
    expect(await initBackend('tfjs')).toBe(true);
    expect(tfjsBackend.describe?.().tfjsBackend).toBe('webgpu');
  });

  for (const [name, thresholds] of THRESHOLD_SETS) {
    it(`device flags ⊇ host flags on built near-threshold / near-tie sets, xywh and xyxy (thresholds ${name})`, async () => {
      let rows = 0, hostRows = 0;
      for (let seed = 1; seed <= 16; seed++) {
        const xywh = seed % 2 === 1;
        const inputs = problemSet(seed, 60, thresholds, xywh, true);
        const { device, host } = await bothGuards(inputs, xywh);
        for (let d = 0; d < host.length; d++) {
          if (host[d] && !device[d]) expect.fail(`seed ${seed} (${xywh ? 'xywh' : 'xyxy'}): row ${d} flagged by the host guard, not by the device`);
        }
        rows += host.length;
        hostRows += count(host);
      }
      // the sets do exercise the guard: a good share of rows sits where float32 cannot decide
      expect(hostRows).toBeGreaterThan(rows / 10);
    });
  }

  it('flags few rows of ordinary COCO-like boxes (a guard that flags everything is useless)', async () => {
    let rows = 0, hostRows = 0, deviceRows = 0;
    for (let seed = 101; seed <= 104; seed++) {
      const xywh = seed % 2 === 1;
      const { device, host } = await bothGuards(problemSet(seed, 200, COCO_THRESHOLDS, xywh, false), xywh);
      rows += host.length;
      hostRows += count(host);
      deviceRows += count(device);
    }
    expect(rows).toBeGreaterThan(2000);
    expect(deviceRows).toBeGreaterThanOrEqual(hostRows);
    expect(deviceRows / rows).toBeLessThan(0.01);
  });

  it('at the edge of the margin: IoUs swept ulp by ulp across |IoU - t| = margin and |IoU1 - IoU2| = margin1 + margin2', async () => {
    // A detection inside the GT [0, 0, 1, 1] with height s has IoU s (to a few float32 ulps); GT
    // [0, 0, 1, a] inside the detection [0, 0, 1, 1] has IoU a. Sweep s across t ± margin for every
    // COCO threshold, and b across a + margin(a) + margin(b) for a candidate pair.
    const unit: Box = [0, 0, 1, 1];
    const rows: Array<{ dt: Box; gt: Box[] }> = [];
    for (const t of COCO_THRESHOLDS) {
      const e = hostMargin([0, 0, 1, t], unit);
      for (const side of [-1, 1]) for (let k = -24; k <= 24; k++) rows.push({ dt: [0, 0, 1, stepF32(t + side * e, k)], gt: [unit] });
    }
    const thresholdRows = rows.length;
    for (const a of [0.52, 0.62, 0.72, 0.83, 0.97]) {
      const gap = hostMargin(unit, [0, 0, 1, a]) + hostMargin(unit, [0, 0, 1, a + 2e-5]);
      for (let k = -24; k <= 24; k++) rows.push({ dt: unit, gt: [[0, 0, 1, a], [0, 0, 1, stepF32(a + gap, k)]] });
    }
    const { device, host } = await bothGuards(oneDetectionBlocks(rows, COCO_THRESHOLDS), true);
    for (let d = 0; d < host.length; d++) if (host[d] && !device[d]) expect.fail(`row ${d} (${d < thresholdRows ? 'threshold' : 'near-tie'} sweep) flagged by the host guard, not by the device`);
    // both sweeps straddle the host guard's boundary
    const flaggedIn = (lo: number, hi: number) => count(host.subarray(lo, hi));
    expect(flaggedIn(0, thresholdRows)).toBeGreaterThan(0);
    expect(flaggedIn(0, thresholdRows)).toBeLessThan(thresholdRows);
    expect(flaggedIn(thresholdRows, rows.length)).toBeGreaterThan(0);
    expect(flaggedIn(thresholdRows, rows.length)).toBeLessThan(rows.length - thresholdRows);
  });

  it(`a row with more than MAX_CANDIDATES (${MAX_CANDIDATES}) candidates is flagged; one with exactly that many is not`, async () => {
    // GT k inside the detection with its height scaled by 0.52 + 0.025k: IoU 0.52 + 0.025k, every one a
    // candidate, 0.025 apart (no near-tie) and at least 0.005 from every COCO threshold.
    const block = (n: number): Box[] => Array.from({ length: n }, (_, k): Box => [0, 0, 100, 100 * (0.52 + 0.025 * k)]);
    const gt = [...block(MAX_CANDIDATES), ...block(MAX_CANDIDATES + 1)];
    const inputs: MatchBoxDetectionsInputs = {
      dt: Float64Array.of(0, 0, 100, 100, 0, 0, 100, 100), gt: Float64Array.from(gt.flat()),
      dtOffsets: Int32Array.of(0, 1, 2), gtOffsets: Int32Array.of(0, MAX_CANDIDATES, gt.length), iouThresholds: COCO_THRESHOLDS,
      gtIgnore: new Uint8Array(gt.length), gtCrowd: new Uint8Array(gt.length), dtOutOfRange: new Uint8Array(2),
    };
    const { device, host, iou } = await bothGuards(inputs, true);
    expect(Math.min(...iou)).toBeGreaterThan(0.5);
    expect(Array.from(host)).toEqual([0, 0]);
    expect(Array.from(device)).toEqual([0, 1]);
  });
});
