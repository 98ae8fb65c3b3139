import { binOffsets, countingSortBy } from '../../columns/counting-sort';
import type { ImageMatches } from './evaluate-images';
import type { DtTable } from './load-results';
import type { CocoParams } from './params';

/** np.spacing(1): pycocotools adds it to tp + fp, so a perfect detector has precision 1 - 2^-52. */
const EPS = 2.220446049250313e-16;

/** pycocotools `eval` arrays, C order, -1 where a category has no positives for that area range. */
export interface CocoAccumulated {
  /** [T, R, K, A, M] */
  precision: Float64Array;
  /** [T, K, A, M] */
  recall: Float64Array;
  /** [T, R, K, A, M] score at each recall threshold */
  scores: Float64Array;
  shape: { T: number; R: number; K: number; A: number; M: number };
}

/**
 * Empty accumulate arrays (every entry -1) for `groups` categories, in memory `alloc` gives (a
 * SharedArrayBuffer, for threads that each fill some categories).
 */
export function emptyAccumulated(params: CocoParams, groups: number, alloc: (bytes: number) => ArrayBufferLike = (b) => new ArrayBuffer(b)): CocoAccumulated {
  const T = params.iouThrs.length, R = params.recThrs.length, K = groups, A = params.areaRng.length, M = params.maxDets.length;
  const f64 = (n: number) => new Float64Array(alloc(8 * n)).fill(-1);
  return { precision: f64(T * R * K * A * M), recall: f64(T * K * A * M), scores: f64(T * R * K * A * M), shape: { T, R, K, A, M } };
}

/** Categories [from, to) of an accumulate, written into `into` (from {@link emptyAccumulated}). */
export interface AccumulateSlice {
  from: number;
  to: number;
  into: CocoAccumulated;
  /** the matches' {@link accumulateGrouping}, built once for every slice (else each slice builds it) */
  grouping?: AccumulateGrouping;
}

/** The evaluated rows in accumulate order, grouped by category group: group k's are byGroup[groupStart[k], groupStart[k + 1]). */
export interface AccumulateGrouping {
  byGroup: Int32Array;
  groupStart: Int32Array;
}

/** The evaluated rows in accumulate's (score desc, image, category, file) order: the matching's score order, rows only. */
export function rowsInAccumulateOrder(m: ImageMatches): Int32Array {
  const rows = new Int32Array(m.rowDt.length);
  let n = 0;
  for (let i = 0; i < m.scoreOrder.length; i++) {
    const r = m.dtRow[m.scoreOrder[i] as number] as number;
    if (r >= 0) rows[n++] = r;
  }
  return n === rows.length ? rows : rows.subarray(0, n);
}

/**
 * Rows in (score desc, image, category, file) order grouped by category with a stable counting
 * sort: what accumulate walks. `alloc` gives its memory (shared, for threads that accumulate slices).
 */
export function accumulateGrouping(m: ImageMatches, alloc?: (bytes: number) => ArrayBufferLike): AccumulateGrouping {
  const rows = rowsInAccumulateOrder(m);
  const i32 = (n: number) => (alloc === undefined ? new Int32Array(n) : new Int32Array(alloc(4 * n)));
  const byGroup = countingSortBy(rows, m.rowGroup, m.groups, i32(rows.length));
  return { byGroup, groupStart: binOffsets(m.rowGroup, m.groups, byGroup, i32(m.groups + 1)) };
}

/**
 * pycocotools `accumulate()`. Detections of a category are visited in (score desc, image, category,
 * file) order, i.e. numpy's stable mergesort over images concatenated in id order; for each area
 * range, maxDets entry and IoU threshold: cumulative TP/FP in float64, precision tp/(tp+fp+eps),
 * right-to-left envelope, searchsorted-left at each recall threshold (0 where recall is not reached).
 * Categories are independent: with `slice`, only categories [from, to) are computed, into its arrays.
 */
export function accumulate(m: ImageMatches, dt: Pick<DtTable, 'score'>, params: CocoParams, slice?: AccumulateSlice): CocoAccumulated {
  const out = slice?.into ?? emptyAccumulated(params, m.groups);
  const { precision, recall, scores } = out;
  const { T, R, K, A, M } = out.shape;
  const { byGroup, groupStart } = slice?.grouping ?? accumulateGrouping(m);

  let maxN = 0, maxPos = 0;
  for (let k = 0; k < K; k++) maxN = Math.max(maxN, (groupStart[k + 1] as number) - (groupStart[k] as number));
  for (let i = 0; i < m.positives.length; i++) maxPos = Math.max(maxPos, m.positives[i] as number);
  const AT = A * T;
  const dtState = m.dtState;
  // Per category and area range, a detection is FP at every threshold (0), ignored at every
  // threshold (1), or mixed (2: read its T states). Most detections are uniform, so a pass over a
  // category's detections handles all T thresholds at once with O(1) work for them.
  const uniform = new Uint8Array(A * maxN);
  const rowOf = new Int32Array(maxN);
  const score = new Float64Array(maxN);
  const keep = new Int32Array(maxN); // positions whose in-image rank is below the current maxDet
  const rank = new Int32Array(maxN);
  // pycocotools builds pr = tp/(tp+fp+eps) at every position, takes the right-to-left running max
  // and reads it at searchsorted(rc, thr, 'left'). rc only rises at TP positions, so for thr > 0 that
  // index is a TP position, and the running max from a TP position is the max over later TP positions
  // (pr falls at FPs and repeats at ignored ones). So only TP positions are kept, by running TP count.
  const stride = maxPos + 1;
  const prTp = new Float64Array(T * stride), scTp = new Float64Array(T * stride);
  const tpT = new Float64Array(T), fpT = new Float64Array(T);
  const recThrs = params.recThrs;

  // Small functions called per category / lane: V8 optimises them after a few calls with complete
  // type feedback, where one large function runs its loops through on-stack replacement and deopts.
  const st: LaneState = { rowOf, rank, score, uniform, keep, prTp, scTp, tpT, fpT, stride, T, AT, dtState, nd: 0, firstScore: 0 };
  for (let k = slice?.from ?? 0, end = slice?.to ?? K; k < end; k++) {
    const s0 = groupStart[k] as number, nk = (groupStart[k + 1] as number) - s0;
    gatherCategory(byGroup, s0, nk, m.rowRank, m.rowDt, dt.score, dtState, A, T, rowOf, rank, score, uniform);
    for (let mi = 0; mi < M; mi++) {
      keepRanks(st, nk, params.maxDets[mi] as number);
      for (let a = 0; a < A; a++) {
        const npig = m.positives[k * A + a] as number;
        if (npig === 0) continue;
        countLane(st, a, nk);
        for (let t = 0; t < T; t++) writeLane(st, t, npig, recThrs, precision, recall, scores, k, a, mi, K, A, M, R);
      }
    }
  }
  return out;
}

