import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWarningHandler, type TensorEvalWarning } from '@tensoreval/core';
import { inCi } from '@tensoreval/core/testing';
import { evaluate, evaluateCoco, evaluateCocoOnQueue, evaluateOnQueue, parseRedisUrl, startQueueWorker } from 'tensoreval';
import { repoRoot, runTensoreval } from './cli-process';
import { namedPipe } from './named-pipe';
import { caseToRequest, listValorCases } from './valor-cases';

// The BullMQ path against a real redis-server on loopback, with real worker processes. Skipped where
// redis-server is not installed, except in CI (inCi), where its absence is a failure.
const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedis && inCi()) throw new Error('redis-server is required in CI (.ci/run installs it with apt-get)');

const dir = join(repoRoot, 'test-data/reference/coco/synthetic-small');
const gt = join(dir, 'gt.json');
const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-queue-'));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** Resolves when `child` has printed a line matching `re` on stdout or stderr (rejects after `ms`). */
function waitForLine(child: ChildProcess, re: RegExp, ms: number, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no line matching ${re} within ${ms} ms:\n${log.join('')}`)), ms);
    const check = () => { if (re.test(log.join(''))) { clearTimeout(timer); resolve(); } };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    check();
  });
}

function started(args: string[]): { child: ChildProcess; log: string[] } {
  const child = spawn(args[0] as string, args.slice(1), { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout?.on('data', (b: Buffer) => log.push(b.toString()));
  child.stderr?.on('data', (b: Buffer) => log.push(b.toString()));
  return { child, log };
}

describe.skipIf(!hasRedis)('tensoreval worker + coco --queue on a real redis-server (loopback)', () => {
  let redis: { child: ChildProcess; log: string[] };
  let url = '';
  const queueName = `test-${process.pid}`;
  const workers: Array<{ child: ChildProcess; log: string[] }> = [];

  const startWorker = async () => {
    const w = started([process.execPath, '--import', 'tsx', 'packages/tensoreval/src/cli.ts', 'worker', '--queue', url, '--queue-name', queueName, '--lock-ms', '2000']);
    workers.push(w);
    await waitForLine(w.child, /waiting for jobs/, 60_000, w.log);
    return w;
  };

  beforeAll(async () => {
    const port = await freePort();
    redis = started(['redis-server', '--port', String(port), '--bind', '127.0.0.1', '--dir', tmp, '--save', '', '--appendonly', 'no']);
    await waitForLine(redis.child, /Ready to accept connections/, 20_000, redis.log);
    url = `redis://127.0.0.1:${port}`;
    await Promise.all([startWorker(), startWorker()]);
  });

  afterAll(() => {
    for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGKILL');
    if (redis?.child.exitCode === null) redis.child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  });

  it('a worker SIGKILLed mid-shard loses nothing: its shard is rerun and RESULT.json equals the local run byte for byte', async () => {
    const local = join(tmp, 'local.json'), queued = join(tmp, 'queued.json');
    const args = ['--gt', gt, '--dt', join(dir, 'dt.json'), '--iou-type', 'segm', '--score-threshold', '0.4'];
    const [victim, survivor] = workers as [{ child: ChildProcess; log: string[] }, { child: ChildProcess; log: string[] }];
    const run = runTensoreval(['coco', ...args, '--queue', url, '--queue-name', queueName, '--shards', '6', '--out', queued]);
    await waitForLine(victim.child, /shard \d+ of 6 .* started/, 60_000, victim.log);
    victim.child.kill('SIGKILL');
    const killed = /shard (\d+) of 6 .* started/.exec(victim.log.join(''))?.[1];
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/6\/6 shards done/);
    // the survivor ran the killed worker's shard
    expect(survivor.log.join('')).toMatch(new RegExp(`shard ${killed} of 6 .* done`));
    // the survivor read the inputs once for the run and kept them for its other shards
    expect(survivor.log.join('')).toMatch(/of 6 .* done: \d+ evaluated detections, inputs read for the run/);
    expect(survivor.log.join('')).toMatch(/of 6 .* done: \d+ evaluated detections, inputs kept from an earlier shard of the run/);
    const l = await runTensoreval(['coco', ...args, '--out', local, '--quiet']);
    expect(l.code).toBe(0);
    expect(readFileSync(queued, 'utf8')).toBe(readFileSync(local, 'utf8'));
    expect(r.stdout).toBe(l.stdout);
  });

  it('--shard-dir: inputs and states through a shared directory give the same output', async () => {
    await startWorker();
    const local = join(tmp, 'local-bbox.json'), queued = join(tmp, 'queued-bbox.json');
    const args = ['--gt', gt, '--dt', join(dir, 'dt_bbox.json')];
    const r = await runTensoreval(['coco', ...args, '--queue', url, '--queue-name', queueName, '--shards', '3', '--shard-dir', join(tmp, 'shared'), '--out', queued, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    await runTensoreval(['coco', ...args, '--out', local, '--quiet']);
    expect(readFileSync(queued, 'utf8')).toBe(readFileSync(local, 'utf8'));
    // a pipe input is copied into the shared directory whole (a file copy of a pipe has no size to copy)
    const fifo = join(tmp, 'dt-pipe'), piped = join(tmp, 'queued-bbox-pipe.json');
    const written = namedPipe(fifo, join(dir, 'dt_bbox.json'));
    const p = await runTensoreval(['coco', '--gt', gt, '--dt', fifo, '--queue', url, '--queue-name', queueName, '--shards', '2', '--shard-dir', join(tmp, 'shared'), '--out', piped, '--quiet']);
    await written;
    expect(p.code, p.stderr).toBe(0);
    expect(readFileSync(piped, 'utf8')).toBe(readFileSync(local, 'utf8'));
  });

  it('library: evaluateCocoOnQueue with an in-process startQueueWorker equals evaluateCoco', async () => {
    const connection = parseRedisUrl(url, 'url', 'test');
    const worker = await startQueueWorker(connection, { queueName: `${queueName}-lib` });
    try {
      const dt = join(dir, 'dt_bbox.json');
      const queued = await evaluateCocoOnQueue(gt, dt, { scoreThreshold: 0.5 }, { connection, shards: 3, queueName: `${queueName}-lib` });
      const local = await evaluateCoco(gt, dt, { scoreThreshold: 0.5 });
      expect(Buffer.from(queued.arrays.precision.buffer).equals(Buffer.from(local.arrays.precision.buffer))).toBe(true);
      expect(queued.stats).toEqual(local.stats);
      expect(queued.classF1).toEqual(local.classF1);
      // a .json.gz input is stored as it is and read by the worker as the local reader reads it
      const packed = join(tmp, 'dt_bbox.json.gz');
      writeFileSync(packed, gzipSync(readFileSync(dt)));
      const fromGzip = await evaluateCocoOnQueue(gt, packed, { scoreThreshold: 0.5 }, { connection, shards: 2, queueName: `${queueName}-lib` });
      expect(Buffer.from(fromGzip.arrays.precision.buffer).equals(Buffer.from(local.arrays.precision.buffer))).toBe(true);
      expect(fromGzip.stats).toEqual(local.stats);
      // shard files hold no TIDE errors: refused before any job, not dropped
      await expect(evaluateCocoOnQueue(gt, dt, { tide: true }, { connection, shards: 2, queueName: `${queueName}-lib` })).rejects.toThrow(/'tide'.*--queue.*TE-103/);
    } finally {
      await worker.close();
    }
  });

  it('results the scanner declines are fetched once per shard: the shard that reads them for the run evaluates from the same files', async () => {
    const connection = parseRedisUrl(url, 'url', 'test');
    const name = `${queueName}-declined`;
    const worker = await startQueueWorker(connection, { queueName: name });
    // every command redis-server runs, as its MONITOR reports them
    const monitor = started(['redis-cli', '-u', url, 'monitor']);
    await waitForLine(monitor.child, /OK/, 10_000, monitor.log);
    try {
      // a key written with a unicode escape: JSON reads it as "score", the scanner declines the file
      const declined = join(tmp, 'dt-escaped-key.json');
      writeFileSync(declined, readFileSync(join(dir, 'dt_bbox.json'), 'utf8').replaceAll('"score"', '"sc\\u006fre"'));
      const queued = await evaluateCocoOnQueue(gt, declined, {}, { connection, shards: 2, queueName: name });
      // two inputs, each fetched once by each of the two shards
      const inputGets = monitor.log.join('').split('\n').flatMap((line) => /"get" "tensoreval:run:[^"]*:(gt|dt)"/i.exec(line)?.[1] ?? []);
      expect(inputGets.sort()).toEqual(['dt', 'dt', 'gt', 'gt']);
      const local = await evaluateCoco(gt, join(dir, 'dt_bbox.json'));
      expect(queued.stats).toEqual(local.stats);
    } finally {
      monitor.child.kill('SIGTERM');
      await worker.close();
    }
  });

  it('a poisoned shard fails the run with one TE line naming the shard, file and record (no retries, no hang)', async () => {
    const records = JSON.parse(readFileSync(join(dir, 'dt_bbox.json'), 'utf8')) as Array<{ bbox: number[] }>;
    (records[11] as { bbox: number[] }).bbox = [1, 2, -3, 4];
    const bad = join(tmp, 'bad.json');
    writeFileSync(bad, JSON.stringify(records));
    const r = await runTensoreval(['coco', '--gt', gt, '--dt', bad, '--queue', url, '--queue-name', queueName, '--shards', '2', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^tensoreval: error TE-208: shard 1 of 2: Expected `.*bad\.json` \(record 11\) of evaluateCoco/);
  });

  it('evaluate --queue: datum shards on the workers give the local response byte for byte; a worker SIGKILLed mid-run loses nothing', async () => {
    const request = caseToRequest(listValorCases().find((c) => c.file === 'od_random_medium_seed20.json')!);
    const path = join(tmp, 'od-request.json'), queued = join(tmp, 'od-queued.json');
    writeFileSync(path, JSON.stringify(request));
    const victim = workers.find((w) => w.child.exitCode === null && w.child.signalCode === null)!;
    const run = runTensoreval(['evaluate', path, '--queue', url, '--queue-name', queueName, '--shards', '5', '--out', queued]);
    await waitForLine(victim.child, /shard \d+ of 5 .* started/, 60_000, victim.log);
    victim.child.kill('SIGKILL');
    await startWorker();
    const r = await run;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/5\/5 shards done/);
    expect(readFileSync(queued, 'utf8')).toBe(`${JSON.stringify(await evaluate(request))}\n`);
  });

  it('evaluate --queue: a bad datum fails the run with one TE line naming the shard and the datum', async () => {
    const datums = Array.from({ length: 6 }, (_, i) => ({ uid: `d${i}`, groundtruth: 'a', predictions: ['a'], scores: [i === 4 ? null : 0.5] }));
    const path = join(tmp, 'bad-request.json');
    writeFileSync(path, JSON.stringify({ task: 'classification', data: { datums }, metrics: [{ id: 'pr', method: 'precision_recall' }] }));
    const r = await runTensoreval(['evaluate', path, '--queue', url, '--queue-name', queueName, '--shards', '3', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^tensoreval: error TE-204: .*bad-request\.json: shard 3 of 3: .*data\.datums\[4\]\.scores\[0\].*record 4/);
  });

  it('library: evaluateOnQueue through a shared directory equals evaluate, warnings included', async () => {
    const connection = parseRedisUrl(url, 'url', 'test');
    const worker = await startQueueWorker(connection, { queueName: `${queueName}-lib-evaluate`, concurrency: 2 });
    const seg = caseToRequest(listValorCases().find((c) => c.file === 'seg_quirk_overlapping_masks.json')!);
    const data = seg.data as { datums: Array<{ uid: string }> };
    data.datums = [data.datums[0]!, { ...data.datums[0]!, uid: 'ov2' }, { ...data.datums[0]!, uid: 'ov3' }];
    const collect = async (fn: () => Promise<unknown>) => {
      const warnings: TensorEvalWarning[] = [];
      setWarningHandler((w) => warnings.push(w));
      try {
        return { out: JSON.stringify(await fn()), warnings };
      } finally {
        setWarningHandler(undefined);
      }
    };
    try {
      const local = await collect(() => evaluate(seg));
      const queued = await collect(() => evaluateOnQueue(seg, {}, { connection, shards: 3, queueName: `${queueName}-lib-evaluate`, shardDir: join(tmp, 'shared-evaluate') }));
      expect(queued.out).toBe(local.out);
      expect(local.warnings).toHaveLength(6);
      expect(queued.warnings).toEqual(local.warnings);
    } finally {
      await worker.close();
    }
  });
});

describe('queue flags', () => {
  it('--queue must be a redis:// URL; --shards needs --queue', async () => {
    const dt = join(dir, 'dt_bbox.json');
    const a = await runTensoreval(['coco', '--gt', gt, '--dt', dt, '--queue', 'http://x:1']);
    expect(a.stderr).toMatch(/TE-101: The '--queue' option of tensoreval coco must be a redis:\/\/host:port URL\. Got "http:\/\/x:1" instead\./);
    const b = await runTensoreval(['coco', '--gt', gt, '--dt', dt, '--shards', '3']);
    expect(b.stderr).toMatch(/TE-103: The '--shards' option of tensoreval coco must be given with --queue URL/);
    const c = await runTensoreval(['worker']);
    expect(c.stderr).toMatch(/TE-101: The '--queue' option of tensoreval worker must be a redis:\/\/host:port URL/);
  });
});
