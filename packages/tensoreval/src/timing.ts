import { isMainThread, threadId } from 'node:worker_threads';

/**
 * With TENSOREVAL_TIMING set, a function that prints `label` on stderr with the process's wall time
 * (one clock for every thread) and, on the main thread, its CPU time, tagged with the thread;
 * undefined otherwise. For profiling the stages of a run across its worker threads.
 */
export function stageTimer(): ((label: string) => void) | undefined {
  if (!process.env.TENSOREVAL_TIMING) return undefined;
  return (label: string) => {
    const cpu = isMainThread ? ` cpu ${(process.cpuUsage().user / 1e6).toFixed(3)}s` : '';
    process.stderr.write(`[${isMainThread ? 'main' : `thread ${threadId}`} wall ${process.uptime().toFixed(3)}s${cpu}] ${label}\n`);
  };
}
