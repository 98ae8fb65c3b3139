// Worker-thread entry of `evaluateCoco(..., { workers })`, built to dist/coco-shard-worker.js: one
// task per call — the GT to load or a range of the results file to scan, a COCO shard to evaluate
// over them or a slice of categories to accumulate (coco-split.ts), or a shard that reads both files
// itself (coco-shard.ts); for a queue worker, either shard encoded and gzip'd (queue/queued-shard.ts).
import { runCocoShard, type CocoShardTask } from './coco-shard';
import { accumulateTask, evaluateScannedShard, loadGtTask, scanResultsRange, type AccumulateTask, type LoadGtOutcome, type LoadGtTask, type ScannedShardTask, type ScanRangeOutcome, type ScanRangeTask } from './coco-split';
import { queuedCocoShard, type QueuedCocoTask, type QueuedShardOutcome } from './queue/queued-shard';

export type CocoWorkerTask = CocoShardTask | LoadGtTask | ScanRangeTask | ScannedShardTask | AccumulateTask | QueuedCocoTask;
export type CocoWorkerOutcome = LoadGtOutcome | ScanRangeOutcome | Awaited<ReturnType<typeof runCocoShard>> | { done: true } | QueuedShardOutcome;

export default function cocoShardWorker(task: CocoWorkerTask): Promise<CocoWorkerOutcome> {
  if (!('kind' in task)) return runCocoShard(task);
  if (task.kind === 'gt') return loadGtTask(task);
  if (task.kind === 'accumulate') return accumulateTask(task);
  if (task.kind === 'queued') return queuedCocoShard(task);
  return task.kind === 'scan' ? scanResultsRange(task) : evaluateScannedShard(task);
}
