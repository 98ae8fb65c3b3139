import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWarningHandler } from '@tensoreval/core';
import { ValorSemanticSegmentation, type SegmentationBatch } from '../src/segmentation';
import { canonical, lcg, permutation, stateProperties } from './valor-harness';

interface Datum {
  uid: string;
  h: number;
  w: number;
  gts: [string, Uint8Array][];
  pds: [string, Uint8Array][];
}

const LABELS = ['road', 'car', 'tree', 'sky'];

function randomMask(rand: () => number, h: number, w: number): Uint8Array {
  const m = new Uint8Array(h * w);
  const x0 = Math.floor(rand() * w);
  const y0 = Math.floor(rand() * h);
  const x1 = x0 + Math.floor(rand() * (w - x0));
  const y1 = y0 + Math.floor(rand() * (h - y0));
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) m[y * w + x] = 1;
  return m;
}

/** Random rectangles per label, overlapping on purpose so trimming is exercised. */
function generate(n: number, seed: number): Datum[] {
  const rand = lcg(seed);
  return Array.from({ length: n }, (_, i) => {
    const h = 4 + Math.floor(rand() * 8);
    const w = 4 + Math.floor(rand() * 8);
    const side = () => permutation(LABELS.length, rand).slice(0, Math.floor(rand() * 4)).map((l) => [LABELS[l]!, randomMask(rand, h, w)] as [string, Uint8Array]);
    return { uid: `s${i}`, h, w, gts: side(), pds: side() };
  });
}

function toBatch(datums: readonly Datum[]): SegmentationBatch {
  const labels: string[] = [];
  const id = (l: string) => (labels.includes(l) ? labels.indexOf(l) : labels.push(l) - 1);
  const pack = (pick: (d: Datum) => [string, Uint8Array][]) => {
    const offsets = [0];
    const ids: number[] = [];
    const masks: Uint8Array[] = [];
    for (const d of datums) {
      for (const [l, m] of pick(d)) {
        ids.push(id(l));
        masks.push(m);
      }
      offsets.push(masks.length);
    }
    return { offsets: Int32Array.from(offsets), labels: Int32Array.from(ids), masks };
  };
  const groundTruths = pack((d) => d.gts);
  const predictions = pack((d) => d.pds);
  return { labels, datumUids: datums.map((d) => d.uid), heights: Int32Array.from(datums, (d) => d.h), widths: Int32Array.from(datums, (d) => d.w), groundTruths, predictions };
}

const outputs = async (ev: ValorSemanticSegmentation) => canonical((await ev.compute()).precisionRecallIou());

describe('ValorSemanticSegmentation (stateful)', () => {
  beforeAll(() => setWarningHandler(() => {}));
  afterAll(() => setWarningHandler(undefined));
  const datums = generate(30, 41);
  stateProperties({
    datums,
    make: (d) => new ValorSemanticSegmentation().update(toBatch(d)),
    empty: () => new ValorSemanticSegmentation(),
    update: (ev, d) => ev.update(toBatch(d)),
    outputs,
    orderInvariant: true,
  }, it, (a, b) => expect(a).toEqual(b));

  it('rejects a mask of the wrong shape, naming the datum uid', () => {
    const withMasks = datums.filter((d) => d.gts.length > 0).slice(0, 2);
    const batch = toBatch(withMasks);
    const masks = [...batch.groundTruths.masks];
    masks[0] = new Uint8Array(3);
    expect(() => new ValorSemanticSegmentation().update({ ...batch, groundTruths: { ...batch.groundTruths, masks } })).toThrow(new RegExp(`datum's shape .*datum uid "${withMasks[0]!.uid}"`));
  });
});
