import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invalidInput } from '@tensoreval/core';
import { failure, stateOf } from '../src/queue/queue-jobs';
import { writeState } from '../src/queue/queue-worker';
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

  it('a state written to --shard-dir gets a name of its own per attempt, appears whole or not at all, and a write into a removed directory leaves nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tensoreval-state-'));
    // the same shard and attempt twice (a job back from a stall keeps its attempt number): two files, neither overwritten
    const a = await writeState(dir, 3, 1, Buffer.from('first'));
    const b = await writeState(dir, 3, 1, Buffer.from('second'));
    expect(a).not.toBe(b);
    expect([a, b].map((p) => readFileSync(p, 'utf8'))).toEqual(['first', 'second']);
    expect(readdirSync(dir).sort()).toEqual([a, b].map((p) => p.slice(dir.length + 1)).sort());
    expect(readdirSync(dir).every((f) => /^state-3\.attempt-1-[0-9a-f-]{36}\.arrow\.gz$/.test(f))).toBe(true);
    // the run ended and removed its directory: the late attempt fails and creates nothing
    const gone = join(dir, 'run-that-ended');
    await expect(writeState(gone, 0, 2, Buffer.from('late'))).rejects.toThrow(/ENOENT/);
    expect(readdirSync(dir)).toHaveLength(2);
  });
});
