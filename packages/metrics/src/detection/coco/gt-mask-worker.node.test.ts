import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { evaluateCocoDatasets } from './coco-evaluate';
import { loadCocoGt, type LoadedCocoGt } from './loaded-gt';
import type { CocoDataset, CocoResult } from './coco-json';

// The worker entry runs in a real worker thread here (from source, through tsx), so the path the
// built CLI takes for large inputs is exercised without a build.
const dir = join(process.cwd(), 'test-data/reference/coco/cocoapi_val2014_100');
const gtPath = join(dir, 'instances_val2014_100.json');
const entry = join(process.cwd(), 'packages/metrics/src/detection/coco/gt-mask-worker.ts');

function runWorker(path: string, iouType: LoadedCocoGt['iouType']): Promise<LoadedCocoGt | undefined> {
  return new Promise((resolve, reject) => {
    // Register tsx's loader inside the worker, then load the TypeScript entry.
    const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(entry).href)}); })`;
    const worker = new Worker(boot, { eval: true, workerData: { path, source: path, iouType } });
    worker.once('message', (m: LoadedCocoGt | undefined) => { resolve(m); void worker.terminate(); });
    worker.once('error', reject);
  });
}

/** The typed arrays of a loaded GT (table and masks) by name, for comparing two loads. */
function arrays(g: LoadedCocoGt): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const [k, v] of Object.entries({ ...g.table, ...Object.fromEntries(Object.entries(g.masks ?? {}).map(([m, a]) => [`masks.${m}`, a])) })) {
    if (ArrayBuffer.isView(v)) out[k] = Array.from(v as unknown as ArrayLike<number>);
  }
  return out;
}

describe('GT worker', () => {
  it.each([
    ['bbox', 'instances_val2014_fakebbox100_results.json'],
    ['segm', 'instances_val2014_fakesegm100_results.json'],
  ] as const)('posts the GT loaded for %s exactly as this thread loads it, in shared memory, and it gives the reference stats', async (iouType, results) => {
    const gt = JSON.parse(readFileSync(gtPath, 'utf8')) as CocoDataset;
    const fromWorker = await runWorker(gtPath, iouType);
    expect(fromWorker).toBeDefined();
    const inThread = loadCocoGt(gt, iouType, gtPath);
    expect(arrays(fromWorker!)).toEqual(arrays(inThread));
    expect(fromWorker!.table.categoryNames).toEqual(inThread.table.categoryNames);
    expect(fromWorker!.table.imageIdx.buffer).toBeInstanceOf(SharedArrayBuffer);
    if (iouType === 'segm') expect(fromWorker!.masks!.counts.buffer).toBeInstanceOf(SharedArrayBuffer);
    const dt = JSON.parse(readFileSync(join(dir, results), 'utf8')) as CocoResult[];
    const expected = JSON.parse(readFileSync(join(dir, `cocoapi_val2014_100.${iouType}.expected.json`), 'utf8')) as { stats: number[] };
    expect(Array.from(evaluateCocoDatasets(fromWorker!, dt, { iouType }).stats)).toEqual(expected.stats);
  });

  it('posts undefined for an unreadable GT file, so the caller parses the GT itself', async () => {
    expect(await runWorker(join(dir, 'does-not-exist.json'), 'bbox')).toBeUndefined();
  });
});
