import { invalidOption } from '@tensoreval/core';
import type { CommandSpec } from './command-spec';
import { parseRedisUrl, QUEUE_LIMITS, queueNameOf, type RedisConnection } from '../queue/connection';
import { flagString, type ParsedArgs } from './args';
import { integerFlag } from './number-flags';

/** The queue run `--queue URL [--shards K] [--shard-dir DIR] [--queue-name N] [--queue-timeout S]` asks for. */
export interface QueueFlags {
  connection: RedisConnection;
  /** the flag error lines name for the connection */
  option: '--queue';
  shards: number;
  shardDir?: string;
  queueName?: string;
  timeoutMs?: number;
}

/**
 * How `coco` and `evaluate` shard their work: `--workers N` threads, or `--queue URL …` jobs for
 * `tensoreval worker` processes; not both (TE-103), and the queue's flags only with `--queue`.
 */
export function shardingFlags(args: ParsedArgs, command: string): { workers?: number; queue?: QueueFlags } {
  const workers = integerFlag(args, 'workers', command, 1, 256);
  const queue = queueFlags(args, command);
  if (queue !== undefined && workers !== undefined) throw invalidOption(command, '--workers', "left out with --queue (workers are the queue's)", String(workers), 'TE-103');
  return { ...(workers === undefined ? {} : { workers }), ...(queue === undefined ? {} : { queue }) };
}

function queueFlags(args: ParsedArgs, command: string): QueueFlags | undefined {
  const url = flagString(args, 'queue');
  const shards = integerFlag(args, 'shards', command, 1, QUEUE_LIMITS.shards);
  if (url === undefined) {
    for (const f of ['shards', 'shard-dir', 'queue-name', 'queue-timeout']) if (args.flags.has(f)) throw invalidOption(command, `--${f}`, 'given with --queue URL', flagString(args, f), 'TE-103');
    return undefined;
  }
  const timeoutS = integerFlag(args, 'queue-timeout', command, 1, QUEUE_LIMITS.timeoutMs / 1000);
  const shardDir = flagString(args, 'shard-dir');
  const named = flagString(args, 'queue-name');
  const queueName = named === undefined ? undefined : queueNameOf(named, '--queue-name', command);
  return {
    connection: parseRedisUrl(url, '--queue', command),
    option: '--queue',
    shards: shards ?? 4,
    ...(shardDir === undefined ? {} : { shardDir }),
    ...(queueName === undefined ? {} : { queueName }),
    ...(timeoutS === undefined ? {} : { timeoutMs: timeoutS * 1000 }),
  };
}

/** `--workers` and the queue flags with their help, for the command specs of `coco` and `evaluate`. */
export const SHARDING_FLAGS: CommandSpec['flags'] = {
  workers: { value: 'N', help: 'evaluate N shards in N worker threads and merge them exactly: the output is the one-thread output for every N.' },
  queue: { value: 'redis://HOST:PORT', help: 'send the shards as jobs to `tensoreval worker` processes on this Redis (BullMQ) and merge their states exactly.' },
  shards: { value: 'K', help: 'with --queue: number of shard jobs (default 4).' },
  'shard-dir': { value: 'DIR', help: 'with --queue: pass shard inputs through this shared directory instead of Redis (large inputs).' },
  'queue-name': { value: 'NAME', help: 'with --queue: the BullMQ queue name (default tensoreval).' },
  'queue-timeout': { value: 'S', help: 'with --queue: give up after S seconds without the run finishing (error TE-402; its inputs and queued jobs are removed, as on Ctrl-C).' },
};
