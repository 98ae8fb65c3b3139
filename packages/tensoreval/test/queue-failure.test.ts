import { describe, expect, it } from 'vitest';
import { invalidInput } from '@tensoreval/core';
import { failure, stateOf } from '../src/queue/queue-jobs';
import { compress } from '../src/queue/shard-job';
import { errorFromWire, errorToWire } from '../src/wire-error';

// How a shard job's end becomes the coordinator's one line: coded, never a stack.
describe('queue shard failures', () => {
  it('an error crossing a thread or the queue keeps its one line, never its stack', () => {
    const wire = errorToWire(new Error('disk full'));
    expect(wire).toEqual({ message: 'disk full' });
    const coded = errorToWire(invalidInput('evaluateCoco', { argument: 'dt.json', index: 3 }, 'have a bbox', 'none', 'TE-204'));
    expect(coded).toMatchObject({ code: 'TE-204', argument: 'dt.json', index: 3 });
    expect(coded.message).not.toMatch(/\n|See errors/);
  });

  it("BullMQ's own reasons and uncoded worker errors are TE-403; a worker's coded error stays as it is", () => {
    const stalled = failure(new Error('job stalled more than allowable limit'));
    expect(stalled.code).toBe('TE-403');
    expect(stalled.message).toMatch(/^failed on the queue: job stalled more than allowable limit \(its worker died or was blocked past its lock/);
    expect(failure(new Error(JSON.stringify({ message: 'EACCES: permission denied' })))).toEqual({ code: 'TE-403', message: 'failed on every attempt on the workers: EACCES: permission denied' });
    const gone = { code: 'TE-209', message: 'input gt.json is no longer in Redis (key k expired or was deleted)' };
    expect(failure(new Error(JSON.stringify(gone)))).toEqual(gone);
    const line = errorFromWire(stalled, 'shard 2 of 4');
    expect(line.message).toMatch(/^shard 2 of 4: failed on the queue: .* See errors\/TE-403\.md$/);
    expect(line.message).not.toMatch(/\n/);
  });

  it('a state that cannot be read or inflated is TE-209 naming where it came from', async () => {
    const good = await stateOf({ state: (await compress(Buffer.from('arrow'))).toString('base64') });
    expect('state' in good && Buffer.from(good.state).toString()).toBe('arrow');
    const corrupt = await stateOf({ state: Buffer.from('not gzip').toString('base64') });
    expect(corrupt).toMatchObject({ error: { code: 'TE-209', message: expect.stringMatching(/^its state as returned through Redis could not be read or inflated: /) } });
    const missing = await stateOf({ statePath: '/nonexistent/state-0.arrow.gz' });
    expect(missing).toMatchObject({ error: { code: 'TE-209', message: expect.stringMatching(/^its state file \/nonexistent\/state-0\.arrow\.gz could not be read or inflated: ENOENT/) } });
  });
});
