import { describe, expect, it } from 'vitest';
import { RunEndWatches } from '../src/queue/run-end-watch';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RunEndWatches: the end marks of the runs a worker holds shards of', () => {
  it('checks a run when its first shard starts, then every period; its shards share one signal, and the last release stops the checks', async () => {
    const ended = new Set<string>();
    const asked: string[] = [];
    const watches = new RunEndWatches(async (key) => { asked.push(key); return ended.has(key); }, 20);
    const a = watches.hold('r1');
    const b = watches.hold('r1');
    await a.checked;
    expect(asked).toEqual(['tensoreval:run:r1:ended']);
    expect(b.signal).toBe(a.signal);
    expect(a.signal.aborted).toBe(false);
    ended.add('tensoreval:run:r1:ended');
    await tick(60);
    expect(a.signal.aborted).toBe(true);
    a.release();
    a.release(); // a second release of the same hold changes nothing
    expect(watches.watching).toBe(1);
    b.release();
    expect(watches.watching).toBe(0);
    const n = asked.length;
    await tick(60);
    expect(asked.length).toBe(n);
  });

  it('a run already marked is aborted by the first check; a check that fails waits for the next', async () => {
    let fail = true;
    const watches = new RunEndWatches(async () => {
      if (fail) throw new Error('Redis away');
      return true;
    }, 20);
    const h = watches.hold('r2');
    await h.checked;
    expect(h.signal.aborted).toBe(false);
    fail = false;
    await tick(60);
    expect(h.signal.aborted).toBe(true);
    h.release();
    const marked = new RunEndWatches(async () => true, 10_000);
    const m = marked.hold('r3');
    await m.checked;
    expect(m.signal.aborted).toBe(true);
    m.release();
  });
});
