import { describe, expect, it } from 'vitest';
import { ValorObjectDetection, type DetectionBatch } from '../src/detection';
import { canonical, lcg, permutation, stateProperties } from './valor-harness';

interface Box {
  uid: string;
  box: [number, number, number, number];
  labels: string[];
  scores: number[];
}
interface Datum {
  uid: string;
  gts: Box[];
  pds: Box[];
}

const LABELS = ['a', 'b', 'c'];

function randomBox(rand: () => number): [number, number, number, number] {
  const x = rand() * 80;
  const y = rand() * 80;
  return [x, y, x + 5 + rand() * 20, y + 5 + rand() * 20];
}

/** Random images; predictions jitter groundtruths so IoUs spread over (0, 1]; scores are distinct. */
function generate(n: number, seed: number): Datum[] {
  const rand = lcg(seed);
  return Array.from({ length: n }, (_, i) => {
    const gts = Array.from({ length: Math.floor(rand() * 5) }, (_, g) => ({ uid: `g${i}_${g}`, box: randomBox(rand), labels: [LABELS[Math.floor(rand() * 3)]!], scores: [] as number[] }));
    const pds = Array.from({ length: Math.floor(rand() * 6) }, (_, p) => {
      const near = gts.length > 0 && rand() < 0.7 ? gts[Math.floor(rand() * gts.length)]!.box : randomBox(rand);
      const j = () => (rand() - 0.5) * 6;
      const box: [number, number, number, number] = [near[0] + j(), near[1] + j(), near[2] + j(), near[3] + j()];
      if (box[2] < box[0]) box[2] = box[0];
      if (box[3] < box[1]) box[3] = box[1];
      const labels = rand() < 0.3 ? ['a', 'b'] : [LABELS[Math.floor(rand() * 3)]!];
      return { uid: `p${i}_${p}`, box, labels, scores: labels.map(() => rand()) };
    });
    return { uid: `img${i}`, gts, pds };
  });
}

function toBatch(datums: readonly Datum[]): DetectionBatch {
  const labels: string[] = [];
  const id = (l: string) => (labels.includes(l) ? labels.indexOf(l) : labels.push(l) - 1);
  const gtOffsets = [0];
  const pdOffsets = [0];
  const labelOffsets = [0];
  const gtLabels: number[] = [];
  const pdLabels: number[] = [];
  const scores: number[] = [];
  const gtBoxes: number[] = [];
  const pdBoxes: number[] = [];
  for (const d of datums) {
    for (const g of d.gts) {
      gtLabels.push(id(g.labels[0]!));
      gtBoxes.push(...g.box);
    }
    for (const p of d.pds) {
      p.labels.forEach((l, k) => {
        pdLabels.push(id(l));
        scores.push(p.scores[k]!);
      });
      labelOffsets.push(pdLabels.length);
      pdBoxes.push(...p.box);
    }
    gtOffsets.push(gtLabels.length);
    pdOffsets.push(pdOffsets[pdOffsets.length - 1]! + d.pds.length);
  }
  return {
    labels,
    datumUids: datums.map((d) => d.uid),
    groundTruths: { offsets: Int32Array.from(gtOffsets), uids: datums.flatMap((d) => d.gts.map((g) => g.uid)), labels: Int32Array.from(gtLabels) },
    predictions: { offsets: Int32Array.from(pdOffsets), uids: datums.flatMap((d) => d.pds.map((p) => p.uid)), labelOffsets: Int32Array.from(labelOffsets), labels: Int32Array.from(pdLabels), scores: Float64Array.from(scores) },
    geometry: { kind: 'bounding_box', groundTruths: Float64Array.from(gtBoxes), predictions: Float64Array.from(pdBoxes) },
  };
}

const OPTIONS = { iouThresholds: [0.1, 0.5, 0.75], scoreThresholds: [0, 0.3, 0.6] };

async function allOutputs(ev: ValorObjectDetection) {
  const r = await ev.compute();
  return canonical({ pr: r.precisionRecall(OPTIONS), cm: r.confusionMatrix(OPTIONS), ex: r.examples(OPTIONS), cmx: r.confusionMatrixWithExamples(OPTIONS) });
}

describe('ValorObjectDetection (stateful)', () => {
  const datums = generate(40, 21);

  stateProperties({
    datums,
    make: (d) => new ValorObjectDetection().update(toBatch(d)),
    empty: () => new ValorObjectDetection(),
    update: (ev, d) => ev.update(toBatch(d)),
    outputs: allOutputs,
    orderInvariant: true,
  }, it, (a, b) => expect(a).toEqual(b));

  it('rejects an inverted box and labels/scores of different lengths, naming the datum uid', () => {
    const batch = toBatch(datums.slice(0, 4));
    const boxes = Float64Array.from(batch.geometry.kind === 'bounding_box' ? batch.geometry.groundTruths : []);
    boxes[2] = boxes[0]! - 1;
    expect(() => new ValorObjectDetection().update({ ...batch, geometry: { kind: 'bounding_box', groundTruths: boxes, predictions: (batch.geometry as { predictions: Float64Array }).predictions } })).toThrow(/xmax >= xmin/);
    expect(() => new ValorObjectDetection().update({ ...batch, predictions: { ...batch.predictions, scores: batch.predictions.scores.subarray(1) } })).toThrow(/one score per predicted label/);
  });
});
