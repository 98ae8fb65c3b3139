/**
 * The inputs a worker read for the run it served last, kept for that run's other shards: a run
 * usually has more shards than workers (the default is 4 shards), and every shard of it reads the
 * same two files. One run at a time: a job of another run replaces the entry, and an entry no job
 * has asked for in `idleMs` is dropped, so a worker between runs holds nothing. A read that fails
 * is not kept (its job is retried, or fails, on its own).
 */
export class RunInputsCache<T> {
  private entry: { key: string; value: Promise<T>; timer: NodeJS.Timeout } | undefined;

  constructor(private readonly idleMs: number) {}

  /** The value read for `key` (`reused` when it was held), reading it with `read` when this is not the run held. */
  get(key: string, read: () => Promise<T>): { value: Promise<T>; reused: boolean } {
    if (this.entry?.key !== key) {
      this.clear();
      const value = read();
      this.entry = { key, value, timer: this.dropLater() };
      value.catch(() => { if (this.entry?.value === value) this.clear(); });
      return { value, reused: false };
    }
    clearTimeout(this.entry.timer);
    this.entry.timer = this.dropLater();
    return { value: this.entry.value, reused: true };
  }

  clear(): void {
    if (this.entry !== undefined) clearTimeout(this.entry.timer);
    this.entry = undefined;
  }

  private dropLater(): NodeJS.Timeout {
    // unref'd: a held entry never keeps the process alive
    return setTimeout(() => this.clear(), this.idleMs).unref();
  }
}
