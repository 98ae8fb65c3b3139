import { matchThresholdCap, type KernelConfig, type MatchDetectionsAttrs, type MatchDetectionsInputs, type MatchDetectionsOutputs } from '@tensoreval/core';

const FP = 0, TP = 1, IGNORED = 2;

/**
 * COCO greedy matching (pycocotools evaluateImg) for every problem × area range × IoU threshold.
 * See the contract in core/kernels/MatchDetections.ts for the exact rules; the loop below mirrors
 * pycocotools' statement order so ties resolve identically. Output is detection-major (nDt × A × T).
 */
export function matchDetectionsImpl(inputs: MatchDetectionsInputs, attrs: MatchDetectionsAttrs): MatchDetectionsOutputs {
  const { iou, pairOffsets, dtOffsets, gtOffsets, iouThresholds, gtIgnore, gtCrowd, gtIdZero, dtOutOfRange } = inputs;
  const A = attrs.areas;
  const T = iouThresholds.length;
  const AT = A * T;
  const nDt = dtOffsets[dtOffsets.length - 1];
  const nGt = gtOffsets[gtOffsets.length - 1];
  const dtState = new Uint8Array(AT * nDt);
  let maxG = 0;
  for (let b = 0; b + 1 < gtOffsets.length; b++) maxG = Math.max(maxG, gtOffsets[b + 1] - gtOffsets[b]);
  const order = new Int32Array(maxG); // local GT indices, non-ignored first (stable)
  const ign = new Uint8Array(maxG); // ignore flag by local index
  // taken[g] === stamp marks a GT matched in the current (problem, area, threshold) pass: no clearing
  const taken = new Uint32Array(maxG);
  const stamp = 0;
  const maxIou = new Float64Array(64); // per detection of the current problem: its best IoU with any GT
  const bestCap = new Float64Array(T);
  for (let t = 0; t < T; t++) bestCap[t] = matchThresholdCap(iouThresholds[t] as number);
  // One small function per problem: V8 optimises it after a few calls with complete type feedback,
  // where one large loop nest would run through on-stack replacement and deopts.
  const matchedIou = attrs.recordIou ? new Float64Array(nDt).fill(NaN) : undefined;
  const recA = attrs.recordIou?.area ?? -1, recT = attrs.recordIou?.threshold ?? -1;
  const matchedGt = attrs.recordMatch ? new Int32Array(nDt).fill(-1) : undefined;
  const recLane = attrs.recordMatch ? attrs.recordMatch.area * T + attrs.recordMatch.threshold : -1;
  const ctx: MatchContext = { iou, pairOffsets, dtOffsets, gtOffsets, gtIgnore, gtCrowd, gtIdZero, dtOutOfRange, dtState, order, ign, taken, stamp, maxIou, bestCap, A, T, AT, nDt, nGt, matchedIou, recA, recT, matchedGt, recLane };
  for (let b = 0; b + 1 < dtOffsets.length; b++) matchProblem(ctx, b);
  return { dtState, ...(matchedIou ? { matchedIou } : {}), ...(matchedGt ? { matchedGt } : {}) };
}

interface MatchContext {
  iou: MatchDetectionsInputs['iou']; pairOffsets: MatchDetectionsInputs['pairOffsets']; dtOffsets: MatchDetectionsInputs['dtOffsets']; gtOffsets: MatchDetectionsInputs['gtOffsets'];
  gtIgnore: MatchDetectionsInputs['gtIgnore']; gtCrowd: MatchDetectionsInputs['gtCrowd']; gtIdZero: MatchDetectionsInputs['gtIdZero']; dtOutOfRange: MatchDetectionsInputs['dtOutOfRange'];
  dtState: Uint8Array; order: Int32Array; ign: Uint8Array; taken: Uint32Array; stamp: number; maxIou: Float64Array; bestCap: Float64Array;
  A: number; T: number; AT: number; nDt: number; nGt: number;
  /** optional TP IoU record at (recA, recT) */
  matchedIou: Float64Array | undefined; recA: number; recT: number;
  /** optional record of each TP's GT row at lane recLane (area * T + threshold) */
  matchedGt: Int32Array | undefined; recLane: number;
}

