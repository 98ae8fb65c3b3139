import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
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

/**
 * Runs `body` with a `run` that does one task in a piscina pool of `threads` threads on the worker
 * entry `name`, or in this thread through `inThread` where no entry can be found; the pool lives
 * for the whole body, so several rounds of tasks share its threads.
 */
export async function withPool<T, R, Out>(name: string, threads: number, inThread: (task: T) => Promise<R>, body: (run: (task: T) => Promise<R>) => Promise<Out>): Promise<Out> {
  const entry = poolEntry(name);
  if (entry === undefined) {
    // one task at a time, as the threads would run them (no interleaving of their memory peaks)
    let queue: Promise<unknown> = Promise.resolve();
    return body((t) => {
      const out = queue.then(() => inThread(t));
      queue = out.catch(() => undefined);
      return out;
    });
  }
  const pool = new Piscina({ filename: entry, minThreads: threads, maxThreads: threads, idleTimeout: 1000 });
  try {
    return await body((t) => pool.run(t) as Promise<R>);
  } finally {
    await pool.destroy();
  }
}

/** Runs each task in its own thread of a pool on the worker entry `name` (see {@link withPool}). */
export function runInPool<T, R>(name: string, tasks: readonly T[], inThread: (task: T) => Promise<R>): Promise<R[]> {
  return withPool(name, tasks.length, inThread, (run) => Promise.all(tasks.map(run)));
}
