import { boxErrorScales, iouErrorMargin, runKernelSync, type BoxIouAttrs, type BoxIouInputs, type BoxIouOutputs, type FloatArray } from '@tensoreval/core';

export { ARITHMETIC_MARGIN } from '@tensoreval/core';

/**
 * The exactness guard for IoU matrices computed by a float32 backend (onnx, tfjs, gpujs).
 *
 * COCO and Valor matching only ever *compare* IoUs: against the IoU thresholds (`iou >= t`) and,
 * per detection, against the other GT candidates (the best one wins). A float32 IoU can land on the
 * other side of such a comparison only when it lies within its error bound of the threshold or of
 * a competing candidate. Those pairs, and only those, are recomputed in float64 on cpu, so every
 * decision the matcher takes, and therefore every metric, is bit-identical to the float64 path.
 *
 * The error bound of a float32 IoU is core's `iouErrorMargin` (numeric/box-iou-error.ts): arithmetic
 * (`ARITHMETIC_MARGIN` = 1e-6) plus the rounding of the coordinates to float32, which a small box far
 * from the origin amplifies. The WGSL guard of the chained path on tfjs-backend-webgpu uses the same.
 *
 * How the engines call it, right after the kernel:
 * ```ts
 * const out = runKernelSync('BoxIou', inputs, attrs, { backend });            // float32 on onnx/tfjs/gpujs
 * const iou = guardBoxIou(out, inputs, attrs, params.iouThrs);                // Float64Array, exact decisions
 * ```
 * COCO passes its 10 thresholds `[0.5 : 0.05 : 0.95]`. Valor (valor/iou-blocks.ts) passes every
 * `iou_threshold` its methods will use plus its pairing cut 1e-9 (a pair exists when IoU ≥ 1e-9), and
 * `rowGroups` putting predictions that share a score in one group (it orders equal-score pairs by
 * IoU). A Float64Array result (the cpu backend) is returned untouched, so the call costs nothing on
 * the reference path.
 * Masks need no guard: BitmaskIntersections returns exact integer counts on every backend.
 */

/** Whether boxes i of `a` and j of `b` overlap with a positive area in float64 (the cpu kernel's corners). */
function overlap(a: FloatArray, i: number, b: FloatArray, j: number, xywh: boolean): boolean {
  const ax1 = a[4 * i] as number, ay1 = a[4 * i + 1] as number, bx1 = b[4 * j] as number, by1 = b[4 * j + 1] as number;
  const ax2 = xywh ? (a[4 * i + 2] as number) + ax1 : (a[4 * i + 2] as number), ay2 = xywh ? (a[4 * i + 3] as number) + ay1 : (a[4 * i + 3] as number);
  const bx2 = xywh ? (b[4 * j + 2] as number) + bx1 : (b[4 * j + 2] as number), by2 = xywh ? (b[4 * j + 3] as number) + by1 : (b[4 * j + 3] as number);
  return Math.min(ax2, bx2) - Math.max(ax1, bx1) > 0 && Math.min(ay2, by2) - Math.max(ay1, by1) > 0;
}

/**
 * Pairs whose float32 IoU could compare differently in float64: within `margin[p]` of a threshold,
 * or (as a match candidate, above the lowest threshold minus its margin) within the sum of the two
 * margins of another candidate of the same detection, or of any row in the same `rowGroups` group
 * (see {@link GuardBoxIouOptions}). Returns the pair indices (ascending).
 */
export function pairsNeedingExactIou(
  iou: FloatArray,
  margin: Float64Array,
  thresholds: readonly number[],
  rowStarts: Float64Array,
  rowLength: Int32Array,
  rowGroups?: Int32Array,
): Int32Array {
  const flagged = new Uint8Array(iou.length);
  const lowest = thresholds.length ? Math.min(...thresholds) : 0;
  for (let p = 0; p < iou.length; p++) {
    const v = iou[p] as number, e = margin[p] as number;
    for (const t of thresholds) if (Math.abs(v - t) <= e) flagged[p] = 1;
  }
  // Near-ties between candidates of one detection decide which GT it matches.
  for (let r = 0; r < rowStarts.length; r++) {
    const start = rowStarts[r] as number, end = start + (rowLength[r] as number);
    for (let p = start; p < end; p++) {
      const v = iou[p] as number, e = margin[p] as number;
      if (v < lowest - e) continue;
      for (let q = p + 1; q < end; q++) {
        const w = iou[q] as number, f = margin[q] as number;
        if (w >= lowest - f && Math.abs(v - w) <= e + f) flagged[p] = flagged[q] = 1;
      }
    }
  }
  if (rowGroups) flagGroupNearTies(iou, margin, lowest, rowStarts, rowLength, rowGroups, flagged);
  let count = 0;
  for (let p = 0; p < flagged.length; p++) count += flagged[p] as number;
  const out = new Int32Array(count);
  for (let p = 0, o = 0; p < flagged.length; p++) if (flagged[p]) out[o++] = p;
  return out;
}

