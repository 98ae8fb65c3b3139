import { TensorEvalError } from '@tensoreval/core';
import type { Redis } from 'ioredis';
import { WORKER_DEFAULTS, type RedisConnection } from './connection';

/**
 * How long a coordinator or a worker waits for its Redis (at the start, or after the connection
 * dropped) before failing with TE-401. ioredis itself reconnects forever, which BullMQ needs for its
 * blocking commands, so the bound is kept here.
 */
export const CONNECT_TIMEOUT_MS = WORKER_DEFAULTS.connectTimeoutMs;

/** A watched client: `ready` settles once it answers (or TE-401), `lost` rejects with TE-401 when it stays disconnected. */
export interface RedisWatch {
  ready: Promise<void>;
  lost: Promise<never>;
  stop(): void;
}

/** `host:port` of a connection, never its password. */
function address(connection: RedisConnection): string {
  return `${connection.host.includes(':') ? `[${connection.host}]` : connection.host}:${connection.port}`;
}

function unreachable(option: string, connection: RedisConnection, ms: number, lastError: Error | undefined, lost: boolean): TensorEvalError {
  const what = lost ? `Lost the connection to the queue's Redis at ${address(connection)} (${option}) and it did not come back within` : `Could not reach the queue's Redis at ${address(connection)} (${option}) within`;
  return new TensorEvalError('TE-401', `${what} ${ms / 1000} s: ${replyText(lastError) ?? 'no answer'}.`);
}

/** Replies that refuse the connection itself: waiting cannot change them, so they fail at once. */
const REFUSALS: ReadonlyArray<{ reply: RegExp; what: string; todo: string }> = [
  { reply: /^(NOAUTH|WRONGPASS)\b|^ERR invalid (username-)?password/, what: "the connection's credentials", todo: 'Give the user and password in the URL (redis://USER:PASSWORD@HOST:PORT)' },
  // ioredis goes on in database 0 after this reply: the run would silently use another database than the URL's
  { reply: /^ERR (DB index is out of range|invalid DB index|SELECT is not allowed in cluster mode)/, what: "the URL's database", todo: "Name a database the server has in the URL (redis://HOST:PORT/DB: 0-15 unless its 'databases' setting says otherwise)" },
];

/** TE-401 for a reply in {@link REFUSALS}; undefined for any other error. */
function refusedConnection(option: string, connection: RedisConnection, error: Error): TensorEvalError | undefined {
  const refusal = REFUSALS.find((r) => r.reply.test(error.message));
  if (refusal === undefined) return undefined;
  return new TensorEvalError('TE-401', `The queue's Redis at ${address(connection)} (${option}) refused ${refusal.what}: ${replyText(error)}. ${refusal.todo}.`);
}

/** An error's message without Redis's closing period (the line adds its own). */
export function replyText(error: Error | undefined): string | undefined {
  return error?.message.replace(/\.+$/, '');
}

/** How error lines name the connection: the CLI's option (`--queue`), or `connection` in a program. */
export function connectionName(option: string | undefined): string {
  return option ?? 'connection';
}

/**
 * Watches an ioredis `client` for a queue run or a worker named by `option` ({@link connectionName}): its
 * errors are kept for the TE-401 line instead of printed (no "Unhandled error event"), `ready`
 * rejects when it has not connected within `ms`, and `lost` when, once connected, it stays
 * disconnected for `ms` or gives up reconnecting; either at once when Redis refuses the connection
 * (its credentials, its database: {@link REFUSALS}).
 */
export function watchRedis(client: Redis, option: string | undefined, connection: RedisConnection, ms: number): RedisWatch {
  const named = connectionName(option);
  let lastError: Error | undefined;
  let timer: NodeJS.Timeout | undefined;
  let wait: NodeJS.Timeout | undefined;
  let failLost: (error: Error) => void = () => {};
  const lost = new Promise<never>((_, reject) => { failLost = reject; });
  lost.catch(() => undefined); // raced by the caller; unobserved when the run ends first
  let refused: (error: TensorEvalError) => void = () => {};
  const onError = (error: Error) => {
    lastError = error;
    const refusal = refusedConnection(named, connection, error);
    if (refusal !== undefined) refused(refusal);
  };
  const onClose = () => {
    timer ??= setTimeout(() => failLost(unreachable(named, connection, ms, lastError, true)), ms);
  };
  const onEnd = () => failLost(unreachable(named, connection, ms, lastError, true));
  client.on('error', onError);
  const ready = client.status === 'ready' ? Promise.resolve() : new Promise<void>((resolve, reject) => {
    wait = setTimeout(() => {
      client.off('ready', onReady);
      reject(unreachable(named, connection, ms, lastError, false));
    }, ms);
    const onReady = () => {
      clearTimeout(wait);
      resolve();
    };
    client.once('ready', onReady);
    // a refused connection (credentials, database) fails at once, not after the connect timeout
    refused = (error) => {
      clearTimeout(wait);
      client.off('ready', onReady);
      reject(error);
    };
  });
  const onReadyAgain = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  void ready.then(() => {
    // credentials refused on a reconnect (the password was changed) cannot come back either
    refused = failLost;
    client.on('close', onClose);
    client.on('end', onEnd);
    client.on('ready', onReadyAgain);
  }, () => undefined);
  return {
    ready,
    lost,
    stop() {
      clearTimeout(timer);
      clearTimeout(wait);
      client.off('close', onClose);
      client.off('end', onEnd);
      client.off('ready', onReadyAgain);
      // the error listener stays: a client being closed may still report its connection's errors
    },
  };
}

/** Waits for `promise` at most `ms` (cleanup against a Redis that may be gone); never rejects. */
export async function settleWithin(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  await valueWithin(promise, ms);
}

/** `promise`'s value, or undefined where it fails or takes longer than `ms`; never rejects. */
export async function valueWithin<T>(promise: Promise<T> | undefined, ms: number): Promise<T | undefined> {
  if (promise === undefined) return undefined;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => { timer = setTimeout(() => resolve(undefined), ms); });
  try {
    return await Promise.race([promise.catch(() => undefined), late]);
  } finally {
    clearTimeout(timer);
  }
}
