import { describe, expect, it } from 'vitest';
import { ValorClassification, type ClassificationBatch } from '../src/classification';
import { canonical, lcg, permutation, stateProperties } from './valor-harness';

interface Datum {
  uid: string;
  gt: string;
  predictions: [string, number][];
}

const LABELS = ['cat', 'dog', 'bird', 'fish', 'cow'];

function generate(n: number, seed: number): Datum[] {
  const rand = lcg(seed);
  return Array.from({ length: n }, (_, i) => {
    const order = permutation(LABELS.length, rand);
    const k = 1 + Math.floor(rand() * LABELS.length);
    // Two-decimal scores so ties (hardmax winner, ROC steps) occur.
    return { uid: `d${i}`, gt: LABELS[Math.floor(rand() * LABELS.length)]!, predictions: order.slice(0, k).map((l) => [LABELS[l]!, Math.round(rand() * 100) / 100] as [string, number]) };
  });
}

/** Object datums → one columnar batch, labels in first-appearance order of this batch. */
function toBatch(datums: readonly Datum[]): ClassificationBatch {
  const labels: string[] = [];
  const id = (l: string) => (labels.includes(l) ? labels.indexOf(l) : labels.push(l) - 1);
  const offsets = [0];
  const predLabels: number[] = [];
  const scores: number[] = [];
  const gts = datums.map((d) => {
    const g = id(d.gt);
    for (const [l, s] of d.predictions) {
      predLabels.push(id(l));
      scores.push(s);
    }
    offsets.push(predLabels.length);
    return g;
  });
  return { labels, datumUids: datums.map((d) => d.uid), groundTruths: Int32Array.from(gts), predictionOffsets: Int32Array.from(offsets), predictionLabels: Int32Array.from(predLabels), predictionScores: Float64Array.from(scores) };
}

const THRESHOLDS = { scoreThresholds: [0, 0.25, 0.5, 0.75] };

async function allOutputs(ev: ValorClassification) {
  const r = await ev.compute();
  return canonical({
    pr: r.precisionRecall(THRESHOLDS),
    prMulti: r.precisionRecall({ ...THRESHOLDS, hardmax: false }),
    roc: r.rocauc(),
    cm: r.confusionMatrix(THRESHOLDS),
    ex: r.examples({ ...THRESHOLDS, hardmax: false }),
    cmx: r.confusionMatrixWithExamples(THRESHOLDS),
  });
}

describe('ValorClassification (stateful)', () => {
  const datums = generate(60, 11);

  stateProperties({
    datums,
    make: (d) => new ValorClassification().update(toBatch(d)),
    empty: () => new ValorClassification(),
    update: (ev, d) => ev.update(toBatch(d)),
    outputs: allOutputs,
    orderInvariant: true,
  }, it, (a, b) => expect(a).toEqual(b));

  it('rejects an empty prediction list, mismatched lengths and repeated labels, naming the datum uid', () => {
    const ok = toBatch(datums.slice(0, 3));
    const empty = { ...ok, predictionOffsets: Int32Array.from([0, 0, ...Array.from(ok.predictionOffsets.subarray(2))]) };
    expect(() => new ValorClassification().update(empty)).toThrow(/non-empty prediction list \(datum uid "d0"\)/);
    expect(() => new ValorClassification().update({ ...ok, predictionScores: ok.predictionScores.subarray(1) })).toThrow(/TE-202|same length/);
    const twice = { ...ok, predictionLabels: Int32Array.from(ok.predictionLabels).fill(ok.predictionLabels[0]!, 0, 2), predictionOffsets: Int32Array.from([0, 2, ...Array.from(ok.predictionOffsets.subarray(2))].map((v, i) => (i === 0 ? 0 : Math.max(v, 2)))) };
    expect(() => new ValorClassification().update(twice)).toThrow(/at most once \(datum uid "d0"\)/);
  });
});