/**
 * Near-ties across the rows of one group: every candidate pair (IoU above the lowest threshold minus
 * its margin) of the group's rows, sorted by IoU, is checked against the next ones within reach of
 * the group's largest margin.
 */
function flagGroupNearTies(iou: FloatArray, margin: Float64Array, lowest: number, rowStarts: Float64Array, rowLength: Int32Array, rowGroups: Int32Array, flagged: Uint8Array): void {
  let nGroups = 0;
  for (let r = 0; r < rowGroups.length; r++) nGroups = Math.max(nGroups, (rowGroups[r] as number) + 1);
  if (nGroups === 0) return;
  const isCandidate = (p: number) => (iou[p] as number) >= lowest - (margin[p] as number);
  const groupStart = new Int32Array(nGroups + 1);
  for (let r = 0; r < rowGroups.length; r++) {
    const g = rowGroups[r] as number;
    if (g < 0) continue;
    const start = rowStarts[r] as number;
    for (let p = start; p < start + (rowLength[r] as number); p++) if (isCandidate(p)) groupStart[g + 1] = (groupStart[g + 1] as number) + 1;
  }
  for (let g = 0; g < nGroups; g++) groupStart[g + 1] = (groupStart[g + 1] as number) + (groupStart[g] as number);
  const members = new Int32Array(groupStart[nGroups] as number);
  const cursor = groupStart.slice(0, nGroups);
  for (let r = 0; r < rowGroups.length; r++) {
    const g = rowGroups[r] as number;
    if (g < 0) continue;
    const start = rowStarts[r] as number;
    for (let p = start; p < start + (rowLength[r] as number); p++) {
      if (!isCandidate(p)) continue;
      members[cursor[g] as number] = p;
      cursor[g] = (cursor[g] as number) + 1;
    }
  }
  for (let g = 0; g < nGroups; g++) {
    const list = members.subarray(groupStart[g] as number, groupStart[g + 1] as number);
    if (list.length < 2) continue;
    list.sort((a, b) => (iou[a] as number) - (iou[b] as number));
    let widest = 0;
    for (const p of list) widest = Math.max(widest, margin[p] as number);
    for (let k = 0; k < list.length; k++) {
      const p = list[k] as number, v = iou[p] as number, e = margin[p] as number;
      for (let k2 = k + 1; k2 < list.length; k2++) {
        const q = list[k2] as number, w = iou[q] as number;
        if (w - v > e + widest) break;
        if (w - v <= e + (margin[q] as number)) flagged[p] = flagged[q] = 1;
      }
    }
  }
}

/** Options of {@link guardBoxIou} beyond the thresholds. */
export interface GuardBoxIouOptions {
  /**
   * A group id (≥ 0) per detection row whose IoUs the matcher also compares with other rows' IoUs,
   * -1 for a row compared only within itself. Valor orders pairs of equal score by IoU across
   * predictions (and datums), so it puts the predictions that share a score in one group. Within a
   * group every two candidate pairs are checked for a near-tie, as the candidates of one row are.
   */
  rowGroups?: Int32Array;
}

/** The detection and GT row offsets of each block of `inputs` (one block when it gives none). */
function blockOffsets(inputs: BoxIouInputs): { dtOff: Int32Array; gtOff: Int32Array } {
  return { dtOff: inputs.dtOffsets ?? Int32Array.of(0, inputs.dt.length >> 2), gtOff: inputs.gtOffsets ?? Int32Array.of(0, inputs.gt.length >> 2) };
}

/**
 * The pairs of a float32 BoxIou result that {@link guardBoxIou} recomputes in float64, ascending: the
 * host guard's verdict (each pair's margin, 0 where float64 proves it apart, then the flagged pairs),
 * also for checking another guard against it (the WGSL guard of tfjs-backend-webgpu must flag every
 * detection row holding one of them).
 *
 * @param iou        float32 IoU values in the BoxIou kernel's layout for `inputs` / `attrs`
 * @param pairOffsets the layout's pair offset of each block (B + 1)
 * @returns pair indices into `iou`
 */
