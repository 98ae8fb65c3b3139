import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { RleBatch } from '@tensoreval/core';
import { evaluateCocoDatasets } from './coco-evaluate';
import { rasterizeGtMasks } from './gt-masks';
import type { CocoDataset, CocoResult } from './coco-json';

// The worker entry runs in a real worker thread here (from source, through tsx), so the path the
// built CLI takes for large segm inputs is exercised without a build.
const dir = join(process.cwd(), 'test-data/reference/coco/cocoapi_val2014_100');
const gtPath = join(dir, 'instances_val2014_100.json');
const entry = join(process.cwd(), 'packages/metrics/src/detection/coco/gt-mask-worker.ts');

function runWorker(path: string): Promise<RleBatch | undefined> {
  return new Promise((resolve, reject) => {
    // Register tsx's loader inside the worker, then load the TypeScript entry.
    const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { path, source: path } });
    worker.once('message', (m: RleBatch | undefined) => { resolve(m); void worker.terminate(); });
    worker.once('error', reject);
  });
}

describe('GT mask worker', () => {
  it('posts exactly the RLEs the main thread would rasterise, and they give the reference stats', async () => {
    const gt = JSON.parse(readFileSync(gtPath, 'utf8')) as CocoDataset;
    const fromWorker = await runWorker(gtPath);
    expect(fromWorker).toBeDefined();
    const inThread = rasterizeGtMasks(gt, gtPath);
    expect(Array.from(fromWorker!.offsets)).toEqual(Array.from(inThread.offsets));
    expect(Buffer.from(fromWorker!.counts.buffer, fromWorker!.counts.byteOffset, fromWorker!.counts.byteLength)
      .equals(Buffer.from(inThread.counts.buffer, inThread.counts.byteOffset, inThread.counts.byteLength))).toBe(true);
    const dt = JSON.parse(readFileSync(join(dir, 'instances_val2014_fakesegm100_results.json'), 'utf8')) as CocoResult[];
    const expected = JSON.parse(readFileSync(join(dir, 'cocoapi_val2014_100.segm.expected.json'), 'utf8')) as { stats: number[] };
    const result = evaluateCocoDatasets(gt, dt, { iouType: 'segm', gtMasks: fromWorker });
    expect(Array.from(result.stats)).toEqual(expected.stats);
  });

  it('posts undefined for an unreadable GT file, so the caller falls back to in-thread work', async () => {
    expect(await runWorker(join(dir, 'does-not-exist.json'))).toBeUndefined();
  });
});
