import { invalidOption } from '@tensoreval/core';
import { parseRedisUrl } from '../queue/connection';
import { startQueueWorker } from '../queue/queue-worker';
import { flagString, parseArgs } from './args';
import { integerFlag } from './number-flags';

const CMD = 'tensoreval worker';

/**
 * `tensoreval worker --queue redis://HOST:PORT [--queue-name tensoreval] [--concurrency 1] [--lock-ms 30000] [--quiet]`:
 * runs shard jobs from the queue until SIGINT / SIGTERM (then finishes the running job, waiting at most
 * 10 s, and exits 0).
 * A worker killed outright loses nothing: its job returns to the queue once its lock expires.
 */
export async function workerCommand(argv: readonly string[]): Promise<number> {
  const args = parseArgs(argv, 'worker', { values: ['queue', 'queue-name', 'concurrency', 'lock-ms'], booleans: ['quiet'] });
  if (args.positional.length > 0) throw invalidOption(CMD, 'arguments', 'flags only', args.positional.join(' '), 'TE-102');
  const url = flagString(args, 'queue');
  if (url === undefined) throw invalidOption(CMD, '--queue', 'a redis://host:port URL', undefined);
  const connection = parseRedisUrl(url, '--queue', CMD);
  const quiet = args.flags.has('quiet');
  const log = (line: string) => { if (!quiet) process.stderr.write(`tensoreval worker ${process.pid}: ${line}\n`); };
  const queueName = flagString(args, 'queue-name');
  const worker = startQueueWorker(connection, {
    concurrency: integerFlag(args, 'concurrency', CMD, 1, 256) ?? 1,
    lockMs: integerFlag(args, 'lock-ms', CMD, 1000, 3600_000) ?? 30000,
    log,
    ...(queueName === undefined ? {} : { queueName }),
  });
  await worker.waitUntilReady();
  log(`waiting for jobs on ${url.replace(/\/\/[^@/]*@/, '//***@')} queue '${worker.name}'`);
  await new Promise<void>((done) => {
    const stop = () => {
      log('stopping after the running job');
      void worker.close().then(done);
      // close waits on Redis; if it is gone, leave anyway: an unfinished job's lock expires and it is rerun
      setTimeout(() => process.exit(0), 10_000).unref();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
