import { beforeAll, describe, expect, it } from 'vitest';
import type { MetricRecord } from '../../classification/metric-record';
import { ValorObjectDetection, type DetectionBatch } from '../valor';

// TIDE on Valor's matching: each error type found where it was planted, and each fix equal to a
// Valor evaluation of the data with that error actually corrected by hand.

type Box = [number, number, number, number];
interface Gt { label: string; box: Box }
interface Pd { label: string; score: number; box: Box }
interface Datum { gts: Gt[]; pds: Pd[] }

const LABELS = ['a', 'b'];
const SQUARE: Box = [0, 0, 10, 10];

function batchOf(datums: readonly Datum[]): DetectionBatch {
  const gtOffsets = [0], pdOffsets = [0], gtLabels: number[] = [], pdLabels: number[] = [], scores: number[] = [], gtBoxes: number[] = [], pdBoxes: number[] = [];
  for (const d of datums) {
    for (const g of d.gts) { gtLabels.push(LABELS.indexOf(g.label)); gtBoxes.push(...g.box); }
    for (const p of d.pds) { pdLabels.push(LABELS.indexOf(p.label)); scores.push(p.score); pdBoxes.push(...p.box); }
    gtOffsets.push(gtLabels.length);
    pdOffsets.push(pdLabels.length);
  }
  return {
    labels: LABELS,
    datumUids: datums.map((_, i) => `d${i}`),
    groundTruths: { offsets: Int32Array.from(gtOffsets), uids: gtLabels.map((_, i) => `g${i}`), labels: Int32Array.from(gtLabels) },
    predictions: { offsets: Int32Array.from(pdOffsets), uids: pdLabels.map((_, i) => `p${i}`), labelOffsets: Int32Array.from(pdLabels.map((_, i) => i).concat(pdLabels.length)), labels: Int32Array.from(pdLabels), scores: Float64Array.from(scores) },
    geometry: { kind: 'bounding_box', groundTruths: Float64Array.from(gtBoxes), predictions: Float64Array.from(pdBoxes) },
  };
}

const result = (datums: readonly Datum[]) => new ValorObjectDetection().update(batchOf(datums)).compute();
const mapAt = async (datums: readonly Datum[], t: number) => (((await result(datums)).precisionRecall({ iouThresholds: [t] }).mAP as MetricRecord[])[0] as MetricRecord).value as number;
interface Breakdown { ap: number; errors: Record<string, { count: number; fixedAP: number; deltaAP: number }>; special: Record<string, { fixedAP: number; deltaAP: number }> }
const tideOf = async (datums: readonly Datum[], options = {}) => (((await result(datums)).tide(options)[0] as MetricRecord).value as Breakdown);

/** One planted error of each type, plus true positives before and after them so that every fix moves AP. */
const PLANTED: Datum[] = [
  { gts: [{ label: 'a', box: SQUARE }], pds: [{ label: 'a', score: 0.95, box: SQUARE }, { label: 'a', score: 0.8, box: SQUARE }] }, // TP, duplicate
  { gts: [{ label: 'a', box: SQUARE }], pds: [{ label: 'b', score: 0.7, box: SQUARE }] }, // classification
  { gts: [{ label: 'a', box: SQUARE }], pds: [{ label: 'a', score: 0.6, box: [0, 0, 10, 4] }] }, // localisation (IoU 0.4)
  { gts: [{ label: 'b', box: SQUARE }], pds: [{ label: 'a', score: 0.5, box: [100, 100, 110, 110] }] }, // background; GT b missed
  { gts: [{ label: 'b', box: SQUARE }], pds: [{ label: 'a', score: 0.4, box: [0, 0, 10, 3] }] }, // both (IoU 0.3 with a b GT); GT b missed
  { gts: [{ label: 'a', box: SQUARE }, { label: 'b', box: [50, 50, 60, 60] }], pds: [{ label: 'a', score: 0.3, box: SQUARE }, { label: 'b', score: 0.2, box: [50, 50, 60, 60] }] }, // late TPs
];

/** The data with the error of datum `d`, prediction `p` changed by `edit` (removed when it returns undefined). */
function edited(d: number, p: number, edit: (pd: Pd) => Pd | undefined): Datum[] {
  return PLANTED.map((datum, i) => (i !== d ? datum : { gts: datum.gts, pds: datum.pds.flatMap((pd, j) => (j !== p ? [pd] : [edit(pd)].filter((x): x is Pd => x !== undefined))) }));
}

