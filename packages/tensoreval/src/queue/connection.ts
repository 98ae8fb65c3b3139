import { invalidOption } from '@tensoreval/core';

/** Redis connection options BullMQ takes (ioredis options). */
export interface RedisConnection {
  host: string;
  port: number;
  db?: number;
  username?: string;
  password?: string;
  tls?: Record<string, never>;
  /** BullMQ workers block on Redis: ioredis must retry forever rather than fail a pending command */
  maxRetriesPerRequest: null;
}

/**
 * Bounds of the queue's settings, shared by the CLI's flags and the library's options. The library
 * takes timeouts in ms down to 1 ms; the CLI's flags count whole seconds.
 */
export const QUEUE_LIMITS = {
  /** shard jobs of one run */
  shards: 4096,
  /** a run's time limit */
  timeoutMs: 7 * 24 * 3600_000,
  /** jobs one worker process runs at a time */
  concurrency: 256,
  /** a job's lock */
  lockMs: { min: 1000, max: 3600_000 },
  /** the wait for Redis */
  connectTimeoutMs: 3600_000,
} as const;

/** Defaults of a worker's settings (the CLI's flags and the library's options alike). */
export const WORKER_DEFAULTS = { concurrency: 1, lockMs: 30_000, connectTimeoutMs: 10_000 } as const;

/** Queue name used unless one is given: every coordinator and worker of a deployment must agree on it. */
export const DEFAULT_QUEUE_NAME = 'tensoreval';

/**
 * The queue name `name` ({@link DEFAULT_QUEUE_NAME} when none is given) as BullMQ takes it: not
 * empty, and without ':', its key separator; anything else is a TE-101 line naming `option`.
 */
export function queueNameOf(name: string | undefined, option: string, fnName: string): string {
  if (name === undefined) return DEFAULT_QUEUE_NAME;
  if (typeof name !== 'string' || name === '' || name.includes(':')) throw invalidOption(fnName, option, "a non-empty name without ':' (BullMQ's key separator)", name);
  return name;
}

/**
 * `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS) as connection options; anything
 * else is a TE-101 line naming `option` (e.g. `--queue`). Passwords come from the URL, so a
 * deployment can take it from an environment variable.
 */
export function parseRedisUrl(url: string, option: string, fnName: string): RedisConnection {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw invalidOption(fnName, option, 'a redis://host:port URL', url);
  }
  if ((u.protocol !== 'redis:' && u.protocol !== 'rediss:') || u.hostname === '') throw invalidOption(fnName, option, 'a redis://host:port URL', url);
  const port = u.port === '' ? 6379 : Number(u.port);
  const dbText = u.pathname.length > 1 ? u.pathname.slice(1) : undefined;
  const db = dbText === undefined ? undefined : Number(dbText);
  // digits only: Redis refuses '1e20', and ioredis would then go on in database 0
  if (dbText !== undefined && (!/^\d+$/.test(dbText) || !Number.isSafeInteger(db))) throw invalidOption(fnName, option, 'a redis://host:port[/db] URL with an integer db', url);
  const out: RedisConnection = { host: u.hostname.replace(/^\[|\]$/g, ''), port, maxRetriesPerRequest: null };
  if (db !== undefined) out.db = db;
  if (u.username !== '') out.username = decodeURIComponent(u.username);
  if (u.password !== '') out.password = decodeURIComponent(u.password);
  if (u.protocol === 'rediss:') out.tls = {};
  return out;
}
