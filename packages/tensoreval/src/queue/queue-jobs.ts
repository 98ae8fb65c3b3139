import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { isGzip, type TensorEvalWarning } from '@tensoreval/core';
import type { WireError } from '../wire-error';
import { copyByStream } from '../regular-files';
import { DEFAULT_QUEUE_NAME, type RedisConnection } from './connection';
import {
  compress, decompress, inputKey, INPUT_TTL_S, KEEP_COMPLETED_S, KEEP_FAILED_S, SHARD_ATTEMPTS, SHARD_BACKOFF_MS,
  type InputRef, type ShardJob, type ShardJobResult,
} from './shard-job';

/** An input as Redis stores it: gzip'd, or as it is when it is gzip already (a .json.gz file; the workers' readers inflate it). */
function storedBytes(bytes: Uint8Array): Promise<Buffer> {
  return isGzip(bytes) ? Promise.resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : compress(bytes);
}

/** Options of a run on the queue (`evaluateCocoOnQueue`, `evaluateOnQueue`). */
export interface QueueRunOptions {
  connection: RedisConnection;
  /** shard jobs (default 4) */
  shards: number;
  queueName?: string;
  /**
   * a directory every worker can read and write (NFS, a mounted bucket): inputs are copied there and
   * states written there instead of travelling through Redis
   */
  shardDir?: string;
  /** ms to wait for all shards before failing the run (default 1 hour) */
  timeoutMs?: number;
  /** called as shards finish */
  onShard?: (done: number, total: number) => void;
}

/** An input of a run: a local file (sent under its own name) or bytes. */
export type QueueInput = { file: string } | { bytes: Uint8Array; fileName: string };

/** A shard job's outcome: its state bytes (Arrow IPC) and warnings, or its error as data. */
export type QueueShardOutcome = { state: Uint8Array; warnings: TensorEvalWarning[] } | { error: WireError };

/**
 * The coordinator's side of a queue run: stores `inputs` in Redis (gzip, with a TTL) or under
 * `shardDir`, queues one job per shard (`job(i, refs, runId, stateDir)`, retried with backoff, back
 * in the queue when a worker dies), waits for them all and returns each shard's outcome in shard
 * order. The inputs are deleted when the run ends, whatever its outcome.
 */
export async function runShardJobs(run: QueueRunOptions, count: number, jobName: string, inputs: Readonly<Record<string, QueueInput>>, job: (index: number, refs: Record<string, InputRef>, runId: string, stateDir?: string) => ShardJob): Promise<QueueShardOutcome[]> {
  const name = run.queueName ?? DEFAULT_QUEUE_NAME;
  const runId = randomUUID();
  const runDir = run.shardDir === undefined ? undefined : resolve(run.shardDir, runId);
  // the inputs are read first, then gzip'd on libuv's thread pool while this thread loads and connects
  // the queue's clients (BullMQ and ioredis take ~0.3 s to load, during which no read callback would run)
  const raw = runDir !== undefined ? undefined : await Promise.all(Object.values(inputs).map((source) => ('file' in source ? readFile(source.file) : source.bytes)));
  const packed = new Map(Object.keys(inputs).map((input, i) => {
    const bytes = raw === undefined ? undefined : storedBytes(raw[i] as Uint8Array);
    bytes?.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
    return [input, bytes] as const;
  }));
  const { Queue, QueueEvents, Redis } = await import('./queue-clients');
  const queue = new Queue(name, { connection: run.connection });
  const events = new QueueEvents(name, { connection: run.connection });
  const redis = new Redis(run.connection);
  const keys = Object.keys(inputs).map((n) => inputKey(runId, n));
  try {
    await events.waitUntilReady();
    const refs: Record<string, InputRef> = Object.fromEntries(await Promise.all(Object.entries(inputs).map(async ([input, source]): Promise<[string, InputRef]> => {
      if (runDir !== undefined) {
        await mkdir(join(runDir, input), { recursive: true });
        const path = join(runDir, input, basename('file' in source ? source.file : source.fileName));
        // streamed, not copyFile: a pipe input has no size to copy
        if ('file' in source) await copyByStream(source.file, path);
        else await writeFile(path, source.bytes);
        return [input, { path }];
      }
      const key = inputKey(runId, input);
      await redis.set(key, (await packed.get(input)) as Buffer, 'EX', INPUT_TTL_S);
      return [input, { redisKey: key }];
    })));
    const jobs = await queue.addBulk(Array.from({ length: count }, (_, i) => ({
      name: jobName,
      data: job(i, refs, runId, runDir),
      opts: {
        jobId: `${runId}-${i}`,
        attempts: SHARD_ATTEMPTS,
        backoff: { type: 'exponential', delay: SHARD_BACKOFF_MS },
        removeOnComplete: { age: KEEP_COMPLETED_S },
        removeOnFail: { age: KEEP_FAILED_S },
      },
    })));
    let done = 0;
    const timeoutMs = run.timeoutMs ?? 3600_000;
    return await Promise.all(jobs.map(async (j): Promise<QueueShardOutcome> => {
      let outcome: QueueShardOutcome;
      try {
        const result = (await j.waitUntilFinished(events, timeoutMs)) as ShardJobResult;
        const bytes = 'statePath' in result ? await readFile(result.statePath) : Buffer.from(result.state, 'base64');
        outcome = { state: await decompress(bytes), warnings: result.warnings ?? [] };
      } catch (error) {
        outcome = { error: failure(error) };
      }
      run.onShard?.(++done, count);
      return outcome;
    }));
  } finally {
    if (keys.length > 0) await redis.del(...keys).catch(() => 0);
    if (runDir !== undefined) await rm(runDir, { recursive: true, force: true });
    redis.disconnect();
    await events.close();
    await queue.close();
  }
}

/** A failed job's reason: the worker's error as data (JSON), or BullMQ's own message (stalled too often, timeout). */
function failure(error: unknown): WireError {
  const message = error instanceof Error ? error.message : String(error);
  try {
    const wire = JSON.parse(message) as WireError;
    if (typeof wire.message === 'string') return wire;
  } catch {
    // not ours: fall through
  }
  return { message };
}