interface LaneState {
  rowOf: Int32Array; rank: Int32Array; score: Float64Array; uniform: Uint8Array; keep: Int32Array;
  prTp: Float64Array; scTp: Float64Array; tpT: Float64Array; fpT: Float64Array;
  stride: number; T: number; AT: number; dtState: Uint8Array;
  /** kept positions for the current maxDet, and the score of the first */
  nd: number; firstScore: number;
}

/** A category's rows in accumulate order: row, in-image rank, score and per-area uniform state. */
function gatherCategory(byGroup: Int32Array, s0: number, nk: number, rowRank: Int32Array, rowDt: Int32Array, dtScore: Float64Array, dtState: Uint8Array, A: number, T: number, rowOf: Int32Array, rank: Int32Array, score: Float64Array, uniform: Uint8Array): void {
  const AT = A * T;
  for (let j = 0; j < nk; j++) {
    const r = byGroup[s0 + j] as number;
    rowOf[j] = r;
    rank[j] = rowRank[r] as number;
    score[j] = dtScore[rowDt[r] as number] as number;
    for (let a = 0; a < A; a++) {
      const src = r * AT + a * T;
      const first = dtState[src] as number;
      let same = first !== 1;
      for (let t = 1; same && t < T; t++) same = dtState[src + t] === first;
      uniform[a * nk + j] = same ? (first === 0 ? 0 : 1) : 2;
    }
  }
}

function keepRanks(st: LaneState, nk: number, maxDet: number): void {
  const { rank, keep } = st;
  let nd = 0;
  for (let j = 0; j < nk; j++) if ((rank[j] as number) < maxDet) keep[nd++] = j;
  st.nd = nd;
  st.firstScore = nd > 0 ? (st.score[keep[0] as number] as number) : 0;
}

/** Cumulative TP / FP of area range `a` over the kept positions, at every threshold. */
function countLane(st: LaneState, a: number, nk: number): void {
  const { keep, uniform, rowOf, dtState, score, prTp, scTp, tpT, fpT, stride, T, AT, nd } = st;
  tpT.fill(0);
  fpT.fill(0);
  let fpAll = 0;
  const lane = a * nk;
  for (let q = 0; q < nd; q++) {
    const j = keep[q] as number;
    const u = uniform[lane + j];
    if (u === 0) { fpAll++; continue; }
    if (u === 1) continue;
    const src = (rowOf[j] as number) * AT + a * T;
    for (let t = 0; t < T; t++) {
      const s = dtState[src + t];
      if (s === 0) fpT[t] = (fpT[t] as number) + 1;
      else if (s === 1) {
        const tp = (tpT[t] as number) + 1;
        tpT[t] = tp;
        prTp[t * stride + tp] = tp / (fpAll + (fpT[t] as number) + tp + EPS);
        scTp[t * stride + tp] = score[j] as number;
      }
    }
  }
}

/** Recall, and precision / score at each recall threshold, of one (threshold, category, area, maxDet). */
function writeLane(st: LaneState, t: number, npig: number, recThrs: Float64Array, precision: Float64Array, recall: Float64Array, scores: Float64Array, k: number, a: number, mi: number, K: number, A: number, M: number, R: number): void {
  const { prTp, scTp, stride, nd, firstScore } = st;
  const tp = st.tpT[t] as number;
  const base = t * stride;
  recall[((t * K + k) * A + a) * M + mi] = nd > 0 ? tp / npig : 0;
  for (let c = tp - 1; c >= 1; c--) if ((prTp[base + c + 1] as number) > (prTp[base + c] as number)) prTp[base + c] = prTp[base + c + 1] as number;
  let c = 1;
  for (let r = 0; r < R; r++) {
    const thr = recThrs[r] as number;
    const o = (((t * R + r) * K + k) * A + a) * M + mi;
    if (thr <= 0) {
      // searchsorted gives index 0: the envelope's maximum, at the first detection's score
      precision[o] = tp > 0 ? (prTp[base + 1] as number) : 0;
      scores[o] = nd > 0 ? firstScore : 0;
      continue;
    }
    while (c <= tp && c / npig < thr) c++;
    precision[o] = c <= tp ? (prTp[base + c] as number) : 0;
    scores[o] = c <= tp ? (scTp[base + c] as number) : 0;
  }
}