/** Matches problem b for every area range and threshold (pycocotools evaluateImg's loop). */
function matchProblem(ctx: MatchContext, b: number): void {
  const { iou, pairOffsets, dtOffsets, gtOffsets, gtIgnore, gtCrowd, gtIdZero, dtOutOfRange, dtState, order, ign, taken, bestCap, A, T, AT, nDt, nGt } = ctx;
  const d0 = dtOffsets[b], d1 = dtOffsets[b + 1], g0 = gtOffsets[b], G = gtOffsets[b + 1] - g0;
  const base = pairOffsets[b];
  if (G === 0) {
    // No GT: every detection is unmatched; ignored exactly when its area is outside the range.
    for (let d = d0; d < d1; d++) {
      for (let a = 0; a < A; a++) if (dtOutOfRange[a * nDt + d] !== 0) dtState.fill(IGNORED, d * AT + a * T, d * AT + a * T + T);
    }
    return;
  }
  // A detection whose best IoU is below a threshold's cap is unmatched there, whatever the order.
  if (ctx.maxIou.length < d1 - d0) ctx.maxIou = new Float64Array(2 * (d1 - d0));
  const maxIou = ctx.maxIou;
  for (let d = d0; d < d1; d++) {
    let best = -Infinity;
    const row = base + (d - d0) * G;
    for (let g = 0; g < G; g++) if (iou[row + g] > best) best = iou[row + g];
    maxIou[d - d0] = best;
  }
  let stamp = ctx.stamp;
  for (let a = 0; a < A; a++) {
    const igRow = a * nGt + g0;
    let k = 0;
    for (let g = 0; g < G; g++) { ign[g] = gtIgnore[igRow + g]; if (ign[g] === 0) order[k++] = g; }
    for (let g = 0; g < G; g++) if (ign[g] !== 0) order[k++] = g;
    for (let t = 0; t < T; t++) {
      if (++stamp === 0xffffffff) { taken.fill(0); stamp = 1; }
      const cap = bestCap[t];
      for (let d = d0; d < d1; d++) {
        if (maxIou[d - d0] < cap) {
          if (dtOutOfRange[a * nDt + d] !== 0) dtState[d * AT + a * T + t] = IGNORED;
          continue;
        }
        let best = cap;
        let m = -1;
        const row = base + (d - d0) * G;
        for (let gi = 0; gi < G; gi++) {
          const g = order[gi];
          if (taken[g] === stamp && gtCrowd[g0 + g] === 0) continue;
          if (m > -1 && ign[m] === 0 && ign[g] !== 0) break;
          const v = iou[row + g];
          if (v < best) continue;
          best = v;
          m = g;
        }
        const o = d * AT + a * T + t;
        if (m === -1) {
          if (dtOutOfRange[a * nDt + d] !== 0) dtState[o] = IGNORED;
          continue;
        }
        taken[m] = stamp;
        if (ign[m] !== 0) dtState[o] = IGNORED;
        else if (gtIdZero !== undefined && gtIdZero[g0 + m] !== 0) dtState[o] = dtOutOfRange[a * nDt + d] !== 0 ? IGNORED : FP;
        else {
          dtState[o] = TP;
          if (a === ctx.recA && t === ctx.recT && ctx.matchedIou) ctx.matchedIou[d] = iou[row + m];
          if (ctx.matchedGt !== undefined && a * T + t === ctx.recLane) ctx.matchedGt[d] = g0 + m;
        }
      }
    }
  }
  ctx.stamp = stamp;
}

export const matchDetectionsConfig: KernelConfig<'MatchDetections'> = {
  kernelName: 'MatchDetections',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => matchDetectionsImpl(inputs, attrs),
};