export function guardedPairs(iou: FloatArray, pairOffsets: Float64Array, inputs: BoxIouInputs, attrs: BoxIouAttrs, thresholds: readonly number[], options: GuardBoxIouOptions = {}): Int32Array {
  const { dtOff, gtOff } = blockOffsets(inputs);
  const nDt = inputs.dt.length >> 2;
  const xywh = attrs.format === 'xywh';
  const d = boxErrorScales(inputs.dt, xywh);
  const g = boxErrorScales(inputs.gt, xywh);
  const margin = new Float64Array(iou.length);
  const rowStarts = new Float64Array(nDt);
  const rowLength = new Int32Array(nDt);
  for (let b = 0; b + 1 < dtOff.length; b++) {
    const g0 = gtOff[b] as number, g1 = gtOff[b + 1] as number;
    let p = pairOffsets[b] as number;
    for (let i = dtOff[b] as number; i < (dtOff[b + 1] as number); i++) {
      rowStarts[i] = p;
      rowLength[i] = g1 - g0;
      for (let j = g0; j < g1; j++, p++) {
        // Boxes apart in float64 have IoU exactly 0 there, so a float32 0 for them is exact.
        margin[p] = iou[p] === 0 && !overlap(inputs.dt, i, inputs.gt, j, xywh)
          ? 0
          : iouErrorMargin(d.magnitude[i] as number, d.shape[i] as number, g.magnitude[j] as number, g.shape[j] as number);
      }
    }
  }
  return pairsNeedingExactIou(iou, margin, thresholds, rowStarts, rowLength, options.rowGroups);
}

/**
 * The detection and GT row of each of the ascending pair indices `redo` (as {@link guardedPairs}
 * gives them), found by one walk over the block layout of `inputs` (rows of block b hold
 * gtOffsets[b + 1] - gtOffsets[b] consecutive pairs from pairOffsets[b]).
 */
export function pairRows(redo: Int32Array, pairOffsets: Float64Array, inputs: BoxIouInputs): { pairDt: Int32Array; pairGt: Int32Array } {
  const { dtOff, gtOff } = blockOffsets(inputs);
  const pairDt = new Int32Array(redo.length);
  const pairGt = new Int32Array(redo.length);
  let b = 0;
  for (let k = 0; k < redo.length; k++) {
    const p = redo[k] as number;
    while ((pairOffsets[b + 1] as number) <= p) b++;
    const g0 = gtOff[b] as number, width = (gtOff[b + 1] as number) - g0;
    const q = p - (pairOffsets[b] as number);
    const row = Math.floor(q / width);
    pairDt[k] = (dtOff[b] as number) + row;
    pairGt[k] = g0 + (q - row * width);
  }
  return { pairDt, pairGt };
}

/**
 * Makes a float32 BoxIou result exact where it matters: returns a Float64Array in which every pair
 * whose threshold comparison or candidate ranking could differ from float64 holds the float64 IoU
 * of the cpu reference kernel (the others keep their float32 value, which decides identically).
 *
 * @param out        the BoxIou kernel's outputs for `inputs` / `attrs`
 * @param thresholds the IoU thresholds the matcher compares against
 * @returns Float64Array of the same layout as `out.iou`; `out.iou` itself when it is already float64
 */
export function guardBoxIou(out: BoxIouOutputs, inputs: BoxIouInputs, attrs: BoxIouAttrs, thresholds: readonly number[], options: GuardBoxIouOptions = {}): Float64Array {
  if (out.iou instanceof Float64Array) return out.iou;
  const redo = guardedPairs(out.iou, out.pairOffsets, inputs, attrs, thresholds, options);
  const exact = Float64Array.from(out.iou);
  if (redo.length === 0) return exact;
  const { pairDt, pairGt } = pairRows(redo, out.pairOffsets, inputs);
  // One cpu call: every flagged pair becomes its own 1 × 1 problem.
  const dt = new Float64Array(4 * redo.length);
  const gt = new Float64Array(4 * redo.length);
  const gtCrowd = inputs.gtCrowd ? new Uint8Array(redo.length) : undefined;
  const offsets = new Int32Array(redo.length + 1);
  for (let k = 0; k < redo.length; k++) {
    const i = pairDt[k] as number, j = pairGt[k] as number;
    dt.set(inputs.dt.subarray(4 * i, 4 * i + 4), 4 * k);
    gt.set(inputs.gt.subarray(4 * j, 4 * j + 4), 4 * k);
    if (gtCrowd) gtCrowd[k] = inputs.gtCrowd?.[j] as number;
    offsets[k + 1] = k + 1;
  }
  const fixed = runKernelSync('BoxIou', { dt, gt, gtCrowd, dtOffsets: offsets, gtOffsets: offsets.slice() }, attrs, { backend: 'cpu' });
  for (let k = 0; k < redo.length; k++) exact[redo[k] as number] = fixed.iou[k] as number;
  return exact;
}
