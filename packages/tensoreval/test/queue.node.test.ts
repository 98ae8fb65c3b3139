import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setWarningHandler, type TensorEvalWarning } from '@tensoreval/core';
import { inCi, seededRandom } from '@tensoreval/core/testing';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
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

/** A `tensoreval` process of the sources (tsx) with `args`. */
function startedCli(args: string[]): { child: ChildProcess; log: string[] } {
  return started([process.execPath, '--import', 'tsx', 'packages/tensoreval/src/cli.ts', ...args]);
}

/** A loopback redis-server on `port`, no persistence, with `extra` flags (not yet ready: wait for {@link REDIS_READY}). */
function startedRedis(port: number, extra: string[] = []): { child: ChildProcess; log: string[] } {
  // --dir: the system's, which outlives the suites' temporary folders (nothing is written there: no save, no AOF)
  return started(['redis-server', '--port', String(port), '--bind', '127.0.0.1', '--dir', tmpdir(), '--save', '', '--appendonly', 'no', ...extra]);
}
const REDIS_READY = /Ready to accept connections/;

/** Two `tensoreval worker` processes on queue `name` (the suite's Redis) whose job locks last 1 s, once both wait for jobs. */
async function lockWorkerPair(name: string, url: string): Promise<Array<{ child: ChildProcess; log: string[] }>> {
  const pair = [0, 1].map(() => startedCli(['worker', '--queue', url, '--queue-name', name, '--lock-ms', '1000']));
  try {
    await Promise.all(pair.map((w) => waitForLine(w.child, /waiting for jobs/, 60_000, w.log)));
  } catch (error) {
    for (const w of pair) w.child.kill('SIGKILL');
    throw error;
  }
  return pair;
}

/** `r` failed with exit status 2 and one `tensoreval: error CODE:` line, no stack. */
function oneTeLine(r: { code: number; stderr: string }, code: string): void {
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
  expect(r.stderr).toMatch(new RegExp(`^tensoreval: error ${code}: `));
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect(r.code).toBe(2);
}

/** The run keys (inputs, end marks) left in the Redis at `url`. */
async function runKeysAt(url: string): Promise<string[]> {
  const client = new Redis(parseRedisUrl(url, 'url', 'test'));
  try {
    return await client.keys('tensoreval:run:*');
  } finally {
    client.disconnect();
  }
}

let longShard: string | undefined;
/**
 * ~20 MB of boxes (1,200 images, 60 GT and 200 detections each, {@link writeLongShardSet}), written
 * once for the tests that need a shard taking seconds.
 */
function longShardSet(): string {
  if (longShard === undefined) {
    longShard = join(tmp, 'long-shard');
    writeLongShardSet(longShard, 1200);
  }
  return longShard;
}

/**
 * Writes gt.json and dt.json of `images` 640×480 images, each with 60 GT boxes of two categories and
 * 200 detections jittered around them (seeded), for a shard that evaluates for seconds.
 */
function writeLongShardSet(out: string, images: number): void {
  const rnd = seededRandom(7);
  const round = (v: number) => Math.round(Math.max(1, v) * 100) / 100;
  const imgs = [], anns = [], dts = [];
  for (let i = 1; i <= images; i++) {
    imgs.push({ id: i, width: 640, height: 480 });
    const boxes: number[][] = [];
    for (let g = 0; g < 60; g++) {
      const w = 10 + rnd() * 150, h = 10 + rnd() * 150, x = rnd() * (640 - w), y = rnd() * (480 - h);
      const c = 1 + Math.floor(rnd() * 2);
      boxes.push([x, y, w, h, c]);
      anns.push({ id: anns.length + 1, image_id: i, category_id: c, bbox: [x, y, w, h].map(round), area: round(w * h), iscrowd: 0 });
    }
    for (let k = 0; k < 200; k++) {
      const [x, y, w, h, c] = boxes[k % 60] as number[];
      const j = () => (rnd() - 0.5) * 12;
      dts.push({ image_id: i, category_id: c, bbox: [x! + j(), y! + j(), w! + j(), h! + j()].map(round), score: Math.round(rnd() * 1e4) / 1e4 });
    }
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'gt.json'), JSON.stringify({ images: imgs, annotations: anns, categories: [{ id: 1, name: 'a' }, { id: 2, name: 'b' }] }));
  writeFileSync(join(out, 'dt.json'), JSON.stringify(dts));
}

