import { matchDetectionsImpl, pairBlockOffsets } from '@tensoreval/backend-cpu';
import { matchWordLayout } from './wgsl/greedy-match';
import { BackendUnavailableError, type MatchDetectionsAttrs, type MatchDetectionsInputs, type MatchDetectionsOutputs } from '@tensoreval/core';

/** Block words of the matching pass: matched on the device, or declined to the host. */
const MATCHED = 1, DECLINED = 2;

/** A matching problem set on the host, without its IoU values. */
export type MatchLayout = Omit<MatchDetectionsInputs, 'iou'>;

/** IoU providers of {@link finishGpuMatch}, both float64 and exact (the cpu reference's values). */
export interface ExactIou {
  /** the concatenated IoU blocks of `blocks` (ascending block indices), row-major as BoxIou gives them */
  blocks(blocks: Int32Array): Float64Array;
  /** the IoU of each listed pair: detection row, GT row and its index in the concatenated blocks */
  pairs(dtRows: Int32Array, gtRows: Int32Array, pairIndex: Float64Array): Float64Array;
}

/**
 * Turns the words of `greedyMatch` (wgsl/greedy-match.ts) into the kernel's outputs. TP IoUs
 * (`matchedIou`, float64 by contract) come from `exact.pairs`, never from the device; blocks the
 * shader declined are matched here by the cpu reference on `exact.blocks`, and their rows replaced.
 */
export function finishGpuMatch(words: Int32Array, p: MatchLayout, attrs: MatchDetectionsAttrs, exact: ExactIou): MatchDetectionsOutputs {
  const T = p.iouThresholds.length, AT = attrs.areas * T;
  const B = p.dtOffsets.length - 1;
  const nDt = p.dtOffsets[B] as number;
  const at = matchWordLayout({ nDt, areas: attrs.areas, T });
  const dtState = new Uint8Array(words.buffer, words.byteOffset, nDt * AT);
  const declined: number[] = [];
  for (let b = 0; b < B; b++) {
    const flag = words[at.blocks + b];
    if (flag === DECLINED) declined.push(b);
    else if (flag !== MATCHED) throw new BackendUnavailableError('TE-303', `Backend 'tfjs': the WGSL matching pass did not run on this device (block ${b} has no result).`);
  }
  const matchedGt = attrs.recordMatch ? words.slice(at.recMatch, at.recMatch + nDt) : undefined;
  let matchedIou: Float64Array | undefined;
  if (attrs.recordIou) {
    matchedIou = new Float64Array(nDt).fill(NaN);
    // at most one recorded pair per row: sized by the rows, used up to k (no counting pass)
    const dtRows = new Int32Array(nDt), gtRows = new Int32Array(nDt), pairIndex = new Float64Array(nDt);
    let k = 0;
    for (let b = 0; b < B; b++) {
      if (words[at.blocks + b] !== MATCHED) continue;
      const d0 = p.dtOffsets[b] as number, g0 = p.gtOffsets[b] as number, G = (p.gtOffsets[b + 1] as number) - g0;
      for (let d = d0; d < (p.dtOffsets[b + 1] as number); d++) {
        const g = words[at.recIou + d] as number;
        if (g < 0) continue;
        dtRows[k] = d;
        gtRows[k] = g;
        pairIndex[k++] = (p.pairOffsets[b] as number) + (d - d0) * G + (g - g0);
      }
    }
    const values = exact.pairs(dtRows.subarray(0, k), gtRows.subarray(0, k), pairIndex.subarray(0, k));
    for (let i = 0; i < k; i++) matchedIou[dtRows[i] as number] = values[i] as number;
  }
  if (declined.length > 0) {
    matchBlocksOnCpu(Int32Array.from(declined), p, attrs, exact, { dtState, matchedIou, matchedGt });
  }
  return { dtState, ...(matchedIou ? { matchedIou } : {}), ...(matchedGt ? { matchedGt } : {}) };
}

/** Matches `blocks` on the cpu reference as one problem set and writes their rows into `out`. */
function matchBlocksOnCpu(blocks: Int32Array, p: MatchLayout, attrs: MatchDetectionsAttrs, exact: ExactIou, out: MatchDetectionsOutputs): void {
  const A = attrs.areas, AT = A * p.iouThresholds.length;
  const nDt = p.dtOffsets[p.dtOffsets.length - 1] as number, nGt = p.gtOffsets[p.gtOffsets.length - 1] as number;
  const dtOffsets = new Int32Array(blocks.length + 1), gtOffsets = new Int32Array(blocks.length + 1);
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k] as number;
    dtOffsets[k + 1] = (dtOffsets[k] as number) + (p.dtOffsets[b + 1] as number) - (p.dtOffsets[b] as number);
    gtOffsets[k + 1] = (gtOffsets[k] as number) + (p.gtOffsets[b + 1] as number) - (p.gtOffsets[b] as number);
  }
  const n = dtOffsets[blocks.length] as number, m = gtOffsets[blocks.length] as number;
  const gtIgnore = new Uint8Array(A * m), dtOutOfRange = new Uint8Array(A * n);
  const gtCrowd = new Uint8Array(m), gtIdZero = new Uint8Array(m);
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k] as number;
    const d0 = p.dtOffsets[b] as number, g0 = p.gtOffsets[b] as number;
    const nd = (dtOffsets[k + 1] as number) - (dtOffsets[k] as number), ng = (gtOffsets[k + 1] as number) - (gtOffsets[k] as number);
    const sd = dtOffsets[k] as number, sg = gtOffsets[k] as number;
    gtCrowd.set(p.gtCrowd.subarray(g0, g0 + ng), sg);
    if (p.gtIdZero) gtIdZero.set(p.gtIdZero.subarray(g0, g0 + ng), sg);
    for (let a = 0; a < A; a++) {
      gtIgnore.set(p.gtIgnore.subarray(a * nGt + g0, a * nGt + g0 + ng), a * m + sg);
      dtOutOfRange.set(p.dtOutOfRange.subarray(a * nDt + d0, a * nDt + d0 + nd), a * n + sd);
    }
  }
  const sub = matchDetectionsImpl({
    iou: exact.blocks(blocks), pairOffsets: pairBlockOffsets(dtOffsets, gtOffsets), dtOffsets, gtOffsets,
    iouThresholds: p.iouThresholds, gtIgnore, gtCrowd, gtIdZero, dtOutOfRange,
  }, attrs);
  for (let k = 0; k < blocks.length; k++) {
    const b = blocks[k] as number;
    const d0 = p.dtOffsets[b] as number, sd = dtOffsets[k] as number, nd = (dtOffsets[k + 1] as number) - sd;
    const shift = (p.gtOffsets[b] as number) - (gtOffsets[k] as number);
    out.dtState.set(sub.dtState.subarray(sd * AT, (sd + nd) * AT), d0 * AT);
    for (let i = 0; i < nd; i++) {
      if (out.matchedIou && sub.matchedIou) out.matchedIou[d0 + i] = sub.matchedIou[sd + i] as number;
      if (out.matchedGt && sub.matchedGt) {
        const g = sub.matchedGt[sd + i] as number;
        out.matchedGt[d0 + i] = g < 0 ? -1 : g + shift;
      }
    }
  }
}
