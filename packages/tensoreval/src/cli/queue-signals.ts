/**
 * Runs a queue run with SIGINT / SIGTERM turned into an abort of `signal`: the run deletes its
 * inputs and its jobs as on any other end, then the process ends by the same signal, so a shell or
 * a supervisor sees the usual status (130, 143). A second signal during that cleanup ends the
 * process at once.
 */
export async function withSignalCleanup<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let received: NodeJS.Signals | undefined;
  let handlers: ReadonlyArray<readonly [NodeJS.Signals, () => void]> = [];
  const release = () => { for (const [name, handler] of handlers) process.off(name, handler); };
  handlers = (['SIGINT', 'SIGTERM'] as const).map((name) => {
    const handler = () => {
      // the first signal only: any second one (either name) takes its default action and ends the process
      release();
      received = name;
      controller.abort(new Error(`interrupted by ${name}`));
    };
    process.once(name, handler);
    return [name, handler] as const;
  });
  try {
    return await run(controller.signal);
  } catch (error) {
    if (received === undefined) throw error;
    release();
    process.kill(process.pid, received);
    // the default action ends the process; nothing after this runs
    return await new Promise<never>(() => {});
  } finally {
    release();
  }
}
