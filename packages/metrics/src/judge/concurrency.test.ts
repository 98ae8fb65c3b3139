import { describe, expect, it } from 'vitest';
import { Semaphore } from './concurrency';

describe('Semaphore', () => {
  it('never lets a newcomer take a released slot ahead of the waiter it was handed to', async () => {
    // A newcomer arriving at every microtask depth after the holder finishes must not run beside the woken waiter.
    for (let depth = 0; depth < 12; depth++) {
      const sem = new Semaphore(1);
      let active = 0;
      let most = 0;
      const track = async (gate?: Promise<void>) => {
        active++;
        most = Math.max(most, active);
        await (gate ?? new Promise((r) => setTimeout(r, 1)));
        active--;
      };
      let release = () => {};
      const gate = new Promise<void>((r) => (release = r));
      const runs = [sem.run(() => track(gate)), sem.run(() => track())];
      await Promise.resolve();
      release();
      for (let i = 0; i < depth; i++) await Promise.resolve();
      runs.push(sem.run(() => track()));
      await Promise.all(runs);
      expect(most, `newcomer after ${depth} microtasks`).toBe(1);
    }
  });
});
