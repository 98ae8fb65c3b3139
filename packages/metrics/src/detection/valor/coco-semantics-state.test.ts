import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeCocoState, encodeCocoState } from '../coco/coco-state-ipc';
import { cocoSemanticsPrecisionRecall, cocoSemanticsRecords, cocoSemanticsState } from './coco-semantics';
import { joinCocoSemanticsStates } from './coco-semantics-state';
import type { DetectionBatch } from './detection-batch';

interface Box { label: string; box: [number, number, number, number]; score: number }
interface Datum { gts: Box[]; pds: Box[] }

/** Datums → a box batch, labels interned in first-appearance order (groundtruths, then predictions, per datum). */
function batchOf(datums: readonly Datum[], uidBase: number): DetectionBatch {
  const labels: string[] = [];
  const id = (l: string) => (labels.includes(l) ? labels.indexOf(l) : labels.push(l) - 1);
  const gtOffsets = [0], pdOffsets = [0], labelOffsets = [0];
  const gtLabels: number[] = [], pdLabels: number[] = [], scores: number[] = [], gtBoxes: number[] = [], pdBoxes: number[] = [];
  for (const d of datums) {
    for (const g of d.gts) { gtLabels.push(id(g.label)); gtBoxes.push(...g.box); }
    for (const p of d.pds) { pdLabels.push(id(p.label)); scores.push(p.score); pdBoxes.push(...p.box); labelOffsets.push(pdLabels.length); }
    gtOffsets.push(gtLabels.length);
    pdOffsets.push(labelOffsets.length - 1);
  }
  return {
    labels,
    datumUids: datums.map((_, i) => `d${uidBase + i}`),
    groundTruths: { offsets: Int32Array.from(gtOffsets), uids: gtLabels.map((_, i) => `g${i}`), labels: Int32Array.from(gtLabels) },
    predictions: { offsets: Int32Array.from(pdOffsets), uids: scores.map((_, i) => `p${i}`), labelOffsets: Int32Array.from(labelOffsets), labels: Int32Array.from(pdLabels), scores: Float64Array.from(scores) },
    geometry: { kind: 'bounding_box', groundTruths: Float64Array.from(gtBoxes), predictions: Float64Array.from(pdBoxes) },
  };
}

// small grid coordinates and a few scores: overlaps and equal scores (COCO's tie order) are common
const box = fc.record({
  label: fc.constantFrom('cat', 'dog', 'eel'),
  box: fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 })).map(([x, y, w, h]): [number, number, number, number] => [x, y, x + w, y + h]),
  score: fc.constantFrom(0.1, 0.4, 0.5, 0.9, 1),
});
const datums = fc.array(fc.record({ gts: fc.array(box, { maxLength: 4 }), pds: fc.array(box, { maxLength: 5 }) }), { minLength: 1, maxLength: 8 });

describe('COCO-semantics states of datum shards', () => {
  it('any contiguous split, serialised and joined in datum order, gives the one-pass records exactly', async () => {
    await fc.assert(
      fc.asyncProperty(datums, fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 4 }), async (ds, cuts) => {
        const options = { iouThresholds: [0.3, 0.5, 0.75], scoreThresholds: [0, 0.5, 0.95] };
        const one = JSON.stringify(cocoSemanticsPrecisionRecall(batchOf(ds, 0), options));
        const bounds = [...new Set([0, ...cuts.filter((c) => c < ds.length), ds.length])].sort((a, b) => a - b);
        const states = [];
        for (let i = 0; i + 1 < bounds.length; i++) {
          const shard = batchOf(ds.slice(bounds[i], bounds[i + 1]), bounds[i]!);
          states.push(await decodeCocoState(await encodeCocoState(cocoSemanticsState(shard, options.iouThresholds))));
        }
        expect(JSON.stringify(cocoSemanticsRecords(joinCocoSemanticsStates(states), options))).toBe(one);
      }),
      { numRuns: 60 },
    );
  });

  it('refuses IoU thresholds other than the state\'s', () => {
    const state = cocoSemanticsState(batchOf([{ gts: [], pds: [] }], 0), [0.5]);
    expect(() => cocoSemanticsRecords(state, { iouThresholds: [0.75] })).toThrow(/TE-103/);
  });
});
