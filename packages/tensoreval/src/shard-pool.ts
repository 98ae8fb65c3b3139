import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { bareMessage, TensorEvalError } from '@tensoreval/core';
import { errorToWire, type WireError } from './wire-error';
import { workerEntry } from './worker-entry';

/**
 * The worker entry `name`: the built `<name>.js`, or its TypeScript source when this runs under tsx
 * (which worker threads inherit); undefined otherwise (the tasks then run in this thread).
 */
function poolEntry(name: string): string | undefined {
  const built = workerEntry(name);
  if (built !== undefined) return built;
  const underTsx = process.execArgv.some((a) => a.includes('tsx'));
  return underTsx && import.meta.url.endsWith('.ts') ? fileURLToPath(new URL(`./${name}.ts`, import.meta.url)) : undefined;
}

/** Threads that run tasks of worker entries until {@link ShardPool.close}. */
export interface ShardPool {
  /**
   * Runs `task` on the worker entry `name` (default: the pool's own) in a thread, or in this thread
   * through `inThread` where no entry can be found. Aborting `signal` ends a task running in a thread
   * (its thread is replaced), or one still waiting to run in this thread; the task then rejects, and the
   * caller, which aborted it, says why.
   */
  run<T, R>(task: T, inThread: (task: T) => Promise<R>, name?: string, signal?: AbortSignal): Promise<R>;
  /** Ends the threads (tasks still running are rejected). */
  close(): Promise<void>;
}

/**
 * TE-304 for a pool thread that died while it ran a task: it exited, threw outside the task (a
 * timer's callback) or ran out of memory. Tasks return their errors as data, so this is the only
 * way a task rejects; the caller names the shard or step the thread was running.
 */
function threadDied(error: unknown): TensorEvalError {
  const why = bareMessage(error).split('\n', 1)[0];
  return new TensorEvalError('TE-304', `its worker thread died (${why}).`, { cause: error });
}

/**
 * A piscina pool of `threads` threads on the worker entry `name`, its threads started at once; a task
 * may name another entry, which piscina loads into a thread beside the first. Where no entry can be
 * found the tasks run in this thread, one at a time, as the threads would run them (no interleaving
 * of their memory peaks). A task whose thread dies rejects with {@link threadDied}.
 */
export function openShardPool(name: string, threads: number): ShardPool {
  const entry = poolEntry(name);
  const pool = entry === undefined ? undefined : new Piscina({ filename: entry, minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
  // a thread that dies holding no task (piscina's 'error' event, which would otherwise be thrown as uncaught) loses no
  // work: the pool starts another, and a thread that dies during a task rejects that task
  pool?.on('error', () => undefined);
  let queue: Promise<unknown> = Promise.resolve();
  // each entry looked up once (its lookup checks the file system), not on every task
  const entries = new Map<string, string | undefined>([[name, entry]]);
  return {
    run<T, R>(task: T, inThread: (task: T) => Promise<R>, other = name, signal?: AbortSignal): Promise<R> {
      if (!entries.has(other)) entries.set(other, poolEntry(other));
      const filename = entries.get(other);
      if (pool !== undefined && filename !== undefined) {
        return (pool.run(task, signal === undefined ? { filename } : { filename, signal }) as Promise<R>).catch((error: unknown) => {
          throw threadDied(error);
        });
      }
      // a task aborted while it waited its turn does not run (one running here cannot be stopped)
      const out = queue.then(() => {
        signal?.throwIfAborted();
        return inThread(task);
      });
      queue = out.catch(() => undefined);
      return out;
    },
    close: async () => { await pool?.destroy(); },
  };
}

/**
 * Runs `body` with a `run` that does one task in a pool of `threads` threads on the worker entry
 * `name` ({@link openShardPool}); the pool lives for the whole body, so several rounds of tasks share
 * its threads.
 */
export async function withPool<T, R, Out>(name: string, threads: number, inThread: (task: T) => Promise<R>, body: (run: (task: T) => Promise<R>) => Promise<Out>): Promise<Out> {
  const pool = openShardPool(name, threads);
  try {
    return await body((t) => pool.run(t, inThread));
  } finally {
    await pool.close();
  }
}

/**
 * Runs each task in its own thread of a pool on the worker entry `name` (see {@link withPool}); a
 * task whose thread dies gives `{ error }` (TE-304) as its outcome, so the caller names its shard.
 */
export function runInPool<T, R>(name: string, tasks: readonly T[], inThread: (task: T) => Promise<R>): Promise<Array<R | { error: WireError }>> {
  return withPool(name, tasks.length, inThread, (run) => Promise.all(tasks.map((t) => orThreadError(run(t)))));
}

/** `outcome`, or `{ error }` where the thread running it died (TE-304), for the caller to name the shard. */
export function orThreadError<R>(outcome: Promise<R>): Promise<R | { error: WireError }> {
  return outcome.catch((error: unknown) => ({ error: errorToWire(error) }));
}
