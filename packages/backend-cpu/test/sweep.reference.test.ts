import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cocoRecallThresholds, interpolatedApImpl } from '../src/kernels/InterpolatedAp';
import { precisionRecallSweepImpl } from '../src/kernels/PrecisionRecallSweep';
import { rocAucImpl } from '../src/kernels/RocAuc';
import { numpySum } from '@tensoreval/core';

// Cases written by test-data/generate/sweep_kernels.py (scikit-learn / numpy) and
// coco_accumulate.py (pycocotools); read at run time.
const dir = fileURLToPath(new URL('../../../test-data/reference/sweep/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

interface Recipe { name: string; n: number; seed: number; distinct?: number }
interface Fixture { kernel: string; recipe: Recipe; expected: number | { sum: number; mean: number } }

/** One category curve of pycocotools' accumulate: inputs in its concatenation order, and its outputs. */
interface CocoCurve {
  scores: number[];
  /** T strings of '0'/'1', one per IoU threshold */
  tp: string[];
  fp: string[];
  positives: number;
  /** T × R */
  precision: number[][];
  scoresAtRecall: number[][];
  /** T */
  recall: number[];
}

const flagRows = (rows: string[]): Uint8Array => Uint8Array.from(rows.join(''), (c) => (c === '1' ? 1 : 0));

/** PrecisionRecallSweep (one row per IoU threshold) then InterpolatedAp('coco') over the T rows. */
function accumulate(curve: CocoCurve, recallThresholds: Float64Array) {
  const T = curve.tp.length;
  const n = curve.scores.length;
  const sweep = precisionRecallSweepImpl(
    { scores: Float64Array.from(curve.scores), tp: flagRows(curve.tp), fp: flagRows(curve.fp) },
    { rows: T, stable: true },
  );
  const scores = new Float64Array(T * n);
  for (let t = 0; t < T; t++) scores.set(sweep.sortedScores, t * n);
  return interpolatedApImpl(
    {
      tpCum: sweep.tpCum,
      fpCum: sweep.fpCum,
      segmentOffsets: Int32Array.from({ length: T + 1 }, (_, t) => t * n),
      positives: new Float64Array(T).fill(curve.positives),
      scores,
    },
    { method: 'coco', recallThresholds },
  );
}

/** The generator's 32-bit LCG: x <- 1664525 x + 1013904223 mod 2^32, u = x / 2^32. */
function lcg(seed: number, n: number): Float64Array {
  let x = seed >>> 0;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    x = (Math.imul(1664525, x) + 1013904223) >>> 0;
    out[i] = x / 4294967296;
  }
  return out;
}

// Literals rather than 10 ** k, so every value is the correctly rounded decimal Python uses.
const POWERS = [1e-3, 1e-2, 1e-1, 1, 10, 100, 1000];

function rocInputs(r: Recipe): { scores: Float64Array; labels: Uint8Array } {
  const u = lcg(r.seed, 2 * r.n);
  const labels = new Uint8Array(r.n);
  const scores = new Float64Array(r.n);
  for (let i = 0; i < r.n; i++) {
    labels[i] = (u[2 * i] as number) < 0.3 ? 1 : 0;
    const v = (u[2 * i + 1] as number) + 0.25 * (labels[i] as number);
    scores[i] = r.distinct ? Math.floor(v * r.distinct) / r.distinct : v;
  }
  return { scores, labels };
}

function sumInputs(r: Recipe): Float64Array {
  const u = lcg(r.seed, r.n);
  return u.map((v, i) => v * (POWERS[i % 7] as number));
}

describe('sweep kernels against scikit-learn / numpy reference fixtures', () => {
  it('finds fixtures', () => expect(files.length).toBeGreaterThan(0));
  for (const file of files) {
    const fx = JSON.parse(readFileSync(dir + file, 'utf8')) as Fixture & { curves?: CocoCurve[]; recallThresholds?: number[] };
    it(`${file}: ${fx.kernel} equals the reference bit for bit`, () => {
      if (fx.kernel === 'RocAuc') {
        const { auc } = rocAucImpl(rocInputs(fx.recipe));
        expect(auc[0]).toBe(fx.expected);
      } else if (fx.kernel === 'numpySum') {
        const a = sumInputs(fx.recipe);
        const expected = fx.expected as { sum: number; mean: number };
        expect(numpySum(a)).toBe(expected.sum);
        expect(numpySum(a) / a.length).toBe(expected.mean);
      } else if (fx.kernel === 'CocoAccumulate') {
        const thresholds = Float64Array.from(fx.recallThresholds ?? []);
        expect(thresholds).toEqual(cocoRecallThresholds());
        for (const [k, curve] of (fx.curves ?? []).entries()) {
          const out = accumulate(curve, thresholds);
          const where = `${file} category ${k}`;
          expect(Array.from(out.precision), where).toEqual(curve.precision.flat());
          expect(Array.from(out.scoresAtRecall), where).toEqual(curve.scoresAtRecall.flat());
          expect(Array.from(out.recall), where).toEqual(curve.recall);
        }
      } else {
        throw new Error(`${file}: unknown kernel '${fx.kernel}'`);
      }
    });
  }
});
