import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configureTfjsBackend } from '@tensoreval/backend-tfjs';
import { getBackend, type DeviceTraffic } from '@tensoreval/core';
import type { CocoDataset, CocoResult } from '@tensoreval/metrics/detection';
import { describe, expect, it } from 'vitest';
import { evaluateCoco } from '../src/evaluate-coco';
import { COCO_FIXTURES } from './coco-fixtures';

// backend 'tfjs' for COCO under TENSOREVAL_DEVICE=auto: tfjs never takes a software adapter there, and
// off webgpu it has no fused IoU + matching stage, so the cpu reference runs it (no device traffic)
// with the same numbers. On a machine with a hardware adapter tfjs is on webgpu and the stage runs there.
configureTfjsBackend({ device: 'auto' });

const dir = join(COCO_FIXTURES, 'fce_small');
const gt = JSON.parse(readFileSync(join(dir, 'gt_dataset.json'), 'utf8')) as CocoDataset;
const dt = JSON.parse(readFileSync(join(dir, 'dt_dataset.json'), 'utf8')) as CocoResult[];

describe("evaluateCoco bbox with backend 'tfjs' under TENSOREVAL_DEVICE=auto", () => {
  it('never computes on a software adapter, and gives the cpu numbers', async () => {
    const cpu = await evaluateCoco(gt, dt);
    const before = { ...(getBackend('tfjs')?.traffic?.() ?? { uploads: 0, dispatches: 0, downloads: 0 }) } as DeviceTraffic;
    const tfjs = await evaluateCoco(gt, dt, { backend: 'tfjs' });
    const device = getBackend('tfjs')?.device?.();
    expect(device?.api === 'webgpu' && device.type === 'cpu').toBe(false);
    if (device?.api !== 'webgpu') expect(getBackend('tfjs')?.traffic?.()).toEqual(before);
    expect(tfjs.stats).toEqual(cpu.stats);
    expect(Array.from(tfjs.arrays.precision)).toEqual(Array.from(cpu.arrays.precision));
  });

  it('refuses what it has no stage for before reading anything: segm, LVIS and more than one worker (TE-103)', async () => {
    await expect(evaluateCoco(gt, dt, { backend: 'tfjs', iouType: 'segm' })).rejects.toThrow(/iouType 'segm'.*TE-103/);
    await expect(evaluateCoco(gt, dt, { backend: 'tfjs', lvis: true })).rejects.toThrow(/with LVIS.*TE-103/);
    await expect(evaluateCoco('missing-gt.json', 'missing-dt.json', { backend: 'tfjs', workers: 2 })).rejects.toThrow(/TE-103/);
  });
});
