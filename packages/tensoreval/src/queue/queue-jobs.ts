import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Job } from 'bullmq';
import { bareMessage, checkInteger, isGzip, TensorEvalError, type TensorEvalWarning } from '@tensoreval/core';
import type { WireError } from '../wire-error';
import { unreadableInput } from '../read-json';
import { copyByStream } from '../regular-files';
import { DEFAULT_QUEUE_NAME, QUEUE_LIMITS, queueNameOf, type RedisConnection } from './connection';
import { CONNECT_TIMEOUT_MS, connectionName, replyText, settleWithin, valueWithin as within, watchRedis } from './redis-watch';
import {
  compress, decompress, inputKey, INPUT_TTL_S, KEEP_COMPLETED_S, KEEP_FAILED_S, RUN_END_POLL_MS, runEndedKey, SHARD_ATTEMPTS, SHARD_BACKOFF_MS,
  type InputRef, type ShardJob, type ShardJobResult,
} from './shard-job';

/** An input as Redis stores it: gzip'd, or as it is when it is gzip already (a .json.gz file; the workers' readers inflate it). */
function storedBytes(bytes: Uint8Array): Promise<Buffer> {
  return isGzip(bytes) ? Promise.resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) : compress(bytes);
}

/** Options of a run on the queue (`evaluateCocoOnQueue`, `evaluateOnQueue`). */
export interface QueueRunOptions {
  connection: RedisConnection;
  /** how error lines name the connection (default `connection`; the CLI's is `--queue`) */
  option?: string;
  /** shard jobs (the CLI's --shards defaults to 4) */
  shards: number;
  queueName?: string;
  /**
   * a directory every worker can read and write (NFS, a mounted bucket): inputs are copied there and
   * states written there instead of travelling through Redis
   */
  shardDir?: string;
  /** ms to wait for all shards, from the moment Redis answers, before failing the run with TE-402 (default 1 hour) */
  timeoutMs?: number;
  /** called as shards complete (failed shards are not counted) */
  onShard?: (done: number, total: number) => void;
  /** aborting it ends the run (rejecting with the signal's reason) after the same cleanup as any other end */
  signal?: AbortSignal;
}

/** Checks the options of `run` (TE-101 naming the option), before a run reads or sends anything. */
export function checkQueueRun(run: QueueRunOptions, caller: string): void {
  queueNameOf(run.queueName, 'queueName', caller);
  checkInteger(run.shards, 'shards', caller, { min: 1, max: QUEUE_LIMITS.shards });
  if (run.timeoutMs !== undefined) checkInteger(run.timeoutMs, 'timeoutMs', caller, { min: 1, max: QUEUE_LIMITS.timeoutMs });
}

/** An input of a run: a local file (sent under its own name) or bytes. */
export type QueueInput = { file: string } | { bytes: Uint8Array; fileName: string };

/** A shard job's outcome: its state bytes (Arrow IPC) and warnings, or its error as data. */
export type QueueShardOutcome = { state: Uint8Array; warnings: TensorEvalWarning[] } | { error: WireError };

/** Cleanup steps against a Redis that may be gone wait at most this long each. */
const CLEANUP_MS = 5000;
/** How long BullMQ's clients of a lost Redis get to disconnect. */
const LOST_CLOSE_MS = 200;
/** How long a run that ended with shards held by workers waits for them to be cancelled (workers check every RUN_END_POLL_MS). */
const CANCEL_WAIT_MS = 3 * RUN_END_POLL_MS;

/**
 * The coordinator's side of a queue run: stores `inputs` in Redis (gzip, with a TTL) or under
 * `shardDir`, queues one job per shard (`job(i, refs, runId, stateDir)`, retried with backoff, back
 * in the queue when a worker dies), waits for them all and returns each shard's outcome in shard
 * order. Redis that cannot be reached or is lost is TE-401, an input it refuses to store TE-404, a
 * run past its time TE-402. However the
 * run ends (done, failed, timed out, aborted through `run.signal`), its inputs and jobs are deleted:
 * a shard a worker still holds is first cancelled there (the run is marked ended, {@link runEndedKey})
 * and deleted once its worker lets it go, within {@link CANCEL_WAIT_MS}; one that stays held (its
 * worker stopped) keeps the mark, so the worker that takes it up next cancels it at once.
 */
