import {
  cocoPrecision, cocoRecallIndex, cocoRecallThresholds, cocoSummary, interpolatedApOutputs, VALOR_BINS, valorBin, valorEnvelope, valorPrecision, valorRecall,
} from '@tensoreval/backend-cpu';
import { invalidInput, type FloatArray, type InterpolatedApInputs, type InterpolatedApOutputs, type KernelConfig } from '@tensoreval/core';
import type * as TfCore from '@tensorflow/tfjs-core';
import { downloadWords, uploadWords } from '../wgsl/program';
import { RangeValue, rangeArgmax, type RangeValueKind } from '../wgsl/range-argmax';
import { descendingScoreKeys } from '../wgsl/sort-keys';


/** The counts as int32 words; the GPU compares them exactly only as integers below 2^31. */
function countWords(x: Float64Array, name: string): Int32Array {
  const out = new Int32Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const v = x[i] as number;
    if (!(Number.isInteger(v) && v >= 0 && v < 2 ** 31)) {
      throw invalidInput('InterpolatedAp on tfjs (webgpu)', { argument: name, index: i }, 'hold integer counts in [0, 2^31)', String(v));
    }
    out[i] = v;
  }
  return out;
}

/**
 * Runs the range argmax for the given [lo, hi) pairs once per mode (the ranges uploaded once) and
 * returns one position (or -1) per range and mode.
 */
async function argmaxes(gpu: { tc: TfCore.Tensor; fc: TfCore.Tensor; keys: TfCore.Tensor; n: number }, ranges: Int32Array, modes: readonly RangeValueKind[]): Promise<Int32Array[]> {
  const count = ranges.length / 2;
  if (count === 0) return modes.map(() => new Int32Array(0));
  const r = uploadWords(ranges);
  try {
    // every mode dispatched before any read: the reads overlap instead of waiting in turn
    const dispatched = modes.map((mode) => rangeArgmax(gpu.tc, gpu.fc, gpu.keys, r, count, gpu.n, mode));
    return await Promise.all(dispatched.map(downloadWords));
  } finally {
    r.dispose();
  }
}

/**
 * pycocotools: per curve, the threshold positions lo_j (searchsorted on the host, as cpu); the
 * envelope at lo_j is the maximum precision over [lo_j, nd), so the GPU finds the argmax of each
 * run between consecutive distinct lo_j and the host takes float64 maxima of those few values
 * from the last run back.
 */
async function coco(inputs: InterpolatedApInputs, thresholds: Float64Array, gpu: Parameters<typeof argmaxes>[0]): Promise<InterpolatedApOutputs> {
  const { tpCum, fpCum, segmentOffsets: offsets, positives, scores } = inputs;
  const S = Math.max(0, offsets.length - 1);
  const R = thresholds.length;
  const o = interpolatedApOutputs(S, R, scores !== undefined);
  // Per curve: the reached thresholds' positions, and the distinct positions in ascending order.
  const lo = new Int32Array(S * R).fill(-1);
  const starts: number[] = [];
  const runs: number[] = [];
  const firstRun = new Int32Array(S + 1);
  for (let s = 0; s < S; s++) {
    firstRun[s] = starts.length;
    const start = offsets[s] as number;
    const nd = (offsets[s + 1] as number) - start;
    if ((positives[s] as number) === 0) continue;
    for (let j = 0; j < R; j++) {
      const k = cocoRecallIndex(tpCum, start, nd, positives[s] as number, thresholds[j] as number);
      if (k === nd) break;
      lo[s * R + j] = k;
    }
    const distinct = [...new Set(Array.from(lo.subarray(s * R, (s + 1) * R)).filter((k) => k >= 0))].sort((a, b) => a - b);
    for (let i = 0; i < distinct.length; i++) {
      starts.push(distinct[i] as number);
      runs.push(start + (distinct[i] as number), start + (i + 1 < distinct.length ? (distinct[i + 1] as number) : nd));
    }
  }
  firstRun[S] = starts.length;
  const [best] = await argmaxes(gpu, Int32Array.from(runs), [RangeValue.cocoPrecision]) as [Int32Array];
  const envelope = new Float64Array(best.length);
  for (let s = 0; s < S; s++) {
    const start = offsets[s] as number;
    const out = s * R;
    if ((positives[s] as number) === 0) {
      o.precision.fill(-1, out, out + R);
      if (scores) o.scoresAtRecall.fill(-1, out, out + R);
    } else {
      for (let i = (firstRun[s + 1] as number) - 1; i >= (firstRun[s] as number); i--) {
        const k = best[i] as number;
        const v = cocoPrecision(tpCum[k] as number, fpCum[k] as number);
        envelope[i] = i + 1 < (firstRun[s + 1] as number) && (envelope[i + 1] as number) > v ? (envelope[i + 1] as number) : v;
      }
      for (let j = 0; j < R; j++) {
        const k = lo[out + j] as number;
        if (k < 0) break;
        // The run that starts at k: runs are in ascending order of their start.
        let i = firstRun[s] as number;
        while ((starts[i] as number) !== k) i++;
        o.precision[out + j] = envelope[i] as number;
        if (scores) o.scoresAtRecall[out + j] = (scores as FloatArray)[start + k] as number;
      }
    }
    const nd = (offsets[s + 1] as number) - start;
    cocoSummary(o, s, R, positives[s] as number, nd > 0 ? (tpCum[start + nd - 1] as number) : 0);
  }
  return o;
}

