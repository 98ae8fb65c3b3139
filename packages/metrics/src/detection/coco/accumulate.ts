import { countingSortBy } from './counting-sort';
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
 * pycocotools `accumulate()`. Detections of a category are visited in (score desc, image, category,
 * file) order, i.e. numpy's stable mergesort over images concatenated in id order; for each area
 * range, maxDets entry and IoU threshold: cumulative TP/FP in float64, precision tp/(tp+fp+eps),
 * right-to-left envelope, searchsorted-left at each recall threshold (0 where recall is not reached).
 */
export function accumulate(m: ImageMatches, dt: DtTable, params: CocoParams): CocoAccumulated {
  const T = params.iouThrs.length, R = params.recThrs.length, K = m.groups, A = params.areaRng.length, M = params.maxDets.length;
  const precision = new Float64Array(T * R * K * A * M).fill(-1);
  const recall = new Float64Array(T * K * A * M).fill(-1);
  const scores = new Float64Array(T * R * K * A * M).fill(-1);
  const rows = m.rowDt.length;

  // Evaluated rows in accumulate order, grouped by category with a stable counting sort.
  const accRows = new Int32Array(rows);
  let n = 0;
  for (let i = 0; i < m.scoreOrder.length; i++) {
    const r = m.dtRow[m.scoreOrder[i] as number] as number;
    if (r >= 0) accRows[n++] = r;
  }
  const byGroup = countingSortBy(accRows.subarray(0, n), m.rowGroup, K);
  const groupStart = new Int32Array(K + 1);
  for (let i = 0; i < n; i++) {
    const g = (m.rowGroup[byGroup[i] as number] as number) + 1;
    groupStart[g] = (groupStart[g] as number) + 1;
  }
  for (let k = 0; k < K; k++) groupStart[k + 1] = (groupStart[k + 1] as number) + (groupStart[k] as number);

  let maxN = 0;
  for (let k = 0; k < K; k++) maxN = Math.max(maxN, (groupStart[k + 1] as number) - (groupStart[k] as number));
  const states = new Uint8Array(A * T * maxN);
  const rank = new Int32Array(maxN);
  const score = new Float64Array(maxN);
  const pr = new Float64Array(maxN), tpc = new Float64Array(maxN), sc = new Float64Array(maxN);
  const recIdx = new Int32Array(R);
  const recThrs = params.recThrs;

  for (let k = 0; k < K; k++) {
    const s0 = groupStart[k] as number, nk = (groupStart[k + 1] as number) - s0;
    // Gather this category's states contiguously once (the state array is row-major by cell).
    for (let j = 0; j < nk; j++) {
      const r = byGroup[s0 + j] as number;
      rank[j] = m.rowRank[r] as number;
      score[j] = dt.score[m.rowDt[r] as number] as number;
      for (let at = 0; at < A * T; at++) states[at * nk + j] = m.dtState[at * rows + r] as number;
    }
    for (let a = 0; a < A; a++) {
      const npig = m.positives[k * A + a] as number;
      if (npig === 0) continue;
      for (let mi = 0; mi < M; mi++) {
        const maxDet = params.maxDets[mi] as number;
        for (let t = 0; t < T; t++) {
          const st = (a * T + t) * nk;
          let tp = 0, fp = 0, nd = 0;
          for (let j = 0; j < nk; j++) {
            if ((rank[j] as number) >= maxDet) continue;
            const s = states[st + j];
            if (s === 1) tp++;
            else if (s === 0) fp++;
            tpc[nd] = tp;
            pr[nd] = tp / (fp + tp + EPS);
            sc[nd] = score[j] as number;
            nd++;
          }
          recall[((t * K + k) * A + a) * M + mi] = nd > 0 ? tp / npig : 0;
          for (let i = nd - 1; i > 0; i--) if ((pr[i] as number) > (pr[i - 1] as number)) pr[i - 1] = pr[i] as number;
          let i = 0;
          for (let r = 0; r < R; r++) {
            const thr = recThrs[r] as number;
            while (i < nd && (tpc[i] as number) / npig < thr) i++;
            recIdx[r] = i;
          }
          for (let r = 0; r < R; r++) {
            const idx = recIdx[r] as number;
            const o = (((t * R + r) * K + k) * A + a) * M + mi;
            precision[o] = idx < nd ? (pr[idx] as number) : 0;
            scores[o] = idx < nd ? (sc[idx] as number) : 0;
          }
        }
      }
    }
  }
  return { precision, recall, scores, shape: { T, R, K, A, M } };
}
