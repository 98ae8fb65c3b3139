import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runCocoShard } from '../src/coco-shard';
import { evaluateCoco } from '../src/evaluate-coco';
import { evaluateInWorkers } from '../src/evaluate-workers';
import { TASKS, validateRequest } from '../src/request';
import { readInputBytesWithin } from '../src/read-json';
import { repoRoot, runTensoreval } from './cli-process';
import { namedPipe } from './named-pipe';
import { caseToRequest, listValorCases } from './valor-cases';

// the pool's worker entry, where a test gives one: a thread that dies mid-task (dying-thread.mjs)
const entry = vi.hoisted(() => ({ path: undefined as string | undefined }));
vi.mock('../src/worker-entry', () => ({ workerEntry: () => entry.path }));

// the pool's threads with a capped heap, where a test sets one: a thread runs out of memory in a second, not 4 GB
const heap = vi.hoisted(() => ({ maxOldMb: undefined as number | undefined }));
vi.mock('piscina', async (importOriginal) => {
  const m = await importOriginal<typeof import('piscina')>();
  class CappedPiscina extends m.Piscina {
    constructor(options: ConstructorParameters<typeof m.Piscina>[0] = {}) {
      super(heap.maxOldMb === undefined ? options : { ...options, resourceLimits: { maxOldGenerationSizeMb: heap.maxOldMb, maxYoungGenerationSizeMb: 4 } });
    }
  }
  return { ...m, Piscina: CappedPiscina };
});

// the files this thread streams results from, recorded: a test of streaming must see the reader called, on the file it expects
const streamed = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock('@tensoreval/metrics/detection', async (importOriginal) => {
  const m = await importOriginal<typeof import('@tensoreval/metrics/detection')>();
  return {
    ...m,
    readJsonArray: (...args: Parameters<typeof m.readJsonArray>) => {
      streamed.paths.push(args[0]);
      return m.readJsonArray(...args);
    },
  };
});

const tmp = mkdtempSync(join(tmpdir(), 'tensoreval-worker-inputs-'));
const lvis = join(repoRoot, 'test-data/reference/coco/lvis/lvis_small');
const small = join(repoRoot, 'test-data/reference/coco/synthetic-small');

/** Runs `coco ARGS` with each `fifos` path a named pipe fed `source`'s bytes. */
async function cocoWithPipes(args: string[], fifos: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const writers = Object.entries(fifos).map(([fifo, source]) => namedPipe(fifo, source));
  const run = await runTensoreval(['coco', ...args]);
  await Promise.all(writers);
  return run;
}

describe('a shard that reads local copies of the inputs names the inputs the run was given', () => {
  it('a GT and results file read from their copies (queue scratch, pipe copies) name the originals in errors', async () => {
    const copy = join(tmp, 'copy-of-gt.json');
    writeFileSync(copy, '{"images": [');
    const task = { gt: copy, dt: join(small, 'dt_bbox.json'), gtName: 'instances_val.json', dtName: 'detections.json', options: {}, index: 0, count: 2 };
    const bad = await runCocoShard(task);
    expect(bad).toMatchObject({ error: { code: 'TE-209', argument: 'instances_val.json' } });
    const badDt = join(tmp, 'copy-of-dt.json');
    writeFileSync(badDt, '[{"image_id": ');
    expect(await runCocoShard({ ...task, gt: join(small, 'gt.json'), dt: badDt })).toMatchObject({ error: { code: 'TE-209', argument: 'detections.json' } });
  });
});

