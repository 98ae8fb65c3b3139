// Worker-thread entry of `evaluateCoco(..., { workers })`, built to dist/coco-shard-worker.js: one
// task per call — the GT to load or a range of the results file to scan, or a COCO shard to evaluate
// over them (coco-split.ts), or a shard that reads both files itself (coco-shard.ts).
import { runCocoShard, type CocoShardTask } from './coco-shard';
import { evaluateScannedShard, loadGtTask, scanResultsRange, type LoadGtOutcome, type LoadGtTask, type ScannedShardTask, type ScanRangeOutcome, type ScanRangeTask } from './coco-split';

export type CocoWorkerTask = CocoShardTask | LoadGtTask | ScanRangeTask | ScannedShardTask;
export type CocoWorkerOutcome = LoadGtOutcome | ScanRangeOutcome | Awaited<ReturnType<typeof runCocoShard>>;

export default function cocoShardWorker(task: CocoWorkerTask): Promise<CocoWorkerOutcome> {
  if (!('kind' in task)) return runCocoShard(task);
  if (task.kind === 'gt') return loadGtTask(task);
  return task.kind === 'scan' ? scanResultsRange(task) : evaluateScannedShard(task);
}
