import { encodeRleString } from '@tensoreval/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CocoDataset, CocoResult } from './coco-json';
import { evaluateCocoDatasets } from './coco-evaluate';
import { rasterizeGtMasks } from './gt-masks';
import { loadCocoGt } from './loaded-gt';
import { evaluateCocoState, finishCocoState, mergeCocoStates } from './coco-state';
import { encodeCocoState } from './coco-state-ipc';

const dir = join(import.meta.dirname, '../../../../../test-data/reference/coco/cocoapi_val2014_100');
const gt = JSON.parse(readFileSync(join(dir, 'instances_val2014_100.json'), 'utf8')) as CocoDataset;
const dt = JSON.parse(readFileSync(join(dir, 'instances_val2014_fakesegm100_results.json'), 'utf8')) as CocoResult[];

describe('precomputed GT masks (the worker path of evaluateCoco)', () => {
  it('give the same arrays as rasterising per chunk', () => {
    const gtMasks = rasterizeGtMasks(gt, 'gt');
    expect(gtMasks.offsets.length).toBe(gt.annotations.length + 1);
    const a = evaluateCocoDatasets(gt, dt, { iouType: 'segm', maskChunkRows: 64 });
    const b = evaluateCocoDatasets(gt, dt, { iouType: 'segm', gtMasks });
    expect(Array.from(b.arrays.precision)).toEqual(Array.from(a.arrays.precision));
    expect(Array.from(b.arrays.recall)).toEqual(Array.from(a.arrays.recall));
    expect(b.stats).toEqual(a.stats);
  });

  it('throw on a bad GT polygon like the evaluation (callers then evaluate without them)', () => {
    const bad = { ...gt, annotations: gt.annotations.map((x, i) => (i === 3 ? { ...x, segmentation: [[1, 2]] } : x)) };
    expect(() => rasterizeGtMasks(bad, 'gt')).toThrow(/TE-206/);
  });

  it('are ignored when they do not match the GT rows', () => {
    const gtMasks = rasterizeGtMasks({ ...gt, annotations: gt.annotations.slice(1) }, 'gt');
    const a = evaluateCocoDatasets(gt, dt, { iouType: 'segm' });
    expect(evaluateCocoDatasets(gt, dt, { iouType: 'segm', gtMasks }).stats).toEqual(a.stats);
  });
});

describe('loadCocoGt: the GT loaded once for the threads of a sharded run', () => {
  it.each(['bbox', 'segm', 'boundary'] as const)('%s: shard states over it merge to the one-pass result, bit for bit', (iouType) => {
    const loaded = loadCocoGt(gt, iouType, 'gt');
    expect(loaded.table.segmentations.every((s) => s === undefined)).toBe(true);
    expect(loaded.masks === undefined).toBe(iouType === 'bbox');
    const one = evaluateCocoDatasets(gt, dt, { iouType });
    const merged = finishCocoState(mergeCocoStates([1, 0].map((index) => evaluateCocoState(structuredClone(loaded), dt, { iouType }, { index, count: 2 }))));
    expect(Buffer.from(merged.arrays.precision.buffer).equals(Buffer.from(one.arrays.precision.buffer))).toBe(true);
    expect(merged.stats).toEqual(one.stats);
  });

  it('with tide: shard states merged in reverse order give the one-pass breakdown; their files refuse TIDE errors (TE-103)', async () => {
    const one = evaluateCocoDatasets(gt, dt, { iouType: 'bbox', tide: true });
    const shards = [2, 0, 1].map((index) => evaluateCocoState(gt, dt, { iouType: 'bbox', tide: true }, { index, count: 3 }));
    expect(finishCocoState(mergeCocoStates(shards)).tide).toEqual(one.tide);
    await expect(encodeCocoState(shards[0]!)).rejects.toThrow(/state\.tide.*TE-103/);
  });

  it.each(['bbox', 'segm'] as const)('%s: with a SharedArrayBuffer allocator every typed array is built in shared memory, exactly sized, with the same values', (iouType) => {
    // a few crowd RLEs as compressed strings too: they size the counts by characters, which a trimmed copy undoes
    const mixed = { ...gt, annotations: gt.annotations.map((x) => {
      const s = x.segmentation as { size?: number[]; counts?: number[] };
      return Array.isArray(s.counts) ? { ...x, segmentation: { size: s.size, counts: encodeRleString(s.counts) } } : x;
    }) } as CocoDataset;
    for (const dataset of [gt, mixed]) {
      const plain = loadCocoGt(dataset, iouType, 'gt');
      const shared = loadCocoGt(dataset, iouType, 'gt', (bytes) => new SharedArrayBuffer(bytes));
      const arrays = (o: object) => Object.entries(o).filter(([, v]) => ArrayBuffer.isView(v)) as Array<[string, Uint8Array]>;
      const built = [...arrays(shared.table), ...arrays(shared.masks ?? {})];
      expect(built.length).toBe(iouType === 'bbox' ? 10 : 14);
      for (const [name, a] of built) {
        expect(a.buffer, name).toBeInstanceOf(SharedArrayBuffer);
        expect(a.byteLength, name).toBe(a.buffer.byteLength);
      }
      for (const [name, a] of arrays(plain.table)) expect(Array.from(shared.table[name as keyof typeof shared.table] as Uint8Array), name).toEqual(Array.from(a));
      for (const [name, a] of arrays(plain.masks ?? {})) expect(Array.from(shared.masks?.[name as 'counts'] as Uint32Array), name).toEqual(Array.from(a));
    }
  });

  it('serves only the evaluation it was loaded for', () => {
    expect(() => evaluateCocoState(loadCocoGt(gt, 'bbox', 'gt'), dt, { iouType: 'segm' })).toThrow(/loaded for bbox evaluation cannot serve segm/);
  });
});