/**
 * valor-lite: a position's bin is non-decreasing along a curve, so each bin is one run of
 * positions, found by binary search on the host; the GPU finds each run's argmax of precision
 * (and of score), the host computes those values in float64 and interpolates as cpu does.
 */
async function valor(inputs: InterpolatedApInputs, gpu: Parameters<typeof argmaxes>[0]): Promise<InterpolatedApOutputs> {
  const { tpCum, fpCum, segmentOffsets: offsets, positives, scores } = inputs;
  const S = Math.max(0, offsets.length - 1);
  const o = interpolatedApOutputs(S, VALOR_BINS, scores !== undefined);
  const runs = new Int32Array(2 * S * VALOR_BINS);
  for (let s = 0; s < S; s++) {
    const start = offsets[s] as number;
    const end = offsets[s + 1] as number;
    let from = start;
    for (let b = 0; b < VALOR_BINS; b++) {
      // First position at or after `from` whose bin exceeds b.
      let lo = from;
      let hi = end;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (valorBin(tpCum[mid] as number, positives[s] as number) <= b) lo = mid + 1;
        else hi = mid;
      }
      runs[2 * (s * VALOR_BINS + b)] = from;
      runs[2 * (s * VALOR_BINS + b) + 1] = lo;
      from = lo;
    }
  }
  const [bestP, bestS] = await argmaxes(gpu, runs, scores ? [RangeValue.valorPrecision, RangeValue.score] : [RangeValue.valorPrecision]) as [Int32Array, Int32Array?];
  const binP = new Float64Array(VALOR_BINS);
  const binS = new Float64Array(VALOR_BINS);
  for (let s = 0; s < S; s++) {
    for (let b = 0; b < VALOR_BINS; b++) {
      const kp = bestP[s * VALOR_BINS + b] as number;
      const p = kp < 0 ? 0 : valorPrecision(tpCum[kp] as number, fpCum[kp] as number);
      binP[b] = p > 0 ? p : 0;
      const ks = bestS ? (bestS[s * VALOR_BINS + b] as number) : -1;
      const v = ks < 0 ? 0 : ((scores as FloatArray)[ks] as number);
      binS[b] = v > 0 ? v : 0;
    }
    o.ap[s] = valorEnvelope(binP, binS, o, s * VALOR_BINS, scores !== undefined);
    const nd = (offsets[s + 1] as number) - (offsets[s] as number);
    o.recall[s] = valorRecall(nd > 0 ? (tpCum[(offsets[s] as number) + nd - 1] as number) : 0, positives[s] as number);
  }
  return o;
}

/**
 * InterpolatedAp on tfjs-backend-webgpu. The O(n) part, the maximum precision (and score) over
 * runs of positions, runs on the GPU with exact integer comparisons; thresholds, bins and every
 * float64 value are computed on the host with the cpu backend's functions, so the outputs equal
 * the cpu backend's bit for bit. Counts must be integers below 2^31 (TE-203 otherwise).
 * Registered only while tfjs runs on webgpu.
 */
export const interpolatedApConfig: KernelConfig<'InterpolatedAp'> = {
  kernelName: 'InterpolatedAp',
  backendName: 'tfjs',
  kernelFunc: async ({ inputs, attrs }): Promise<InterpolatedApOutputs> => {
    const n = inputs.tpCum.length;
    const tc = uploadWords(countWords(inputs.tpCum, 'tpCum'));
    const fc = uploadWords(countWords(inputs.fpCum, 'fpCum'));
    const useKeys = attrs.method === 'valor' && inputs.scores !== undefined && n > 0;
    const keys = useKeys ? uploadWords(descendingScoreKeys(inputs.scores as FloatArray, Int32Array.of(0, n)).words) : tc;
    const gpu = { tc, fc, keys, n };
    try {
      return attrs.method === 'coco' ? await coco(inputs, attrs.recallThresholds ?? cocoRecallThresholds(), gpu) : await valor(inputs, gpu);
    } finally {
      tc.dispose();
      fc.dispose();
      if (useKeys) keys.dispose();
    }
  },
};
