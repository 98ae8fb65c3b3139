import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { UnrecoverableError, Worker, type Job, type WorkerOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { checkInteger, type TensorEvalError, type TensorEvalWarning } from '@tensoreval/core';
import cocoShardWorker, { type CocoWorkerOutcome, type CocoWorkerTask } from '../coco-shard-worker';
import { scannable } from '../coco-files';
import { scanInputsOnce, type ScannedInputs } from '../coco-workers';
import evaluateShardWorker from '../evaluate-shard-worker';
import { openShardPool, type ShardPool } from '../shard-pool';
import { errorToWire, type WireError } from '../wire-error';
import { QUEUE_LIMITS, queueNameOf, WORKER_DEFAULTS, type RedisConnection } from './connection';
import type { QueuedShardOutcome } from './queued-shard';
import { CONNECT_TIMEOUT_MS, settleWithin, watchRedis } from './redis-watch';
import { RunInputsCache } from './run-inputs-cache';
import { RunEndWatches } from './run-end-watch';
import type { InputRef, ShardJob, ShardJobResult } from './shard-job';

const CALLER = 'startQueueWorker';

/** A worker drops the inputs of the run it served last when no shard of it has come for this long. */
const RUN_INPUTS_IDLE_MS = 60_000;

/** Options of {@link startQueueWorker}. */
export interface QueueWorkerOptions {
  queueName?: string;
  /** shard jobs run at a time by this process (default 1: a COCO shard uses one core) */
  concurrency?: number;
  /**
   * ms a running job's lock lasts without renewal (default 30000). A worker that dies (SIGKILL, lost
   * machine) stops renewing; after this its job goes back to the queue for another worker.
   */
  lockMs?: number;
  /** one line per job event (started, done, failed) */
  log?: (line: string) => void;
  /** how error lines name the connection (default `connection`; the CLI's is `--queue`) */
  option?: string;
  /**
   * ms to wait for Redis, at the start or after the connection dropped (default 10000). Not reached
   * at the start: `startQueueWorker` rejects with TE-401. Lost for longer once started: the worker
   * closes itself (its running job's lock expires, so another worker reruns it) and calls `onLost`.
   */
  connectTimeoutMs?: number;
  /** called with the TE-401 error once a worker that lost Redis has closed itself (default: its line goes to `log`) */
  onLost?: (error: TensorEvalError) => void;
}

/**
 * A BullMQ worker that runs tensoreval shard jobs until `close()`: it fetches the shard's inputs
 * (from Redis or a shared directory), evaluates its images and returns the state (gzip'd Arrow IPC).
 * The reading, evaluating and encoding run in a pool of `concurrency` threads that lives as long as
 * the worker, so this thread stays free to renew the jobs' locks however long a shard takes.
 * Bad input fails the job at once (no retry) with the error as data, so the coordinator reports
 * the usual one-line TE error naming the shard. Resolves once the worker takes jobs; a Redis that
 * does not answer within `connectTimeoutMs` is TE-401 (ioredis, and so BullMQ, would wait forever).
 */
export async function startQueueWorker(connection: RedisConnection, options: QueueWorkerOptions = {}): Promise<Worker> {
  const queueName = queueNameOf(options.queueName, 'queueName', CALLER);
  const log = options.log ?? (() => {});
  const lockDuration = options.lockMs === undefined ? WORKER_DEFAULTS.lockMs : checkInteger(options.lockMs, 'lockMs', CALLER, QUEUE_LIMITS.lockMs);
  const concurrency = options.concurrency === undefined ? WORKER_DEFAULTS.concurrency : checkInteger(options.concurrency, 'concurrency', CALLER, { min: 1, max: QUEUE_LIMITS.concurrency });
  const connectMs = options.connectTimeoutMs === undefined ? CONNECT_TIMEOUT_MS : checkInteger(options.connectTimeoutMs, 'connectTimeoutMs', CALLER, { min: 1, max: QUEUE_LIMITS.connectTimeoutMs });
  // inputs are read with a client of our own (BullMQ's blocks on the queue); it is also the one watched for TE-401
  const redis = new Redis(connection);
  const watch = watchRedis(redis, options.option, connection, connectMs);
  try {
    await watch.ready;
  } catch (error) {
    watch.stop();
    redis.disconnect();
    throw error;
  }
  // once connected, each distinct error is logged once (BullMQ reconnects), never as ioredis' unhandled error events;
  // the worker's own (a lock it could not renew once stalled, say) are BullMQ's, not the connection's
  let lastError = '';
  const logOnce = (from: string) => (error: Error) => {
    if (error.message !== lastError) log(`${from}: ${error.message}`);
    lastError = error.message;
  };
  redis.on('error', logOnce('Redis'));
  redis.on('ready', () => { lastError = ''; });
  const get = (key: string) => redis.getBuffer(key);
  const runEnds = new RunEndWatches(async (key) => (await redis.exists(key)) > 0);
  const inputs = new RunInputsCache<ScannedInputs | undefined>(RUN_INPUTS_IDLE_MS);
  const pool = openShardPool('coco-shard-worker', concurrency);
  const context: ShardContext = { get, runEnds, log, inputs, pool, threads: concurrency };
  const worker = new ShardWorker(queueName, (job: Job<ShardJob>) => runShardJob(job, context), {
    connection,
    concurrency,
    lockDuration,
    stalledInterval: lockDuration,
    // a job whose worker died goes back to the queue up to twice before it fails
    maxStalledCount: 2,
  }, pool);
  // a cancelled shard has its own line (runShardJob)
  worker.on('failed', (job, error) => { if (!(error instanceof CancelledShard)) log(`job ${job?.id ?? '?'} failed: ${error.message}`); });
  worker.on('error', logOnce('queue'));
  worker.on('closed', () => {
    watch.stop();
    inputs.clear();
    redis.disconnect();
  });
  try {
    await Promise.race([worker.waitUntilReady(), watch.lost]);
  } catch (error) {
    await settleWithin(worker.close(true), 2000);
    throw error;
  }
  void watch.lost.catch(async (error: TensorEvalError) => {
    await settleWithin(worker.close(true), 2000);
    (options.onLost ?? ((e: TensorEvalError) => log(e.message)))(error);
  });
  return worker;
}

/** A BullMQ worker whose `close()` also ends its shard threads, once its running jobs are done. */
class ShardWorker extends Worker<ShardJob, ShardJobResult> {
  constructor(name: string, processor: (job: Job<ShardJob>) => Promise<ShardJobResult>, options: WorkerOptions, private readonly pool: ShardPool) {
    super(name, processor, options);
  }

  override async close(force?: boolean): Promise<void> {
    try {
      await super.close(force);
    } finally {
      await this.pool.close();
    }
  }
}

/** What every job of a worker shares: the Redis reads, the runs' end marks, the log, the run's inputs and the threads. */
interface ShardContext {
  get: (key: string) => Promise<Buffer | null>;
  /** the end marks of the runs whose shards run here */
  runEnds: RunEndWatches;
  log: (line: string) => void;
  inputs: RunInputsCache<ScannedInputs | undefined>;
  pool: ShardPool;
  threads: number;
}

/** A failure that is not bad input, already as wire data: BullMQ retries the job. */
class RetriedFailure extends Error {}

/** A shard whose run had ended: failed, never retried. */
class CancelledShard extends UnrecoverableError {}

async function runShardJob(job: Job<ShardJob>, c: ShardContext): Promise<ShardJobResult> {
  const d = job.data;
  if (d.kind !== 'coco' && d.kind !== 'evaluate') throw new UnrecoverableError(JSON.stringify({ code: 'TE-403', message: `not run: its kind ${JSON.stringify((d as { kind: unknown }).kind)} is not one this worker knows (a coordinator of another version?)` } satisfies WireError));
  const attempt = job.attemptsMade + 1;
  const where = `shard ${d.index + 1} of ${d.count} (run ${d.runId}, job ${job.id}, attempt ${attempt})`;
  c.log(`${where} started`);
  const scratch = await mkdtemp(join(tmpdir(), 'tensoreval-shard-'));
  const ended = c.runEnds.hold(d.runId);
  try {
    await ended.checked;
    ended.signal.throwIfAborted();
    const { bytes, warnings, summary } = d.kind === 'coco' ? await cocoShard(d, scratch, c, ended.signal) : await evaluateShard(d, scratch, c, ended.signal);
    c.log(`${where} done: ${summary}, state ${bytes.length} bytes`);
    const extra = warnings.length > 0 ? { warnings } : {};
    if (d.stateDir !== undefined) return { statePath: await writeState(d.stateDir, d.index, attempt, bytes), ...extra };
    return { state: bytes.toString('base64'), ...extra };
  } catch (error) {
    // its run is over (no coordinator waits for it): not retried, and nothing is written
    if (ended.signal.aborted) {
      c.log(`${where} cancelled: its run ended`);
      throw new CancelledShard(JSON.stringify({ code: 'TE-403', message: 'cancelled on its worker: its run had ended' } satisfies WireError));
    }
    if (error instanceof UnrecoverableError || error instanceof RetriedFailure) throw error;
    // a full disk, a shared directory gone: retried with backoff by BullMQ (a missing input key is unrecoverable: materialise)
    throw new Error(JSON.stringify(errorToWire(error)));
  } finally {
    ended.release();
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Writes a shard's state into the shared directory under a name of its own: the attempt and a random
 * suffix (a job back from a stall keeps its attempt number), written to a temporary name and renamed,
 * so an attempt that lost its lock never overwrites, nor leaves half-written, the file the
 * coordinator reads (the one the finished job names).
 */
export async function writeState(dir: string, index: number, attempt: number, bytes: Buffer): Promise<string> {
  const path = join(dir, `state-${index}.attempt-${attempt}-${randomUUID()}.arrow.gz`);
  const partial = `${path}.partial`;
  try {
    await writeFile(partial, bytes);
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return path;
}

type ShardDone = { bytes: Buffer; warnings: TensorEvalWarning[]; summary: string };

/** A shard's outcome from its thread: bad input fails the job at once, any other failure is retried. */
function shardDone(out: QueuedShardOutcome, summary: (rows: number) => string): ShardDone {
  if ('error' in out) throw new UnrecoverableError(JSON.stringify(out.error));
  if ('failed' in out) throw new RetriedFailure(JSON.stringify(out.failed));
  // the state crossed from its thread as a plain Uint8Array
  return { bytes: Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength), warnings: out.warnings, summary: summary(out.rows) };
}

/** A COCO shard: both input files, one range of GT images. Bad input is not retried. */
async function cocoShard(d: Extract<ShardJob, { kind: 'coco' }>, scratch: string, c: ShardContext, signal: AbortSignal): Promise<ShardDone> {
  // the run's inputs read once for its shards run with the run's signal, which every shard of it shares
  const run = (task: CocoWorkerTask) => c.pool.run<CocoWorkerTask, CocoWorkerOutcome>(task, cocoShardWorker, undefined, signal);
  // box and mask results are read once per run and worker (the GT loaded, the results scanned, in the
  // threads), as --workers does; keypoints, LVIS and what the scanner declines read both files per shard, as one pass
  const key = JSON.stringify([d.runId, d.gt, d.dt, d.options]);
  // the files land in this shard's scratch: the shard that reads them for the run also evaluates from them
  // when the scanner declines, rather than fetching them a second time
  let files: [gt: string, dt: string] | undefined;
  const fetchFiles = async () => (files ??= await Promise.all([materialise(d.gt, d.gtName, join(scratch, 'gt'), c.get), materialise(d.dt, d.dtName, join(scratch, 'dt'), c.get)]));
  const held = !scannable(d.options) ? undefined : c.inputs.get(key, async () => {
    const [gt, dt] = await fetchFiles();
    return scanInputsOnce(gt, dt, d.options, c.threads, run);
  });
  const once = await held?.value;
  const shard = { options: d.options, index: d.index, count: d.count };
  let out: QueuedShardOutcome;
  if (once !== undefined) {
    out = await run({ kind: 'queued', shard: { kind: 'evaluate', ...once, gt: d.gtName, dt: d.dtName, ...shard } }) as QueuedShardOutcome;
    c.inputs.touch(key); // idle from the end of this shard, however long it took
  } else {
    const [gt, dt] = await fetchFiles();
    out = await run({ kind: 'queued', shard: { gt, dt, gtName: d.gtName, dtName: d.dtName, ...shard } }) as QueuedShardOutcome;
  }
  const read = once === undefined ? 'inputs read for this shard' : held?.reused ? 'inputs kept from an earlier shard of the run' : 'inputs read for the run';
  return shardDone(out, (rows) => `${rows} evaluated detections, ${read}`);
}

/** A datum shard of a metric request: its own request, already cut. Bad input is not retried. */
async function evaluateShard(d: Extract<ShardJob, { kind: 'evaluate' }>, scratch: string, c: ShardContext, signal: AbortSignal): Promise<ShardDone> {
  const requestPath = await materialise(d.request, `request-${d.index}.json`, join(scratch, 'request'), c.get);
  const task = { requestPath, base: d.base, ...(d.backend === undefined ? {} : { backend: d.backend }) };
  const out = await c.pool.run(task, evaluateShardWorker, 'evaluate-shard-worker', signal) as QueuedShardOutcome;
  return shardDone(out, (rows) => `${rows} datums`);
}

/**
 * The local path of an input: a shared-directory path as is, a Redis key's bytes written into `dir`
 * under its original name. They stay gzip'd: every reader inflates gzip by its magic bytes, in one
 * call, which is faster than inflating here and reading the larger file back.
 */
async function materialise(ref: InputRef, name: string, dir: string, get: (key: string) => Promise<Buffer | null>): Promise<string> {
  if ('path' in ref) return ref.path;
  const bytes = await get(ref.redisKey);
  // gone for good (the run ended, its TTL passed): retrying cannot bring it back
  if (bytes === null) throw new UnrecoverableError(JSON.stringify({ code: 'TE-209', message: `input ${name} is no longer in Redis (key ${ref.redisKey} expired or was deleted: its run ended or timed out)` } satisfies WireError));
  await mkdir(dir, { recursive: true });
  const path = join(dir, basename(name));
  await writeFile(path, bytes);
  return path;
}
