import { describe, expect, it } from 'vitest';
import { withSignalCleanup } from '../src/cli/queue-signals';

describe('withSignalCleanup', () => {
  it('turns the first signal into an abort and leaves any second one, of either name, to its default action', async () => {
    const before = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
    let during: number[] = [];
    // the run ends normally after the abort, so the process is not sent the signal again
    const out = await withSignalCleanup(async (signal) => {
      expect([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')]).toEqual(before.map((n) => n + 1));
      process.emit('SIGINT');
      expect(signal.aborted).toBe(true);
      during = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
      return 7;
    });
    expect(out).toBe(7);
    expect(during).toEqual(before);
  });
});