describe('a pipe input under --workers is read once: the same output or error as one pass', () => {
  it('LVIS results from a pipe: --workers 2 gives one pass\'s RESULT.json and summary', async () => {
    const runs = await Promise.all([1, 2].map(async (n) => {
      const out = join(tmp, `lvis-${n}.json`), fifo = join(tmp, `lvis-dt-${n}`);
      const r = await cocoWithPipes(['--gt', join(lvis, 'gt.json'), '--dt', fifo, '--lvis', '--workers', String(n), '--out', out, '--quiet'], { [fifo]: join(lvis, 'dt.json') });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      return { stdout: r.stdout, json: readFileSync(out, 'utf8') };
    }));
    expect(runs[1]).toEqual(runs[0]);
  });

  it('a bad GT from a named pipe (bbox and LVIS): --workers 2 reports one pass\'s error, not an empty pipe', async () => {
    const gt = JSON.parse(readFileSync(join(lvis, 'gt.json'), 'utf8'));
    delete gt.annotations[5].image_id;
    const bad = join(tmp, 'gt-bad.json');
    writeFileSync(bad, JSON.stringify(gt));
    for (const flags of [[], ['--lvis']]) {
      const runs = [];
      for (const n of [1, 2]) {
        const fifo = join(tmp, 'gt-pipe'); // one name, so both runs' errors name the same file
        runs.push(await cocoWithPipes(['--gt', fifo, '--dt', join(lvis, 'dt.json'), ...flags, '--workers', String(n), '--quiet'], { [fifo]: bad }));
      }
      expect(runs[0]!.code).not.toBe(0);
      expect(runs[0]!.stderr).toMatch(/TE-20[45]/);
      expect(runs[1]!.code).toBe(runs[0]!.code);
      // --workers names the shard that found it
      expect(runs[1]!.stderr.replace(/shard \d+ of 2: /, '')).toBe(runs[0]!.stderr);
    }
  });

  it('GT and results both from pipes, one pass and --workers 2: one copy directory, removed after the run', async () => {
    const plain = join(tmp, 'both-plain.json');
    await runTensoreval(['coco', '--gt', join(small, 'gt.json'), '--dt', join(small, 'dt_bbox.json'), '--out', plain, '--quiet']);
    for (const workers of ['1', '2']) {
      const own = mkdtempSync(join(tmp, 'tmpdir-'));
      const gtFifo = join(tmp, 'both-gt'), dtFifo = join(tmp, 'both-dt'), out = join(tmp, 'both.json');
      const writers = [namedPipe(gtFifo, join(small, 'gt.json')), namedPipe(dtFifo, join(small, 'dt_bbox.json'))];
      const r = await runTensoreval(['coco', '--gt', gtFifo, '--dt', dtFifo, '--workers', workers, '--out', out, '--quiet'], { ...process.env, TMPDIR: own });
      await Promise.all(writers);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      // both inputs, copied at once, share one directory, removed after the run (each used to make its own, one left behind)
      expect(readdirSync(own).filter((f) => f.startsWith('tensoreval-pipe-'))).toEqual([]);
      expect(readFileSync(out, 'utf8')).toBe(readFileSync(plain, 'utf8'));
    }
  });

  it('--workers 2 over a gzip results pipe gives one pass\'s result', async () => {
    const gz = join(tmp, 'dt.json.gz');
    writeFileSync(gz, gzipSync(readFileSync(join(lvis, 'dt.json'))));
    const runs = [];
    for (const n of [1, 2]) {
      const fifo = join(tmp, 'dt-gz-pipe'), out = join(tmp, `gz-${n}.json`);
      const r = await cocoWithPipes(['--gt', join(lvis, 'gt.json'), '--dt', fifo, '--lvis', '--workers', String(n), '--out', out, '--quiet'], { [fifo]: gz });
      expect(r.stderr).toBe('');
      runs.push(readFileSync(out, 'utf8'));
    }
    expect(runs[1]).toBe(runs[0]);
  });
});

/** A gzip file inflating to `members` × 16 MiB of zero bytes (not JSON), each member ~16 KiB. */
function gzipBomb(members: number): Buffer {
  const member = gzipSync(Buffer.alloc(16 << 20));
  return Buffer.concat(Array.from({ length: members }, () => member));
}

describe('a gzip input inflates no further than it can be used', () => {
  it('a bound stops inflating: past it the reader says so instead of inflating the rest', async () => {
    const path = join(tmp, 'bomb-small.json.gz');
    writeFileSync(path, gzipBomb(2));
    expect(await readInputBytesWithin('evaluateCoco', path, 1 << 20)).toBeUndefined();
    expect((await readInputBytesWithin('evaluateCoco', path, 32 << 20))?.length).toBe(32 << 20);
  });

  it('a results bomb (512 MiB inflated from 256 KiB) streams past the streaming limit and fails with one TE-209 line, one pass and --workers, in bounded memory', async () => {
    const dt = join(tmp, 'bomb.json.gz');
    writeFileSync(dt, gzipBomb(32));
    const before = process.resourceUsage().maxRSS * 1024;
    for (const workers of [1, 2]) {
      const run = evaluateCoco(join(lvis, 'gt.json'), dt, { lvis: true, streamAboveBytes: 1 << 20, workers });
      await expect(run).rejects.toThrow(/TE-209/);
      await expect(run).rejects.toThrow(/bomb\.json\.gz/);
    }
    // the whole file inflated once would raise the peak by 512 MiB
    expect(process.resourceUsage().maxRSS * 1024 - before).toBeLessThan(128 << 20);
  });

  it('a legitimate gzip results file past the streaming limit streams to the same result, --workers included', async () => {
    const dt = join(tmp, 'dt-stream.json.gz');
    writeFileSync(dt, gzipSync(readFileSync(join(lvis, 'dt.json'))));
    const plain = await evaluateCoco(join(lvis, 'gt.json'), join(lvis, 'dt.json'), { lvis: true });
    for (const workers of [1, 2]) {
      const before = streamed.paths.length;
      const result = await evaluateCoco(join(lvis, 'gt.json'), dt, { lvis: true, streamAboveBytes: 4096, workers });
      expect(result.stats).toEqual(plain.stats);
      // the worker entry is mocked away, so --workers' shards run in this thread too: every shard streams the file
      expect(streamed.paths.slice(before)).toEqual(Array(workers).fill(dt));
    }
  });
});

