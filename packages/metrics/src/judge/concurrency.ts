/**
 * Runs `task(i)` for i in [0, count) with at most `limit` in flight. With limit 1 the tasks run
 * strictly in index order, which the scripted judge relies on.
 */
export async function runBounded(count: number, limit: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  };
  const workers: Promise<void>[] = [];
  for (let w = 0; w < Math.max(1, Math.min(limit, count)); w++) workers.push(worker());
  await Promise.all(workers);
}

/** A counting semaphore: at most `limit` holders at once, waiters served first come, first served. */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    // A released slot passes straight to the first waiter (active stays counted), so a caller arriving
    // before the waiter resumes cannot take it too and run limit + 1 tasks at once.
    if (this.active < this.limit) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