export async function runShardJobs(run: QueueRunOptions, caller: string, count: number, jobName: string, inputs: Readonly<Record<string, QueueInput>>, job: (index: number, refs: Record<string, InputRef>, runId: string, stateDir?: string) => ShardJob): Promise<QueueShardOutcome[]> {
  // checked by the run's caller (checkQueueRun)
  const name = run.queueName ?? DEFAULT_QUEUE_NAME;
  const runId = randomUUID();
  const runDir = run.shardDir === undefined ? undefined : resolve(run.shardDir, runId);
  const timeoutMs = run.timeoutMs ?? 3600_000;
  // the inputs are read first, then gzip'd on libuv's thread pool while this thread loads and connects
  // the queue's clients (BullMQ and ioredis take ~0.3 s to load, during which no read callback would run)
  // an input file that cannot be read is one TE-209 line naming it, as in a local run
  const unreadable = (file: string) => (error: unknown): never => { throw unreadableInput(caller, file, error); };
  const raw = runDir !== undefined ? undefined : await Promise.all(Object.values(inputs).map((source) => ('file' in source ? readFile(source.file).catch(unreadable(source.file)) : source.bytes)));
  const packed = new Map(Object.keys(inputs).map((input, i) => {
    const bytes = raw === undefined ? undefined : storedBytes(raw[i] as Uint8Array);
    bytes?.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
    return [input, bytes] as const;
  }));
  const { Queue, QueueEvents, Redis } = await import('./queue-clients');
  // the run's end conditions other than its outcome: the time limit and the caller's abort
  const finished = new Uint8Array(count);
  let deadline: NodeJS.Timeout | undefined;
  let onAbort = () => {};
  let stop: (error: unknown) => void = () => {};
  const stopped = new Promise<never>((_, reject) => {
    stop = reject;
    onAbort = () => reject(run.signal?.reason);
    if (run.signal?.aborted) onAbort();
    run.signal?.addEventListener('abort', onAbort, { once: true });
  });
  stopped.catch(() => undefined);
  const redis = new Redis(run.connection);
  const watch = watchRedis(redis, run.option, run.connection, Math.min(CONNECT_TIMEOUT_MS, timeoutMs));
  const lost = watch.lost;
  const until = <T>(step: Promise<T>): Promise<T> => Promise.race([step, lost, stopped]);
  const keys = Object.keys(inputs).map((n) => inputKey(runId, n));
  let queue: InstanceType<typeof Queue> | undefined;
  let events: InstanceType<typeof QueueEvents> | undefined;
  let stored: Promise<unknown> | undefined;
  let added: Promise<Job[]> | undefined;
  let connected = false;
  try {
    // the time limit runs from here: until now the watch bounds the wait, and a Redis never reached is its TE-401
    await until(watch.ready);
    connected = true;
    deadline = setTimeout(() => stop(timedOut(finished, timeoutMs)), timeoutMs);
    // their errors are the connection's, which `watch` reports as one TE-401 line
    queue = new Queue(name, { connection: run.connection }).on('error', () => undefined);
    // each job's wait for its end (and a held job's wait when the run ends) listens for the queue's 'closing'
    queue.setMaxListeners(2 * count + 10);
    events = new QueueEvents(name, { connection: run.connection }).on('error', () => undefined);
    await until(events.waitUntilReady());
    const storing = Promise.all(Object.entries(inputs).map(async ([input, source]): Promise<[string, InputRef]> => {
      if (runDir !== undefined) {
        await mkdir(join(runDir, input), { recursive: true });
        const path = join(runDir, input, basename('file' in source ? source.file : source.fileName));
        // streamed, not copyFile: a pipe input has no size to copy
        if ('file' in source) await copyByStream(source.file, path).catch(unreadable(source.file));
        else await writeFile(path, source.bytes);
        return [input, { path }];
      }
      const key = inputKey(runId, input);
      const bytes = (await packed.get(input)) as Buffer;
      await redis.set(key, bytes, 'EX', INPUT_TTL_S).catch((error: unknown) => {
        throw refusedInput(run.option, 'file' in source ? source.file : source.fileName, bytes.length, error);
      });
      return [input, { redisKey: key }];
    }));
    stored = storing;
    const refs: Record<string, InputRef> = Object.fromEntries(await until(storing));
    const adding = queue.addBulk(Array.from({ length: count }, (_, i) => ({
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
    added = adding;
    const jobs = await until(adding);
    let done = 0;
    const ready = events;
    return await until(Promise.all(jobs.map(async (j, i): Promise<QueueShardOutcome> => {
      let outcome: QueueShardOutcome;
      try {
        const result = (await j.waitUntilFinished(ready)) as ShardJobResult;
        outcome = await stateOf(result);
        if ('state' in outcome) run.onShard?.(++done, count);
      } catch (error) {
        outcome = { error: failure(error) };
      }
      finished[i] = 1;
      return outcome;
    })));
  } finally {
    clearTimeout(deadline);
    run.signal?.removeEventListener('abort', onAbort);
    watch.stop();
    // with Redis gone there is nothing to delete it from (the inputs' TTL and the jobs' age remain) and closing would wait for it
    const alive = connected && redis.status === 'ready';
    if (alive) await removeRun();
    if (runDir !== undefined) await rm(runDir, { recursive: true, force: true });
    redis.disconnect();
    // a lost Redis: their clients stop reconnecting (close would wait for it forever)
    await settleWithin(alive ? events?.close() : events?.disconnect(), alive ? CLEANUP_MS : LOST_CLOSE_MS);
    await settleWithin(alive ? queue?.close() : queue?.disconnect(), alive ? CLEANUP_MS : LOST_CLOSE_MS);
  }

  async function removeRun(): Promise<void> {
    const jobs = (await within(added, CLEANUP_MS)) ?? [];
    // a job a worker holds is locked, and BullMQ cannot remove it: the mark tells its worker to cancel it
    let held = await removeJobs(jobs);
    const ended = runEndedKey(runId);
    if (held.length > 0) {
      await settleWithin(redis.set(ended, '1', 'EX', INPUT_TTL_S), CLEANUP_MS);
      const ready = events;
      if (ready !== undefined) await settleWithin(Promise.all(held.map((j) => j.waitUntilFinished(ready).catch(() => undefined))), CANCEL_WAIT_MS);
      held = await removeJobs(held);
    }
    await settleWithin(stored, CLEANUP_MS);
    // the mark stays while a job is still held, for the worker that takes it up once its lock expires
    const gone = held.length === 0 ? [...keys, ended] : keys;
    await settleWithin(redis.del(...gone), CLEANUP_MS);
  }

  /** Removes `list` and returns the jobs that were not removed: locked by a worker (BullMQ's 0), or the removal failed or took too long. */
  async function removeJobs(list: readonly Job[]): Promise<Job[]> {
    const q = queue;
    if (q === undefined) return [];
    const codes = await Promise.all(list.map((j) => (j.id === undefined ? 1 : within(q.remove(j.id), CLEANUP_MS))));
    return list.filter((_, i) => codes[i] !== 1);
  }
}

/** A finished job's state, read and inflated; one that cannot be is TE-209 (the caller prefixes the shard). */
export async function stateOf(result: ShardJobResult): Promise<QueueShardOutcome> {
  const from = 'statePath' in result ? `its state file ${result.statePath}` : 'its state as returned through Redis';
  try {
    const bytes = 'statePath' in result ? await readFile(result.statePath) : Buffer.from(result.state, 'base64');
    return { state: await decompress(bytes), warnings: result.warnings ?? [] };
  } catch (error) {
    return { error: { code: 'TE-209', message: `${from} could not be read or inflated: ${bareMessage(error)}` } };
  }
}

/**
 * TE-404 for an input Redis refused to store, with what to do about its reply: a value past
 * `proto-max-bulk-len`, a server out of memory, or any other refusal (an ACL user without write
 * access, a read-only replica); a failure that is not Redis's reply (the connection's) is thrown as
 * it is, for the watch's TE-401.
 */
function refusedInput(option: string | undefined, file: string, bytes: number, error: unknown): unknown {
  if (!(error instanceof Error) || error.name !== 'ReplyError') return error;
  const reply = replyText(error) ?? '';
  const shared = 'pass the inputs through a shared directory (--shard-dir, shardDir)';
  const todo = /^ERR Protocol error: invalid bulk length/.test(reply)
    ? `Redis stores at most proto-max-bulk-len bytes per value (512 MB unless configured); ${shared} or raise that limit`
    : /^OOM\b/.test(reply)
      ? `Redis is at its maxmemory; ${shared}, free memory there or raise maxmemory`
      : "check that the server takes writes (not a read-only replica) and that the URL's user may write tensoreval:run:* keys";
  return new TensorEvalError('TE-404', `The queue's Redis (${connectionName(option)}) refused input ${file} (${(bytes / 2 ** 20).toFixed(1)} MiB gzip'd): ${reply}. ${todo}.`);
}

/** TE-402 naming the shards still out when the run's time ran out, and the limit. */
function timedOut(finished: Uint8Array, timeoutMs: number): TensorEvalError {
  const out: number[] = [];
  finished.forEach((f, i) => { if (f === 0) out.push(i + 1); });
  const listed = out.length > 8 ? `${out.slice(0, 8).join(', ')}, … (${out.length} in all)` : out.join(', ');
  return new TensorEvalError('TE-402', `The queue run timed out after ${timeoutMs / 1000} s (--queue-timeout, timeoutMs) with shard${out.length === 1 ? '' : 's'} ${listed} of ${finished.length} unfinished.`);
}

/**
 * A failed job's reason: the worker's error as data (JSON), or BullMQ's own message (stalled too
 * often). A failure that carries no code is not about the input: TE-403.
 */
export function failure(error: unknown): WireError {
  const message = bareMessage(error);
  try {
    const wire = JSON.parse(message) as WireError;
    if (typeof wire.message === 'string') return wire.code === undefined ? { ...wire, code: 'TE-403', message: `failed on every attempt on the workers: ${wire.message}` } : wire;
  } catch {
    // not ours: fall through
  }
  const stalled = /stalled more than allowable limit/.test(message) ? ' (its worker died or was blocked past its lock on every attempt)' : '';
  return { code: 'TE-403', message: `failed on the queue: ${message}${stalled}` };
}