describe.skipIf(!hasRedis)('tensoreval worker + coco --queue on a real redis-server (loopback)', () => {
  let redis: { child: ChildProcess; log: string[] };
  let url = '';
  const queueName = `test-${process.pid}`;
  const workers: Array<{ child: ChildProcess; log: string[] }> = [];

  const startWorker = async () => {
    const w = startedCli(['worker', '--queue', url, '--queue-name', queueName, '--lock-ms', '2000']);
    workers.push(w);
    await waitForLine(w.child, /waiting for jobs/, 60_000, w.log);
    return w;
  };

  beforeAll(async () => {
    const port = await freePort();
    redis = startedRedis(port);
    await waitForLine(redis.child, REDIS_READY, 20_000, redis.log);
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

  it('more shards than GT images (50): the empty shards merge to the local output, and the run prints nothing else', async () => {
    const queued = join(tmp, 'many-shards.json'), local = join(tmp, 'many-shards-local.json');
    const args = ['--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--quiet'];
    const r = await runTensoreval(['coco', ...args, '--queue', url, '--queue-name', queueName, '--shards', '60', '--queue-timeout', '90', '--out', queued]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    await runTensoreval(['coco', ...args, '--out', local]);
    expect(readFileSync(queued, 'utf8')).toBe(readFileSync(local, 'utf8'));
  }, 120_000);

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

  it('--shard-dir: an input that cannot be copied there is one TE-209 line naming it', async () => {
    const r = await runTensoreval(['coco', '--gt', gt, '--dt', join(tmp, 'no-such-dt.json'), '--queue', url, '--queue-name', queueName, '--shard-dir', join(tmp, 'shared-unreadable'), '--queue-timeout', '20']);
    expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(/^tensoreval: error TE-209: Expected `[^`]*no-such-dt\.json` of evaluateCocoOnQueue to be a readable file, but got ENOENT/);
    expect(r.code).toBe(2);
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

  it('a state evaluated with other parameters (a worker of another version) fails the run with one TE line naming the shard', async () => {
    const connection = parseRedisUrl(url, 'url', 'test');
    const name = `${queueName}-foreign`;
    const { Worker } = await import('bullmq');
    const { cocoShardImages, encodeCocoState, evaluateCocoState } = await import('@tensoreval/metrics/detection');
    const gtData = JSON.parse(readFileSync(gt, 'utf8')) as { images: unknown[] };
    const dtPath = join(dir, 'dt_bbox.json');
    const records = JSON.parse(readFileSync(dtPath, 'utf8')) as never[];
    // answers shard jobs as the queue's workers do, but evaluated with maxDets 1, 10, 50
    const foreign = new Worker(name, async (job) => {
      const { index, count } = job.data as { index: number; count: number };
      const state = evaluateCocoState(gtData as never, records, { maxDets: [1, 10, 50] }, cocoShardImages(gtData.images.length, index, count));
      return { state: gzipSync(await encodeCocoState(state)).toString('base64') };
    }, { connection });
    try {
      await expect(evaluateCocoOnQueue(gt, dtPath, {}, { connection, shards: 2, queueName: name })).rejects.toThrow(/state of shard 1.*this run's parameters.*TE-202/);
    } finally {
      await foreign.close();
    }
  });

  it('a shard that runs longer than the lock finishes once and its result is kept: the worker renews the lock while its threads evaluate', async () => {
    // ~20 MB of boxes (1,200 images, 60 GT and 200 detections each): the shard takes seconds, the lock lasts 1 s
    const name = `${queueName}-lock`;
    const lockWorkers = await lockWorkerPair(name, url);
    try {
      const big = longShardSet();
      const queued = join(big, 'queued.json'), local = join(big, 'local.json');
      const args = ['--gt', join(big, 'gt.json'), '--dt', join(big, 'dt.json')];
      const [r] = await Promise.all([
        runTensoreval(['coco', ...args, '--queue', url, '--queue-name', name, '--shards', '1', '--queue-timeout', '90', '--out', queued, '--quiet']),
        runTensoreval(['coco', ...args, '--out', local, '--quiet']),
      ]);
      expect(r.code, r.stderr).toBe(0);
      const logs = lockWorkers.map((w) => w.log.join('')).join('');
      expect(logs.match(/shard 1 of 1 .* started/g), logs).toHaveLength(1);
      expect(logs.match(/shard 1 of 1 .* done/g), logs).toHaveLength(1);
      expect(logs, logs).not.toMatch(/failed|Missing lock/);
      expect(readFileSync(queued, 'utf8')).toBe(readFileSync(local, 'utf8'));
    } finally {
      for (const w of lockWorkers) w.child.kill('SIGKILL');
    }
  });

  it('a worker stalled past its lock (SIGSTOP) loses its shard to another worker; resumed, its late attempt changes nothing and it serves on', async () => {
    const name = `${queueName}-stall`;
    const pair = await lockWorkerPair(name, url);
    try {
      const big = longShardSet();
      const queued = join(big, 'stalled-queued.json'), local = join(big, 'local.json'), shared = join(big, 'shared');
      const args = ['--gt', join(big, 'gt.json'), '--dt', join(big, 'dt.json')];
      const run = runTensoreval(['coco', ...args, '--queue', url, '--queue-name', name, '--shards', '1', '--shard-dir', shared, '--queue-timeout', '90', '--out', queued, '--quiet']);
      const first = await Promise.race(pair.map((w) => waitForLine(w.child, /shard 1 of 1 .* started/, 60_000, w.log).then(() => w)));
      const other = pair.find((w) => w !== first)!;
      first.child.kill('SIGSTOP');
      // the other worker finds the job stalled once its lock has expired, and runs it from the start
      await waitForLine(other.child, /shard 1 of 1 .* done/, 60_000, other.log);
      first.child.kill('SIGCONT');
      const r = await run;
      // resumed, it learns that its lock is gone (BullMQ's error, not a connection's)
      await waitForLine(first.child, /queue: (could not renew lock|Missing (key|lock)) for job/, 30_000, first.log);
      expect(r.code, r.stderr).toBe(0);
      await runTensoreval(['coco', ...args, '--out', local, '--quiet']);
      expect(readFileSync(queued, 'utf8')).toBe(readFileSync(local, 'utf8'));
      // the stalled worker is still alive and serves the next run on its own
      other.child.kill('SIGKILL');
      const again = join(big, 'again.json');
      const small = ['--gt', gt, '--dt', join(dir, 'dt_bbox.json')];
      const r2 = await runTensoreval(['coco', ...small, '--queue', url, '--queue-name', name, '--shards', '2', '--queue-timeout', '60', '--out', again, '--quiet']);
      expect(r2.code, r2.stderr + first.log.join('')).toBe(0);
      const plain = join(big, 'again-local.json');
      await runTensoreval(['coco', ...small, '--out', plain, '--quiet']);
      expect(readFileSync(again, 'utf8')).toBe(readFileSync(plain, 'utf8'));
      expect(first.log.join('')).toMatch(/shard [12] of 2 .* done/);
    } finally {
      for (const w of pair) w.child.kill('SIGKILL');
    }
  }, 120_000);

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

  // Failures that are not a shard's bad input: one TE line each (no stack), and the run leaves no job or input behind.
  const leftBehind = async (name: string) => {
    const connection = parseRedisUrl(url, 'url', 'test');
    const queue = new Queue(name, { connection });
    const client = new Redis(connection);
    try {
      const counts = await queue.getJobCounts('active', 'waiting', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed', 'paused');
      return { jobs: Object.values(counts).reduce((a, b) => a + b, 0), inputs: (await client.keys('tensoreval:run:*')).length };
    } finally {
      client.disconnect();
      await queue.close();
    }
  };
  it('a run nobody serves times out with one TE-402 line naming the shards and the limit, counts no shard as done, and leaves no job', async () => {
    const name = `${queueName}-timeout`;
    // no --quiet: progress lines would show on stderr, and none may count an unfinished shard
    const r = await runTensoreval(['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--queue', url, '--queue-name', name, '--shards', '2', '--queue-timeout', '1']);
    oneTeLine(r, 'TE-402');
    expect(r.stderr).toMatch(/timed out after 1 s .* shards 1, 2 of 2 unfinished/);
    expect(await leftBehind(name)).toEqual({ jobs: 0, inputs: 0 });
  });

  it('an input gone from Redis fails its shard at once with one TE-209 line naming the input and key (not retried), and leaves no job', async () => {
    const name = `${queueName}-gone`;
    const run = runTensoreval(['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--queue', url, '--queue-name', name, '--shards', '2', '--quiet']);
    // as an expired TTL would: the inputs vanish once the jobs are queued, before any worker serves the queue
    const connection = parseRedisUrl(url, 'url', 'test');
    const client = new Redis(connection);
    const queue = new Queue(name, { connection });
    let worker: Awaited<ReturnType<typeof startQueueWorker>> | undefined;
    const failures: string[] = [];
    try {
      for (let t = 0; (await queue.getJobCounts('waiting')).waiting < 2; t++) {
        if (t > 600) throw new Error('the run queued no jobs');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const keys = await client.keys('tensoreval:run:*');
      expect(keys).toHaveLength(2);
      await client.del(...keys);
      worker = await startQueueWorker(connection, { queueName: name, log: (line) => { if (/failed/.test(line)) failures.push(line); } });
      const r = await run;
      oneTeLine(r, 'TE-209');
      expect(r.stderr).toMatch(/shard \d of 2: input \S*(gt|dt_bbox)\.json is no longer in Redis \(key tensoreval:run:[0-9a-f-]+:(gt|dt) expired or was deleted/);
      // one attempt per shard at most: unrecoverable, not retried with backoff
      expect(failures.length).toBeLessThanOrEqual(2);
    } finally {
      await worker?.close();
      client.disconnect();
      await queue.close();
    }
    expect(await leftBehind(name)).toEqual({ jobs: 0, inputs: 0 });
  });

  it('SIGTERM on a worker mid-shard (docker stop) finishes the shard, hands in its state and exits with status 0', async () => {
    const name = `${queueName}-sigterm`;
    const worker = startedCli(['worker', '--queue', url, '--queue-name', name]);
    try {
      await waitForLine(worker.child, /waiting for jobs/, 60_000, worker.log);
      const big = longShardSet();
      const queued = join(big, 'sigterm-queued.json'), local = join(big, 'local.json');
      const args = ['--gt', join(big, 'gt.json'), '--dt', join(big, 'dt.json')];
      const run = runTensoreval(['coco', ...args, '--queue', url, '--queue-name', name, '--shards', '1', '--queue-timeout', '90', '--out', queued, '--quiet']);
      await waitForLine(worker.child, /shard 1 of 1 .* started/, 60_000, worker.log);
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => worker.child.once('exit', (code, signal) => resolve([code, signal])));
      worker.child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      const log = worker.log.join('');
      expect(log).toMatch(/stopping after the running job[\s\S]*shard 1 of 1 .* done/);
      const r = await run;
      expect(r.code, r.stderr).toBe(0);
      await runTensoreval(['coco', ...args, '--out', local, '--quiet']);
      expect(readFileSync(queued, 'utf8')).toBe(readFileSync(local, 'utf8'));
    } finally {
      worker.child.kill('SIGKILL');
    }
  }, 120_000);

  it('a run that ends while a worker holds one of its shards cancels it there: no job, input or mark is left, and the worker serves on', async () => {
    const name = `${queueName}-cancel`;
    const worker = startedCli(['worker', '--queue', url, '--queue-name', name]);
    try {
      await waitForLine(worker.child, /waiting for jobs/, 60_000, worker.log);
      const big = longShardSet();
      const coordinator = startedCli(['coco', '--gt', join(big, 'gt.json'), '--dt', join(big, 'dt.json'), '--queue', url, '--queue-name', name, '--shards', '1', '--quiet']);
      await waitForLine(worker.child, /shard 1 of 1 .* started/, 60_000, worker.log);
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => coordinator.child.once('exit', (code, signal) => resolve([code, signal])));
      coordinator.child.kill('SIGINT');
      expect(await exited).toEqual([null, 'SIGINT']);
      // the coordinator waited for the cancel, so the job could be removed before it exited
      expect(worker.log.join('')).toMatch(/shard 1 of 1 .* cancelled: its run ended/);
      expect(worker.log.join('')).not.toMatch(/shard 1 of 1 .* done|failed/);
      expect(await leftBehind(name)).toEqual({ jobs: 0, inputs: 0 });
      // its thread was ended with the shard and replaced: the next run is served
      const out = join(tmp, 'after-cancel.json'), local = join(tmp, 'after-cancel-local.json');
      const small = ['--gt', gt, '--dt', join(dir, 'dt_bbox.json')];
      const r = await runTensoreval(['coco', ...small, '--queue', url, '--queue-name', name, '--shards', '2', '--queue-timeout', '60', '--out', out, '--quiet']);
      expect(r.code, r.stderr + worker.log.join('')).toBe(0);
      await runTensoreval(['coco', ...small, '--out', local, '--quiet']);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(local, 'utf8'));
    } finally {
      worker.child.kill('SIGKILL');
    }
  }, 120_000);

  it('a shard taken up after its run was marked ended (its worker had stopped past the coordinator\'s wait) is cancelled at once, never retried', async () => {
    const name = `${queueName}-marked`;
    const connection = parseRedisUrl(url, 'url', 'test');
    const client = new Redis(connection);
    const queue = new Queue(name, { connection });
    const lines: string[] = [];
    let worker: Awaited<ReturnType<typeof startQueueWorker>> | undefined;
    try {
      const runId = `marked-${process.pid}`;
      await client.set(`tensoreval:run:${runId}:ended`, '1', 'EX', 60);
      // its inputs are still there: the mark alone ends it
      const keys = { gt: `tensoreval:run:${runId}:gt`, dt: `tensoreval:run:${runId}:dt` };
      await client.set(keys.gt, gzipSync(readFileSync(gt)));
      await client.set(keys.dt, gzipSync(readFileSync(join(dir, 'dt_bbox.json'))));
      const job = await queue.add('coco-shard', { kind: 'coco', runId, index: 0, count: 1, options: {}, gt: { redisKey: keys.gt }, dt: { redisKey: keys.dt }, gtName: 'gt.json', dtName: 'dt.json' }, { attempts: 3, backoff: { type: 'fixed', delay: 100 } });
      worker = await startQueueWorker(connection, { queueName: name, log: (line) => lines.push(line) });
      for (let t = 0; (await job.getState()) !== 'failed'; t++) {
        if (t > 400) throw new Error(`the job did not fail: ${lines.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const failed = (await queue.getJob(job.id!))!;
      expect(failed.attemptsMade).toBe(1);
      expect(JSON.parse(failed.failedReason)).toEqual({ code: 'TE-403', message: 'cancelled on its worker: its run had ended' });
      expect(lines.filter((l) => /cancelled: its run ended/.test(l))).toHaveLength(1);
      expect(lines.join('\n')).not.toMatch(/done|failed/);
    } finally {
      await worker?.close();
      await queue.obliterate({ force: true });
      await queue.close();
      await client.del(...(await client.keys('tensoreval:run:marked-*')));
      client.disconnect();
    }
  });

  it('an input Redis refuses to store (past its proto-max-bulk-len, or at its maxmemory) is one TE-404 line naming it, the reply and the remedy, and leaves nothing', async () => {
    // a server of its own that takes at most 1 MB per value (Redis' smallest limit); the long set's results gzip to more
    const port = await freePort();
    const small = startedRedis(port, ['--proto-max-bulk-len', '1mb']);
    try {
      await waitForLine(small.child, REDIS_READY, 20_000, small.log);
      const big = longShardSet();
      // the small GT is stored, the results are refused: the run removes the GT before it fails
      const r = await runTensoreval(['coco', '--gt', gt, '--dt', join(big, 'dt.json'), '--queue', `redis://127.0.0.1:${port}`, '--shards', '2', '--queue-timeout', '30', '--quiet']);
      oneTeLine(r, 'TE-404');
      expect(r.stderr).toMatch(/^tensoreval: error TE-404: The queue's Redis \(--queue\) refused input \S*long-shard\/dt\.json \(\d+\.\d MiB gzip'd\): ERR Protocol error: invalid bulk length\. Redis stores at most proto-max-bulk-len .*--shard-dir/);
      expect(await runKeysAt(`redis://127.0.0.1:${port}`)).toEqual([]);
    } finally {
      small.child.kill('SIGTERM');
    }
    // a server at its maxmemory (3 MB, refusing writes): the same line, with its own reply and remedy
    const fullPort = await freePort();
    const full = startedRedis(fullPort, ['--maxmemory', '3mb', '--maxmemory-policy', 'noeviction']);
    try {
      await waitForLine(full.child, REDIS_READY, 20_000, full.log);
      const r = await runTensoreval(['coco', '--gt', gt, '--dt', join(longShardSet(), 'dt.json'), '--queue', `redis://127.0.0.1:${fullPort}`, '--shards', '2', '--queue-timeout', '30', '--quiet']);
      oneTeLine(r, 'TE-404');
      expect(r.stderr).toMatch(/refused input \S*long-shard\/dt\.json \(\d+\.\d MiB gzip'd\): OOM command not allowed when used memory > 'maxmemory'\. Redis is at its maxmemory; pass the inputs through a shared directory \(--shard-dir, shardDir\)/);
      expect(await runKeysAt(`redis://127.0.0.1:${fullPort}`)).toEqual([]);
    } finally {
      full.child.kill('SIGTERM');
    }
  }, 60_000);

  it('a database the server does not have (…/99) is one TE-401 line at once for the coordinator and the worker: ioredis would go on in database 0', async () => {
    const missing = `${url}/99`;
    const r = await runTensoreval(['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--queue', missing, '--queue-name', `${queueName}-db`, '--queue-timeout', '20', '--quiet']);
    oneTeLine(r, 'TE-401');
    expect(r.stderr).toMatch(/^tensoreval: error TE-401: The queue's Redis at 127\.0\.0\.1:\d+ \(--queue\) refused the URL's database: ERR DB index is out of range\. Name a database the server has/);
    expect(r.code).toBe(2);
    const w = await runTensoreval(['worker', '--queue', missing, '--queue-name', `${queueName}-db`]);
    oneTeLine(w, 'TE-401');
    expect(w.stderr).toMatch(/refused the URL's database: ERR DB index is out of range/);
    // nothing reached database 0 in its place: BullMQ leaves its queue's keys (meta, events) however a run ends
    const client = new Redis(parseRedisUrl(url, 'url', 'test'));
    try {
      expect(await client.keys(`bull:${queueName}-db:*`)).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('SIGINT on the coordinator removes its inputs and jobs, then ends the process by SIGINT', async () => {
    const name = `${queueName}-sigint`;
    const coordinator = startedCli(['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--queue', url, '--queue-name', name, '--shards', '3', '--quiet']);
    const connection = parseRedisUrl(url, 'url', 'test');
    const queue = new Queue(name, { connection });
    try {
      for (let t = 0; (await queue.getJobCounts('waiting')).waiting < 3; t++) {
        if (t > 600) throw new Error('the run queued no jobs');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await queue.close();
    }
    expect((await leftBehind(name)).inputs).toBe(2);
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => coordinator.child.once('exit', (code, signal) => resolve([code, signal])));
    coordinator.child.kill('SIGINT');
    expect(await exited).toEqual([null, 'SIGINT']);
    expect(coordinator.log.join('')).toBe('');
    expect(await leftBehind(name)).toEqual({ jobs: 0, inputs: 0 });
  });
});

describe('queue flags', () => {
  it('an unreachable Redis fails the coordinator and the worker within their connect timeout, with one TE-401 line naming --queue', async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    const r = await runTensoreval(['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--queue', closed, '--queue-timeout', '2']);
    expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(/^tensoreval: error TE-401: Could not reach the queue's Redis at 127\.0\.0\.1:\d+ \(--queue\) within 2 s: .*ECONNREFUSED/);
    expect(r.code).toBe(2);
    const w = await runTensoreval(['worker', '--queue', closed, '--connect-timeout', '1']);
    expect(w.stderr.trim().split('\n'), w.stderr).toHaveLength(1);
    expect(w.stderr).toMatch(/^tensoreval: error TE-401: Could not reach the queue's Redis at 127\.0\.0\.1:\d+ \(--queue\) within 1 s: .*ECONNREFUSED/);
    expect(w.code).toBe(2);
  });

  it.skipIf(!hasRedis)('a Redis with a password: credentials it refuses are one TE-401 line at once (not after the connect timeout), and the password in the URL runs the queue', async () => {
    const port = await freePort();
    const server = startedRedis(port, ['--requirepass', 's3cret-pw']);
    const worker: { current?: { child: ChildProcess; log: string[] } } = {};
    try {
      await waitForLine(server.child, REDIS_READY, 20_000, server.log);
      const coco = ['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--queue-name', 'auth', '--queue-timeout', '60', '--quiet'];
      // the connect timeout (10 s) would be in the line had the run waited for it
      const none = await runTensoreval([...coco, '--queue', `redis://127.0.0.1:${port}`]);
      oneTeLine(none, 'TE-401');
      expect(none.stderr).toMatch(/^tensoreval: error TE-401: The queue's Redis at 127\.0\.0\.1:\d+ \(--queue\) refused the connection's credentials: NOAUTH Authentication required\. Give the user and password in the URL/);
      const wrong = await runTensoreval(['worker', '--queue', `redis://:not-it@127.0.0.1:${port}`]);
      oneTeLine(wrong, 'TE-401');
      expect(wrong.stderr).toMatch(/refused the connection's credentials: WRONGPASS/);
      expect(wrong.stderr).not.toMatch(/not-it/);
      const url = `redis://:s3cret-pw@127.0.0.1:${port}`;
      worker.current = startedCli(['worker', '--queue', url, '--queue-name', 'auth']);
      await waitForLine(worker.current.child, /waiting for jobs/, 60_000, worker.current.log);
      expect(worker.current.log.join('')).not.toMatch(/s3cret-pw/);
      const out = join(tmpdir(), `auth-${process.pid}.json`), local = join(tmpdir(), `auth-local-${process.pid}.json`);
      const r = await runTensoreval([...coco, '--queue', url, '--shards', '2', '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      await runTensoreval(['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--quiet', '--out', local]);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(local, 'utf8'));
      // the password changes under a running library worker: its reconnect is refused, and it hands that to onLost at once
      // (its connect timeout, 60 s, is longer than the test's own)
      const connection = parseRedisUrl(url, 'url', 'test');
      const lost = new Promise<Error>((resolve) => {
        startQueueWorker(connection, { queueName: 'auth-lib', connectTimeoutMs: 60_000, onLost: resolve }).catch(resolve);
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const admin = new Redis(connection);
      try {
        await admin.config('SET', 'requirepass', 'changed-pw');
        await admin.client('KILL', 'TYPE', 'normal');
      } finally {
        admin.disconnect();
      }
      const e = await lost;
      expect(e).toMatchObject({ code: 'TE-401' });
      expect(e.message).toMatch(/^The queue's Redis at 127\.0\.0\.1:\d+ \(connection\) refused the connection's credentials: WRONGPASS/);
    } finally {
      worker.current?.child.kill('SIGKILL');
      server.child.kill('SIGTERM');
    }
  }, 30_000);

  it.skipIf(!hasRedis)('a Redis lost mid-run fails the coordinator and the worker with one TE-401 line naming --queue, no ioredis error events', async () => {
    const port = await freePort();
    // its own dir: the suite's tmp is gone once the first block has run
    const server = startedRedis(port);
    await waitForLine(server.child, REDIS_READY, 20_000, server.log);
    const lostUrl = `redis://127.0.0.1:${port}`;
    const worker = startedCli(['worker', '--queue', lostUrl, '--queue-name', 'other', '--connect-timeout', '1']);
    const coordinator = startedCli(['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--queue', lostUrl, '--queue-name', 'lost', '--queue-timeout', '120', '--quiet']);
    const exit = (p: { child: ChildProcess }) => new Promise<number | null>((resolve) => p.child.once('exit', (code) => resolve(code)));
    const ends = [exit(worker), exit(coordinator)];
    try {
      await waitForLine(worker.child, /waiting for jobs/, 60_000, worker.log);
      // the coordinator has queued its jobs: they sit in the queue nobody serves
      for (let t = 0; spawnSync('redis-cli', ['-u', lostUrl, 'llen', 'bull:lost:wait']).stdout.toString().trim() !== '4'; t++) {
        if (t > 600) throw new Error('the run queued no jobs');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      server.child.kill('SIGKILL');
      const [w, c] = await Promise.all(ends);
      expect(c).toBe(2);
      expect(coordinator.log.join('').trim().split('\n')).toHaveLength(1);
      expect(coordinator.log.join('')).toMatch(/^tensoreval: error TE-401: Lost the connection to the queue's Redis at 127\.0\.0\.1:\d+ \(--queue\) and it did not come back within 10 s: .*ECONNREFUSED/);
      expect(w).toBe(2);
      expect(worker.log.join('').trim().split('\n').at(-1)).toMatch(/^tensoreval: error TE-401: Lost the connection to the queue's Redis at 127\.0\.0\.1:\d+ \(--queue\) and it did not come back within 1 s/);
      expect(worker.log.join('') + coordinator.log.join('')).not.toMatch(/Unhandled error event|\n\s+at /);
    } finally {
      for (const p of [worker, coordinator, server]) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    }
  }, 60_000);

  it('library: startQueueWorker rejects with TE-401 naming its connection when Redis does not answer within connectTimeoutMs', async () => {
    const connection = parseRedisUrl(`redis://127.0.0.1:${await freePort()}`, 'url', 'test');
    const logged: string[] = [];
    const t0 = Date.now();
    const e = await startQueueWorker(connection, { connectTimeoutMs: 500, log: (line) => logged.push(line) }).then(() => undefined, (error: unknown) => error);
    expect(e).toMatchObject({ code: 'TE-401' });
    expect((e as Error).message).toMatch(/^Could not reach the queue's Redis at 127\.0\.0\.1:\d+ \(connection\) within 0\.5 s: .*ECONNREFUSED/);
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(logged).toEqual([]); // the connection's errors went into the one TE-401 error, not the log
  });

  it.skipIf(!hasRedis)('library: a worker that loses Redis for connectTimeoutMs closes itself and hands TE-401 to onLost', async () => {
    const port = await freePort();
    const server = startedRedis(port);
    try {
      await waitForLine(server.child, REDIS_READY, 20_000, server.log);
      const connection = parseRedisUrl(`redis://127.0.0.1:${port}`, 'url', 'test');
      let closed = false, closedBeforeLost: boolean | undefined;
      let onLost: (error: unknown) => void = () => {};
      const lost = new Promise((resolve) => {
        onLost = (error) => {
          closedBeforeLost = closed;
          resolve(error);
        };
      });
      const worker = await startQueueWorker(connection, { queueName: 'lost-lib', connectTimeoutMs: 1000, onLost });
      worker.once('closed', () => { closed = true; });
      expect(worker.isRunning()).toBe(true);
      server.child.kill('SIGKILL');
      const error = await lost;
      expect(error).toMatchObject({ code: 'TE-401' });
      expect((error as Error).message).toMatch(/^Lost the connection to the queue's Redis at 127\.0\.0\.1:\d+ \(connection\) and it did not come back within 1 s/);
      expect(closedBeforeLost).toBe(true); // it closed itself (BullMQ's 'closed' event) before onLost was called
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  }, 30_000);

  it('an input that cannot be read is one TE-209 line naming it, before any connection', async () => {
    const missing = join(tmp, 'no-such-dt.json');
    const closed = `redis://127.0.0.1:${await freePort()}`;
    const r = await runTensoreval(['coco', '--gt', gt, '--dt', missing, '--queue', closed, '--queue-timeout', '2']);
    expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
    expect(r.stderr).toMatch(/^tensoreval: error TE-209: Expected `[^`]*no-such-dt\.json` of evaluateCocoOnQueue to be a readable file, but got ENOENT/);
    expect(r.code).toBe(2);
  });

  it('--queue must be a redis:// URL; --shards needs --queue', async () => {
    const dt = join(dir, 'dt_bbox.json');
    const a = await runTensoreval(['coco', '--gt', gt, '--dt', dt, '--queue', 'http://x:1']);
    expect(a.stderr).toMatch(/TE-101: The '--queue' option of tensoreval coco must be a redis:\/\/host:port URL\. Got "http:\/\/x:1" instead\./);
    const b = await runTensoreval(['coco', '--gt', gt, '--dt', dt, '--shards', '3']);
    expect(b.stderr).toMatch(/TE-103: The '--shards' option of tensoreval coco must be given with --queue URL/);
    const c = await runTensoreval(['worker']);
    expect(c.stderr).toMatch(/TE-101: The '--queue' option of tensoreval worker must be a redis:\/\/host:port URL/);
    // a db Redis would refuse to SELECT (ioredis then goes on in database 0): refused here, digits only
    for (const db of ['1e20', '-1', '1.0']) {
      const d = await runTensoreval(['worker', '--queue', `redis://127.0.0.1:1/${db}`]);
      expect(d.stderr).toMatch(/TE-101: The '--queue' option of tensoreval worker must be a redis:\/\/host:port\[\/db\] URL with an integer db/);
    }
  });

  it('library: numbers out of range in the run and worker options are TE-101 naming the option, before any connection', async () => {
    const connection = parseRedisUrl(`redis://127.0.0.1:${await freePort()}`, 'url', 'test');
    const dt = join(dir, 'dt_bbox.json');
    const cases: Array<[() => Promise<unknown>, RegExp]> = [
      [() => evaluateCocoOnQueue(gt, dt, {}, { connection, shards: 0 }), /^The 'shards' option of evaluateCocoOnQueue must be an integer in \[1, 4096\]\. Got 0 instead/],
      [() => evaluateCocoOnQueue(gt, dt, {}, { connection, shards: 1.5 }), /'shards' option of evaluateCocoOnQueue .* Got 1\.5 instead/],
      [() => evaluateCocoOnQueue(gt, dt, {}, { connection, shards: 2, timeoutMs: Number.NaN }), /'timeoutMs' option of evaluateCocoOnQueue must be an integer in \[1, 604800000\]\. Got NaN instead/],
      [() => evaluateOnQueue(caseToRequest(listValorCases().find((c) => c.task === 'classification')!), {}, { connection, shards: -1 }), /'shards' option of evaluateOnQueue .* Got -1 instead/],
      [() => startQueueWorker(connection, { concurrency: 0 }), /'concurrency' option of startQueueWorker must be an integer in \[1, 256\]/],
      [() => startQueueWorker(connection, { lockMs: -1 }), /'lockMs' option of startQueueWorker must be an integer in \[1000, 3600000\]/],
      [() => startQueueWorker(connection, { connectTimeoutMs: 0 }), /'connectTimeoutMs' option of startQueueWorker/],
    ];
    for (const [call, message] of cases) {
      const run = call();
      await expect(run).rejects.toMatchObject({ code: 'TE-101' });
      await expect(run).rejects.toThrow(message);
    }
  });

  it("a queue name BullMQ cannot take (empty, or with ':') is one TE-101 line before any connection: CLI and library", async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    const expected = (option: string, fn: string, got: string) => new RegExp(`^(tensoreval: error TE-101: )?The '${option}' option of ${fn} must be a non-empty name without ':' \\(BullMQ's key separator\\)\\. Got "${got}" instead\\.`);
    for (const name of ['a:b', '']) {
      for (const args of [['coco', '--gt', gt, '--dt', join(dir, 'dt_bbox.json'), '--queue', closed], ['worker', '--queue', closed]]) {
        const r = await runTensoreval([...args, '--queue-name', name]);
        oneTeLine(r, 'TE-101');
        expect(r.stderr).toMatch(expected('--queue-name', `tensoreval ${args[0]}`, name));
      }
    }
    const connection = parseRedisUrl(closed, 'url', 'test');
    const worker = startQueueWorker(connection, { queueName: 'a:b' });
    await expect(worker).rejects.toMatchObject({ code: 'TE-101' });
    await expect(worker).rejects.toThrow(expected('queueName', 'startQueueWorker', 'a:b'));
    const run = evaluateCocoOnQueue(gt, join(dir, 'dt_bbox.json'), {}, { connection, shards: 2, queueName: '' });
    await expect(run).rejects.toMatchObject({ code: 'TE-101' });
    await expect(run).rejects.toThrow(expected('queueName', 'evaluateCocoOnQueue', ''));
  });
});