describe('TIDE on Valor-semantics detection', () => {
  let tide: Breakdown;
  beforeAll(async () => {
    tide = await tideOf(PLANTED);
  });

  it('its AP is Valor\'s mAP at t_f, bit for bit, and each planted error is found', async () => {
    expect(Object.is(tide.ap, await mapAt(PLANTED, 0.5))).toBe(true);
    expect(Object.fromEntries(Object.entries(tide.errors).map(([k, e]) => [k, e.count]))).toEqual({ classification: 1, localisation: 1, both: 1, duplicate: 1, background: 1, missed: 2 });
  });

  it('each fix equals Valor\'s mAP of the data with that error corrected by hand', async () => {
    const close = async (fixed: number, reference: Promise<number>) => expect(fixed).toBeCloseTo(await reference, 12);
    await close(tide.errors.duplicate!.fixedAP, mapAt(edited(0, 1, () => undefined), 0.5));
    await close(tide.errors.classification!.fixedAP, mapAt(edited(1, 0, (pd) => ({ ...pd, label: 'a' })), 0.5));
    await close(tide.errors.localisation!.fixedAP, mapAt(edited(2, 0, (pd) => ({ ...pd, box: SQUARE })), 0.5));
    await close(tide.errors.background!.fixedAP, mapAt(edited(3, 0, () => undefined), 0.5));
    await close(tide.errors.both!.fixedAP, mapAt(edited(4, 0, () => undefined), 0.5));
    // missed: the two unmatched b groundtruths leave the positives
    await close(tide.errors.missed!.fixedAP, mapAt(PLANTED.map((d, i) => (i === 3 || i === 4 ? { gts: [], pds: d.pds } : d)), 0.5));
    // every false positive removed / every unmatched groundtruth removed
    const tpOnly = PLANTED.map((d, i) => ({ gts: d.gts, pds: d.pds.filter((_, j) => (i === 0 && j === 0) || i === 5) }));
    await close(tide.special.falsePositive!.fixedAP, mapAt(tpOnly, 0.5));
    await close(tide.special.falseNegative!.fixedAP, mapAt(PLANTED.map((d, i) => (i >= 1 && i <= 4 ? { gts: [], pds: d.pds } : d)), 0.5));
    for (const e of [...Object.values(tide.errors), ...Object.values(tide.special)]) expect(e.deltaAP).toBe(Math.max(e.fixedAP - tide.ap, 0));
    expect(tide.errors.localisation!.deltaAP).toBeGreaterThan(0);
    expect(tide.errors.duplicate!.deltaAP).toBeGreaterThan(0);
  });

  it('a perfect run has no errors, and fixing every false positive and every miss gives AP 1', async () => {
    const perfect = await tideOf([{ gts: [{ label: 'a', box: SQUARE }, { label: 'b', box: [20, 20, 30, 30] }], pds: [{ label: 'a', score: 0.9, box: SQUARE }, { label: 'b', score: 0.8, box: [20, 20, 30, 30] }] }]);
    expect(perfect.ap).toBe(1);
    for (const e of Object.values(perfect.errors)) expect([e.count, e.deltaAP]).toEqual([0, 0]);
  });

  it('only the highest-scored of several errors on one groundtruth becomes its true positive', async () => {
    const two = await tideOf([{ gts: [{ label: 'a', box: SQUARE }], pds: [{ label: 'a', score: 0.9, box: [0, 0, 10, 4] }, { label: 'a', score: 0.8, box: [0, 0, 10, 3] }] }]);
    expect(two.errors.localisation!.count).toBe(2);
    // the 0.9 one becomes the TP at rank 1, the other is removed: AP(a) = 1, and the mean over the
    // batch's two labels (b has no data: AP 0, as Valor counts it) is 0.5
    expect(two.ap).toBe(0);
    expect(two.errors.localisation!.fixedAP).toBe(0.5);
    expect(two.errors.missed!.count).toBe(0);
  });

  it('thresholds follow the options, and bad ones are one clear error', async () => {
    // at t_f = 0.3 the 0.4-IoU box is a true positive, not a localisation error
    expect((await tideOf(PLANTED, { posThreshold: 0.3, bgThreshold: 0.1 })).errors.localisation!.count).toBe(0);
    await expect(tideOf(PLANTED, { posThreshold: 0.5, bgThreshold: 0.6 })).rejects.toThrow(/bgThreshold.*\[0, posThreshold = 0\.5\]/);
    await expect(tideOf(PLANTED, { posThreshold: 0 })).rejects.toThrow(/posThreshold.*\(0, 1\]/);
    await expect(tideOf(PLANTED, { tf: 0.5 })).rejects.toThrow(/tf/);
  });
});
