import { invalidOption } from '@tensoreval/core';
import { DEFAULT_QUEUE_NAME, parseRedisUrl, QUEUE_LIMITS, queueNameOf, WORKER_DEFAULTS } from '../queue/connection';
import { startQueueWorker } from '../queue/queue-worker';
import { flagString, parseArgs } from './args';
import type { CommandSpec } from './command-spec';
import { integerFlag } from './number-flags';

const CMD = 'tensoreval worker';

/** `tensoreval worker`: every flag, with what it does (printed by `tensoreval worker --help`). */
export const workerSpec: CommandSpec = {
  name: 'worker',
  synopsis: '--queue redis://HOST:PORT [flags]',
  summary: 'Runs shard jobs that `tensoreval coco` and `tensoreval evaluate` queue with --queue (BullMQ on Redis) until SIGINT or SIGTERM, then finishes the running job (waiting at most 10 s) and exits 0. A worker killed outright loses nothing: its job returns to the queue once its lock expires. A Redis it cannot reach, or loses, for --connect-timeout is one TE-401 line and exit status 2.',
  flags: {
    queue: { value: 'redis://HOST:PORT', help: 'the Redis to take jobs from (redis:// or rediss://, optional user:password@ and /db). Required.' },
    'queue-name': { value: 'NAME', help: `the BullMQ queue name; the same as the runs' --queue-name (default ${DEFAULT_QUEUE_NAME}).` },
    concurrency: { value: 'N', help: `jobs run at once by this process, 1 to ${QUEUE_LIMITS.concurrency} (default ${WORKER_DEFAULTS.concurrency}).` },
    'lock-ms': { value: 'MS', help: `how long a job stays locked to this worker without a renewal before it returns to the queue, ${QUEUE_LIMITS.lockMs.min} to ${QUEUE_LIMITS.lockMs.max} (default ${WORKER_DEFAULTS.lockMs}).` },
    'connect-timeout': { value: 'S', help: `seconds to wait for Redis, at the start or after the connection dropped, before exiting with status 2 and one TE-401 line, 1 to ${QUEUE_LIMITS.connectTimeoutMs / 1000} (default ${WORKER_DEFAULTS.connectTimeoutMs / 1000}).` },
    quiet: { help: 'no log lines on stderr (jobs taken, done, failed).' },
  },
  notes: `Example:
  tensoreval worker --queue redis://localhost:6379 --concurrency 2`,
};

/**
 * `tensoreval worker` (see {@link workerSpec}): runs shard jobs from the queue until SIGINT / SIGTERM (then finishes the running job, waiting at most
 * 10 s, and exits 0).
 * A worker killed outright loses nothing: its job returns to the queue once its lock expires.
 */
export async function workerCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, workerSpec);
  const url = flagString(args, 'queue');
  if (url === undefined) throw invalidOption(CMD, '--queue', 'a redis://host:port URL', undefined);
  const connection = parseRedisUrl(url, '--queue', CMD);
  const quiet = args.flags.has('quiet');
  const log = (line: string) => { if (!quiet) process.stderr.write(`tensoreval worker ${process.pid}: ${line}\n`); };
  const queueName = queueNameOf(flagString(args, 'queue-name'), '--queue-name', CMD);
  const connectS = integerFlag(args, 'connect-timeout', CMD, 1, QUEUE_LIMITS.connectTimeoutMs / 1000);
  let failLost: (error: unknown) => void = () => {};
  const lost = new Promise<never>((_, reject) => { failLost = reject; });
  lost.catch(() => undefined); // raced below, once the worker runs
  const concurrency = integerFlag(args, 'concurrency', CMD, 1, QUEUE_LIMITS.concurrency);
  const lockMs = integerFlag(args, 'lock-ms', CMD, QUEUE_LIMITS.lockMs.min, QUEUE_LIMITS.lockMs.max);
  const worker = await startQueueWorker(connection, {
    ...(concurrency === undefined ? {} : { concurrency }),
    ...(lockMs === undefined ? {} : { lockMs }),
    log,
    option: '--queue',
    onLost: failLost,
    ...(connectS === undefined ? {} : { connectTimeoutMs: connectS * 1000 }),
    queueName,
  });
  log(`waiting for jobs on ${url.replace(/\/\/[^@/]*@/, '//***@')} queue '${worker.name}'`);
  await new Promise<void>((done, fail) => {
    const stop = () => {
      log('stopping after the running job');
      void worker.close().then(done);
      // close waits on Redis; if it is gone, leave anyway: an unfinished job's lock expires and it is rerun
      setTimeout(() => process.exit(0), 10_000).unref();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // Redis gone for longer than the connect timeout: the worker has closed itself; one TE-401 line and status 2
    lost.catch((error: unknown) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      fail(error);
    });
  });
  return 0;
}
