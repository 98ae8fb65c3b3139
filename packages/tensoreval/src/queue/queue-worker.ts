import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { TensorEvalWarning } from '@tensoreval/core';
import { encodeCocoState } from '@tensoreval/metrics/detection';
import { runCocoShard } from '../coco-shard';
import cocoShardWorker from '../coco-shard-worker';
import { evaluateScannedShard } from '../coco-split';
import { scanInputsOnce, type ScannedInputs } from '../coco-workers';
import { readJsonInput } from '../read-json';
import { errorToWire, type WireError } from '../wire-error';
import { DEFAULT_QUEUE_NAME, type RedisConnection } from './connection';
import { runEvaluateShard } from '../evaluate-shard';
import { RunInputsCache } from './run-inputs-cache';
import { compress, type InputRef, type ShardJob, type ShardJobResult } from './shard-job';

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
}

/**
 * A BullMQ worker that runs tensoreval shard jobs until `close()`: it fetches the shard's inputs
 * (from Redis or a shared directory), evaluates its images and returns the state (gzip'd Arrow IPC).
 * Bad input fails the job at once (no retry) with the error as data, so the coordinator reports
 * the usual one-line TE error naming the shard.
 */
export function startQueueWorker(connection: RedisConnection, options: QueueWorkerOptions = {}): Worker {
  const log = options.log ?? (() => {});
  const lockDuration = options.lockMs ?? 30000;
  // inputs are read with a client of our own: BullMQ's blocks on the queue
  const redis = new Redis(connection);
  // a lost Redis is reported once per distinct error (BullMQ reconnects), never as ioredis' unhandled error events
  let lastError = '';
  const onError = (error: Error) => {
    if (error.message !== lastError) log(`Redis: ${error.message}`);
    lastError = error.message;
  };
  redis.on('error', onError);
  redis.on('ready', () => { lastError = ''; });
  const get = (key: string) => redis.getBuffer(key);
  const inputs = new RunInputsCache<ScannedInputs | undefined>(RUN_INPUTS_IDLE_MS);
  const worker = new Worker(options.queueName ?? DEFAULT_QUEUE_NAME, (job: Job<ShardJob>) => runShardJob(job, get, log, inputs), {
    connection,
    concurrency: options.concurrency ?? 1,
    lockDuration,
    stalledInterval: lockDuration,
    // a job whose worker died goes back to the queue up to twice before it fails
    maxStalledCount: 2,
  });
  worker.on('failed', (job, error) => log(`job ${job?.id ?? '?'} failed: ${error.message}`));
  worker.on('error', onError);
  worker.on('closed', () => {
    inputs.clear();
    redis.disconnect();
  });
  return worker;
}

async function runShardJob(job: Job<ShardJob>, get: (key: string) => Promise<Buffer | null>, log: (line: string) => void, inputs: RunInputsCache<ScannedInputs | undefined>): Promise<ShardJobResult> {
  const d = job.data;
  if (d.kind !== 'coco' && d.kind !== 'evaluate') throw new UnrecoverableError(JSON.stringify({ message: `unknown shard job kind ${JSON.stringify((d as { kind: unknown }).kind)}` }));
  const where = `shard ${d.index + 1} of ${d.count} (run ${d.runId}, job ${job.id}, attempt ${job.attemptsMade + 1})`;
  log(`${where} started`);
  const scratch = await mkdtemp(join(tmpdir(), 'tensoreval-shard-'));
  try {
    const { bytes, warnings, summary } = d.kind === 'coco' ? await cocoShard(d, scratch, get, inputs) : await evaluateShard(d, scratch, get);
    log(`${where} done: ${summary}, state ${bytes.length} bytes`);
    const extra = warnings.length > 0 ? { warnings } : {};
    if (d.stateDir !== undefined) {
      const statePath = join(d.stateDir, `state-${d.index}.arrow.gz`);
      await writeFile(statePath, bytes);
      return { statePath, ...extra };
    }
    return { state: bytes.toString('base64'), ...extra };
  } catch (error) {
    if (error instanceof UnrecoverableError) throw error;
    // a missing input key, a full disk: retried with backoff by BullMQ
    throw new Error(JSON.stringify(errorToWire(error)));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

type ShardDone = { bytes: Buffer; warnings: TensorEvalWarning[]; summary: string };

/** A COCO shard: both input files, one range of GT images. Bad input is not retried. */
async function cocoShard(d: Extract<ShardJob, { kind: 'coco' }>, scratch: string, get: (key: string) => Promise<Buffer | null>, cache: RunInputsCache<ScannedInputs | undefined>): Promise<ShardDone> {
  // box and mask results are read once per run and worker (the GT loaded, the results scanned), as --workers does;
  // keypoints, LVIS and what the scanner declines read both files per shard, as one pass
  const key = JSON.stringify([d.runId, d.gt, d.dt, d.options]);
  // the files land in this shard's scratch: the shard that reads them for the run also evaluates from them
  // when the scanner declines, rather than fetching them a second time
  let files: [gt: string, dt: string] | undefined;
  const fetchFiles = async () => (files ??= await Promise.all([materialise(d.gt, d.gtName, join(scratch, 'gt'), get), materialise(d.dt, d.dtName, join(scratch, 'dt'), get)]));
  const held = d.options.iouType === 'keypoints' || d.options.lvis === true ? undefined : cache.get(key, async () => {
    const [gt, dt] = await fetchFiles();
    return scanInputsOnce(gt, dt, d.options, 1, cocoShardWorker);
  });
  const once = await held?.value;
  let out: Awaited<ReturnType<typeof runCocoShard>>;
  if (once !== undefined) {
    out = await evaluateScannedShard({ kind: 'evaluate', ...once, gt: d.gtName, dt: d.dtName, options: d.options, index: d.index, count: d.count });
    cache.touch(key); // idle from the end of this shard, however long it took
  } else {
    const [gt, dt] = await fetchFiles();
    out = await runCocoShard({ gt, dt, options: d.options, index: d.index, count: d.count, gtName: d.gtName, dtName: d.dtName });
  }
  if ('error' in out) throw new UnrecoverableError(JSON.stringify(out.error));
  const read = once === undefined ? 'inputs read for this shard' : held?.reused ? 'inputs kept from an earlier shard of the run' : 'inputs read for the run';
  return { bytes: await compress(await encodeCocoState(out.state)), warnings: [], summary: `${out.state.rows.score.length} evaluated detections, ${read}` };
}

/** A datum shard of a metric request: its own request, already cut. Bad input is not retried. */
async function evaluateShard(d: Extract<ShardJob, { kind: 'evaluate' }>, scratch: string, get: (key: string) => Promise<Buffer | null>): Promise<ShardDone> {
  const path = await materialise(d.request, `request-${d.index}.json`, join(scratch, 'request'), get);
  const request = await readJsonInput('evaluate shard', path) as { data: { datums: unknown[] } } & Record<string, unknown>;
  const out = await runEvaluateShard({ request: request as never, base: d.base, ...(d.backend === undefined ? {} : { backend: d.backend }) }, true);
  if ('error' in out) throw new UnrecoverableError(JSON.stringify(out.error));
  return { bytes: await compress(out.state), warnings: out.warnings, summary: `${request.data.datums.length} datums` };
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