describe('a pipe of results past the streaming limit is copied to disk once and streams from there', () => {
  it('gzip and plain, one pass and --workers 2: the result of the file itself', async () => {
    const plainDt = join(lvis, 'dt.json'), gz = join(tmp, 'dt-pipe-stream.json.gz');
    writeFileSync(gz, gzipSync(readFileSync(plainDt)));
    const file = await evaluateCoco(join(lvis, 'gt.json'), plainDt, { lvis: true });
    for (const source of [gz, plainDt]) {
      for (const workers of [1, 2]) {
        const fifo = join(tmp, 'dt-stream-pipe');
        const written = namedPipe(fifo, source);
        const before = streamed.paths.length;
        const piped = await evaluateCoco(join(lvis, 'gt.json'), fifo, { lvis: true, streamAboveBytes: 4096, workers });
        await written;
        expect(piped.stats).toEqual(file.stats);
        // every shard (the worker entry is mocked away: they run in this thread) streams the copy of the pipe from disk,
        // never the pipe (read once) nor its bytes held in memory
        expect(streamed.paths.slice(before)).toEqual(Array(workers).fill(expect.stringMatching(/tensoreval-pipe-[^/]+\/input-1$/)));
      }
    }
  }, 30_000);
});

describe('a pool thread that dies mid-task is one TE-304 line naming its shard', () => {
  afterEach(() => {
    entry.path = undefined;
    heap.maxOldMb = undefined;
    delete process.env.DYING_THREAD;
  });
  const dying = (how: 'exit' | 'throw' | 'oom') => {
    entry.path = fileURLToPath(new URL('./dying-thread.mjs', import.meta.url));
    process.env.DYING_THREAD = how;
  };

  it.each([['exit', /worker exited with code: 3/], ['throw', /lost outside the task/]] as const)('coco (%s): LVIS shards, and the GT and scan steps of a bbox run', async (how, why) => {
    dying(how);
    const lvisRun = evaluateCoco(join(lvis, 'gt.json'), join(lvis, 'dt.json'), { lvis: true, workers: 2 });
    await expect(lvisRun).rejects.toMatchObject({ code: 'TE-304' });
    await expect(lvisRun).rejects.toThrow(/^shard [12] of 2: its worker thread died \(.*\)\. See errors\/TE-304\.md$/);
    await expect(lvisRun).rejects.toThrow(why);
    const bbox = evaluateCoco(join(small, 'gt.json'), join(small, 'dt_bbox.json'), { workers: 2 });
    await expect(bbox).rejects.toMatchObject({ code: 'TE-304' });
    await expect(bbox).rejects.toThrow(/^the thread (loading the GT|scanning bytes \d+-\d+ of the results): its worker thread died/);
  });

  it('coco and evaluate: a thread that runs out of memory (its heap capped here) is the same line, naming V8\'s reason', async () => {
    dying('oom');
    heap.maxOldMb = 24;
    const bbox = evaluateCoco(join(small, 'gt.json'), join(small, 'dt_bbox.json'), { workers: 2 });
    await expect(bbox).rejects.toMatchObject({ code: 'TE-304' });
    await expect(bbox).rejects.toThrow(/^the thread (loading the GT|scanning bytes \d+-\d+ of the results): its worker thread died \(Worker terminated due to reaching memory limit: JS heap out of memory\)\. See errors\/TE-304\.md$/);
    const c = listValorCases().find((v) => v.task === 'classification')!;
    const { request, handler } = validateRequest(caseToRequest(c), TASKS);
    const run = evaluateInWorkers(request, handler, {}, 2);
    await expect(run).rejects.toMatchObject({ code: 'TE-304' });
    await expect(run).rejects.toThrow(/^shard [12] of 2: its worker thread died \(Worker terminated due to reaching memory limit/);
  }, 30_000);

  it.each(['exit', 'throw'] as const)('evaluate (%s): the datum shard', async (how) => {
    dying(how);
    const c = listValorCases().find((v) => v.task === 'classification')!;
    const { request, handler } = validateRequest(caseToRequest(c), TASKS);
    const run = evaluateInWorkers(request, handler, {}, 2);
    await expect(run).rejects.toMatchObject({ code: 'TE-304' });
    await expect(run).rejects.toThrow(/^shard [12] of 2: its worker thread died/);
  });
});
