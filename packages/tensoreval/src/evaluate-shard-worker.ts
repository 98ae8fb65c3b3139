// Worker-thread entry of `evaluate(request, { workers })`, built to dist/evaluate-shard-worker.js:
// one datum shard per task (see evaluate-shard.ts), or a queue job's shard read from its file
// (queue/queued-shard.ts).
import { runEvaluateShard, type EvaluateShardOutcome, type EvaluateShardTask } from './evaluate-shard';
import { queuedEvaluateShard, type QueuedEvaluateTask, type QueuedShardOutcome } from './queue/queued-shard';

export default function evaluateShardWorker(task: EvaluateShardTask | QueuedEvaluateTask): Promise<EvaluateShardOutcome | QueuedShardOutcome> {
  return 'requestPath' in task ? queuedEvaluateShard(task) : runEvaluateShard(task, true);
}
