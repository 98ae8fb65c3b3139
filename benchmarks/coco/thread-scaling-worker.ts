// Worker of benchmarks/coco/thread-scaling.ts (bundled by it): sets up one half of a case's work,
// reports ready, waits for the word, runs it and reports its wall time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { evaluateCocoState, loadCocoGt, scanBoxResults } from '@tensoreval/metrics/detection';

export type Case = 'compute' | 'scatter' | 'coco-evaluate';
export interface Job { case: Case; half: 0 | 1; dataDir: string }

/** One half of a case's work; returns its wall time in ms (setup excluded). */
async function half(job: Job, ready: () => Promise<void>): Promise<number> {
  if (job.case === 'compute') {
    const table = new Float64Array(1 << 16);
    await ready();
    const t0 = performance.now();
    let s = 0;
    for (let i = 0; i < 1.5e8; i++) { const j = Math.imul(i, 0x9e3779b1) & 65535; table[j] = (table[j] as number) + i; s += table[(j * 7) & 65535] as number; }
    if (s === -1) console.log(s);
    return performance.now() - t0;
  }
  if (job.case === 'scatter') {
    const M = 1 << 22;
    const a = new Int32Array(M), b = new Int32Array(M);
    await ready();
    const t0 = performance.now();
    for (let r = 0; r < 8; r++) for (let i = 0; i < M; i++) b[Math.imul(i, 0x9e3779b1) & (M - 1)] = (a[i] as number) + r;
    return performance.now() - t0;
  }
  const gt = loadCocoGt(JSON.parse(readFileSync(join(job.dataDir, 'gt.json'), 'utf8')), 'bbox', 'gt.json');
  const dt = scanBoxResults(readFileSync(join(job.dataDir, 'dt_bbox.json'), 'utf8'))!;
  // one untimed shard first: both arms run optimised code
  evaluateCocoState(structuredClone(gt), dt, {}, { index: 1 - job.half, count: 2 });
  await ready();
  const t0 = performance.now();
  evaluateCocoState(gt, dt, {}, { index: job.half, count: 2 });
  return performance.now() - t0;
}

if (parentPort) {
  const port = parentPort;
  const ready = () => new Promise<void>((ok) => { port.postMessage({ ready: true }); port.once('message', () => ok()); });
  void half(workerData as Job, ready).then((ms) => port.postMessage({ ms }));
}
