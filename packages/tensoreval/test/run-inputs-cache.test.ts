import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunInputsCache } from '../src/queue/run-inputs-cache';

afterEach(() => { vi.useRealTimers(); });

describe('RunInputsCache (a worker keeps the inputs of the run it served last)', () => {
  it('reads once per run: the same key is reused, another run replaces it', async () => {
    const cache = new RunInputsCache<string>(60_000);
    let reads = 0;
    const read = (v: string) => async () => { reads++; return v; };
    const a1 = cache.get('run-a', read('A'));
    const a2 = cache.get('run-a', read('not read'));
    expect([a1.reused, a2.reused]).toEqual([false, true]);
    expect([await a1.value, await a2.value, reads]).toEqual(['A', 'A', 1]);
    const b = cache.get('run-b', read('B'));
    expect([b.reused, await b.value, reads]).toEqual([false, 'B', 2]);
    const again = cache.get('run-a', read('A again'));
    expect([again.reused, await again.value, reads]).toEqual([false, 'A again', 3]);
  });

  it('does not keep a failed read: the next shard of the run reads again', async () => {
    const cache = new RunInputsCache<string>(60_000);
    const failed = cache.get('run', () => Promise.reject(new Error('input key expired')));
    await expect(failed.value).rejects.toThrow(/expired/);
    const next = cache.get('run', async () => 'read again');
    expect([next.reused, await next.value]).toEqual([false, 'read again']);
  });

  it('counts idle time from the end of a slow read and from a job done with the entry, not from the ask', async () => {
    vi.useFakeTimers();
    const cache = new RunInputsCache<string>(1000);
    let finish: (v: string) => void = () => {};
    const slow = cache.get('run', () => new Promise<string>((ok) => { finish = ok; }));
    vi.advanceTimersByTime(900);
    finish('A');
    await slow.value;
    vi.advanceTimersByTime(900); // 1,800 ms after the ask, 900 after the read settled
    expect(cache.get('run', async () => 'B').reused).toBe(true);
    vi.advanceTimersByTime(900);
    cache.touch('run'); // a long shard ends
    vi.advanceTimersByTime(900);
    expect(cache.get('run', async () => 'C').reused).toBe(true);
    cache.touch('other run'); // another run's key leaves this entry alone
    vi.advanceTimersByTime(1001);
    expect(cache.get('run', async () => 'D').reused).toBe(false);
    cache.clear();
  });

  it('drops the entry when no shard has asked for it for the idle time, and each ask restarts that time', async () => {
    vi.useFakeTimers();
    const cache = new RunInputsCache<string>(1000);
    cache.get('run', async () => 'A');
    vi.advanceTimersByTime(900);
    expect(cache.get('run', async () => 'B').reused).toBe(true);
    vi.advanceTimersByTime(900);
    expect(cache.get('run', async () => 'C').reused).toBe(true);
    vi.advanceTimersByTime(1001);
    const late = cache.get('run', async () => 'D');
    expect([late.reused, await late.value]).toEqual([false, 'D']);
    cache.clear();
  });
});
