/**
 * The inputs a worker read for the run it served last, kept for that run's other shards: a run
 * usually has more shards than workers (the default is 4 shards), and every shard of it reads the
 * same two files. One run at a time: a job of another run replaces the entry, and an entry idle for
 * `idleMs` is dropped, so a worker between runs holds nothing. Idle counts from the last of: a job
 * asking for it, its read settling, a job done with it ({@link touch}), so a slow read or shard
 * never loses it. A read that fails is not kept (its job is retried, or fails, on its own).
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
      value.then(() => this.touch(key), () => { if (this.entry?.value === value) this.clear(); });
      return { value, reused: false };
    }
    this.touch(key);
    return { value: this.entry.value, reused: true };
  }

  /** Restarts the idle time of `key`'s entry (a job is done with it); nothing when another run is held. */
  touch(key: string): void {
    if (this.entry?.key !== key) return;
    clearTimeout(this.entry.timer);
    this.entry.timer = this.dropLater();
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
