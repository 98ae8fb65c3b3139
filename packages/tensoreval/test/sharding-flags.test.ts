import { describe, expect, it } from 'vitest';
import type { ParsedArgs } from '../src/cli/args';
import { shardingFlags } from '../src/cli/queue-flags';
import { runCli } from '../src/cli/run-cli';

const args = (flags: Record<string, string>): ParsedArgs => ({ positional: [], flags: new Map(Object.entries(flags)) });

describe('--workers / --queue: one parser for coco and evaluate', () => {
  it('reads threads or a queue run, never both', () => {
    expect(shardingFlags(args({}), 'c')).toEqual({});
    expect(shardingFlags(args({ workers: '3' }), 'c')).toEqual({ workers: 3 });
    expect(shardingFlags(args({ queue: 'redis://127.0.0.1:6390', shards: '5', 'queue-timeout': '2' }), 'c')).toEqual({
      queue: { connection: expect.objectContaining({ host: '127.0.0.1', port: 6390 }), option: '--queue', shards: 5, timeoutMs: 2000 },
    });
    expect(shardingFlags(args({ queue: 'redis://127.0.0.1:6390' }), 'c').queue?.shards).toBe(4);
  });

  // both commands refuse the same combinations with the same line, before any file is read
  for (const command of [['coco', '--gt', 'missing-gt.json', '--dt', 'missing-dt.json'], ['evaluate', 'missing-request.json']]) {
    const cmd = `tensoreval ${command[0]}`;
    it(`${cmd}: --workers with --queue, and queue flags without --queue, are TE-103`, async () => {
      await expect(runCli([...command, '--workers', '2', '--queue', 'redis://127.0.0.1:6390'])).rejects.toThrow(new RegExp(`^The '--workers' option of ${cmd} must be left out with --queue.*TE-103`));
      await expect(runCli([...command, '--shard-dir', '/tmp'])).rejects.toThrow(new RegExp(`^The '--shard-dir' option of ${cmd} must be given with --queue URL.*TE-103`));
      await expect(runCli([...command, '--workers', '0'])).rejects.toThrow(`The '--workers' option of ${cmd} must be an integer in [1, 256]`);
    });
  }
});
