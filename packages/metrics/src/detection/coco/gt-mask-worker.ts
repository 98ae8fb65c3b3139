/**
 * Worker entry of `evaluateCoco`, built as dist/coco-gt-worker.js and exported as
 * '@tensoreval/metrics/coco-gt-worker': reads and parses a large GT file and loads it for the run's
 * box or mask evaluation (`loadCocoGt`: the table, and for segm and boundary every GT mask
 * rasterised) while the main thread reads and scans the results file. The typed arrays are built in
 * SharedArrayBuffers, so posting them copies nothing. Posts `undefined` on any failure: the main
 * thread then parses the GT itself and reports errors exactly as without a worker.
 */
import '../../default-backend';
import { constants } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { inflatedIfGzip } from '@tensoreval/core';
import { loadCocoGt, type LoadedCocoGt } from './loaded-gt';

const { path, source, iouType } = workerData as { path: string; source: string; iouType: LoadedCocoGt['iouType'] };
let message: LoadedCocoGt | undefined;
try {
  const bytes = readFileSync(path);
  // inflated no further than a string can hold (the main thread then reports the file as one pass does)
  const text = inflatedIfGzip(bytes, constants.MAX_STRING_LENGTH).toString('utf8');
  message = loadCocoGt(JSON.parse(text), iouType, source, (n) => new SharedArrayBuffer(n));
} catch {
  message = undefined;
}
parentPort?.postMessage(message);
