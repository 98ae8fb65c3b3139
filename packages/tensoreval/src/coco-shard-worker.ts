// Worker-thread entry of `evaluateCoco(..., { workers })`, built to dist/coco-shard-worker.js: one
// task per call — a range of the results file to scan, or a COCO shard to evaluate over the scanned
// columns (coco-split.ts), or a shard that reads both files itself (coco-shard.ts).
import { runCocoShard, type CocoShardTask } from './coco-shard';
import { evaluateScannedShard, scanResultsRange, type ScannedShardTask, type ScanRangeOutcome, type ScanRangeTask } from './coco-split';

export type CocoWorkerTask = CocoShardTask | ScanRangeTask | ScannedShardTask;
export type CocoWorkerOutcome = ScanRangeOutcome | Awaited<ReturnType<typeof runCocoShard>>;

export default function cocoShardWorker(task: CocoWorkerTask): Promise<CocoWorkerOutcome> {
  if ('kind' in task) return task.kind === 'scan' ? scanResultsRange(task) : evaluateScannedShard(task);
  return runCocoShard(task);
}
