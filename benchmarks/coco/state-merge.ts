/**
 * `npm run bench:coco-state`: the size of a COCO shard state (Arrow IPC, raw and gzip'd at level 1 as
 * the queue sends it) and the cost of putting a merged state's rows back in accumulate order, with
 * the shards' recorded `order` (their sorted runs merged) and without it (sorted from scratch), on
 * the `bench:coco` set (bbox, image shards 1 and 2 of 2), interleaved rounds, medians. Writes
 * benchmarks/results/coco-state-<host>-<date>.json.
 *
 *   tsx benchmarks/coco/state-merge.ts [--rounds 7] [--data benchmarks/.data/coco]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { cocoStateMatches, encodeCocoState, evaluateCocoState, loadCocoGt, mergeCocoStates, scanBoxResults, type CocoState } from '@tensoreval/metrics/detection';
import { median } from '../kernels/measure';
import { benchFlag, repoRoot, writeBenchResult } from './bench-args';

async function main(): Promise<void> {
  const rounds = Number(benchFlag('rounds', '7'));
  const dataDir = resolve(repoRoot, benchFlag('data', 'benchmarks/.data/coco'));
  const gt = loadCocoGt(JSON.parse(readFileSync(join(dataDir, 'gt.json'), 'utf8')), 'bbox', 'gt.json');
  const dt = scanBoxResults(readFileSync(join(dataDir, 'dt_bbox.json'), 'utf8'))!;
  const states = [0, 1].map((index) => evaluateCocoState(gt, dt, {}, { index, count: 2 }));
  const bytes = await encodeCocoState(states[0] as CocoState);
  const gzipped = gzipSync(bytes, { level: 1, memLevel: constants.Z_MAX_MEMLEVEL }).length;
  const rows = (states[0] as CocoState).rows.score.length;
  const merged = mergeCocoStates(states);
  const unordered: CocoState = { ...merged, rows: { ...merged.rows } };
  delete unordered.rows.order;
  const time = (s: CocoState) => { const t0 = performance.now(); cocoStateMatches(s); return performance.now() - t0; };
  time(merged); time(unordered); // warm both paths
  const withOrder: number[] = [], fromScratch: number[] = [];
  for (let r = 0; r < rounds; r++) {
    withOrder.push(time(merged));
    fromScratch.push(time(unordered));
  }
  const summary = {
    shardState: { rows, bytes: bytes.length, bytesPerRow: bytes.length / rows, gzipLevel1Bytes: gzipped },
    mergedRows: merged.rows.score.length,
    cocoStateMatchesMs: { withOrder: median(withOrder), fromScratch: median(fromScratch) },
  };
  console.log(JSON.stringify(summary, null, 1));
  writeBenchResult('coco-state', {
    benchmark: 'COCO shard state size, and cocoStateMatches on a 2-shard merge with and without the recorded order (bbox, bench:coco set)',
    rounds, summary, samples: { withOrder, fromScratch },
  });
}

void main();
