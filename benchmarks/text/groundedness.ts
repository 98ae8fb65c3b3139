/**
 * Groundedness throughput (`npm run bench:text`, second half): 10k answers, each 4 answer-sentence
 * vectors against 50 context-sentence vectors of 384 dims (seeded LCG data, float64), through the
 * PairwiseCosine + TopK kernels, on every registered backend that initialises (cpu always; onnx,
 * tfjs, gpujs when their engines load). A backend without one of the two kernels falls back to cpu
 * for it, and the table says which backend ran each kernel. A plain nested-loop implementation
 * (no kernels) is timed as the baseline, and every backend's scores are checked against it.
 * Next to the per-answer `groundedness` rows, each backend also times `groundednessBatch` on the
 * same data in columnar form: "batch, own contexts" (each answer its own copy of its 50 context
 * vectors, ragged offsets, 512 answers per call), "batch, contextIndex" (the 512 distinct context
 * sets once, answers pointing at them, all answers in one call) and "batch, shared context" (every
 * answer against one set of 50, all in one call; checked against nested loops on that set). Batch
 * rows also say whether they equal the same backend's per-answer scores bit for bit.
 * Results go to benchmarks/results/text-groundedness-<machine>-<date>.json.
 * Options: --answers N (10000), --contexts N (50), --sentences N (4), --dim N (384), --repeats N (3;
 * a backend whose warm-up pass takes over 5 s is timed once), --backends a,b (all registered).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initBackend, listBackends, resolveBackend, setWarningHandler } from '@tensoreval/core';
import { lcg } from '../data';
import { groundedness, groundednessBatch, type PackedVectors, type RaggedVectors } from '../../packages/metrics/src/embedding/index';

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const ANSWERS = argValue('--answers', 10_000);
const CONTEXTS = argValue('--contexts', 50);
const SENTENCES = argValue('--sentences', 4);
const DIM = argValue('--dim', 384);
const REPEATS = argValue('--repeats', 3);
const ONLY = process.argv.includes('--backends') ? (process.argv[process.argv.indexOf('--backends') + 1] ?? '').split(',') : undefined;
/** Distinct answer / context blocks; answers reuse them round-robin so memory stays small. */
const BLOCKS = 512;

function blocks(rows: number, seed: number): Float64Array[] {
  const rand = lcg(seed);
  return Array.from({ length: BLOCKS }, () => {
    const b = new Float64Array(rows * DIM);
    for (let i = 0; i < b.length; i++) b[i] = rand() * 2 - 1;
    return b;
  });
}

const answerBlocks = blocks(SENTENCES, 11);
const contextBlocks = blocks(CONTEXTS, 12);
const answerOf = (i: number): PackedVectors => ({ data: answerBlocks[i % BLOCKS] as Float64Array, dim: DIM });
const contextOf = (i: number): PackedVectors => ({ data: contextBlocks[(i * 7) % BLOCKS] as Float64Array, dim: DIM });

/**
 * The same data in columnar form for `groundednessBatch`. The own-contexts form runs one call per
 * BLOCKS answers on batchAnswers / batchContexts: answer i of a call is answerBlocks[i % BLOCKS]
 * with contextBlocks[(i * 7) % BLOCKS], exactly as answerOf / contextOf give them, since every call
 * starts at a multiple of BLOCKS.
 */
function columnar(parts: Float64Array[], rowsPer: number): RaggedVectors {
  const data = new Float64Array(parts.length * rowsPer * DIM);
  const offsets = new Int32Array(parts.length + 1);
  parts.forEach((p, i) => {
    data.set(p, i * rowsPer * DIM);
    offsets[i + 1] = (i + 1) * rowsPer;
  });
  return { data, dim: DIM, offsets };
}
const batchAnswers = columnar(answerBlocks, SENTENCES);
const batchContexts = columnar(Array.from({ length: BLOCKS }, (_, i) => contextBlocks[(i * 7) % BLOCKS] as Float64Array), CONTEXTS);
const sharedContext: PackedVectors = { data: contextBlocks[0] as Float64Array, dim: DIM };
/** All answers in one columnar set, the distinct context sets once, and answer → set. */
const allAnswers = columnar(Array.from({ length: ANSWERS }, (_, i) => answerBlocks[i % BLOCKS] as Float64Array), SENTENCES);
const contextSets = columnar(contextBlocks, CONTEXTS);
const contextIndex = Int32Array.from({ length: ANSWERS }, (_, i) => (i * 7) % BLOCKS);

/** The first `count` items of a columnar set (a view: offsets start at 0). */
function firstItems(v: RaggedVectors, count: number): RaggedVectors {
  return { data: v.data.subarray(0, (v.offsets[count] as number) * DIM), dim: DIM, offsets: v.offsets.subarray(0, count + 1) };
}

async function runOwnContexts(out: Float64Array, hint: string[]): Promise<void> {
  for (let start = 0; start < ANSWERS; start += BLOCKS) {
    const count = Math.min(BLOCKS, ANSWERS - start);
    out.set(await groundednessBatch(firstItems(batchAnswers, count), firstItems(batchContexts, count), { backend: hint }), start);
  }
}

/** The baseline: min over answer rows of max over context rows of dot / (|a| |c|), plain loops. */
function nestedLoopGroundedness(a: Float64Array, c: Float64Array): number {
  let worst = Number.POSITIVE_INFINITY;
  for (let i = 0; i < SENTENCES; i++) {
    let best = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < CONTEXTS; j++) {
      let ab = 0, aa = 0, cc = 0;
      for (let d = 0; d < DIM; d++) {
        const x = a[i * DIM + d] as number, y = c[j * DIM + d] as number;
        ab += x * y;
        aa += x * x;
        cc += y * y;
      }
      best = Math.max(best, ab / (Math.sqrt(aa) * Math.sqrt(cc)));
    }
    worst = Math.min(worst, best);
  }
  return worst;
}

interface Row {
  backend: string;
  kernels: string;
  medianMs: number;
  minMs: number;
  answersPerSecond: number;
  maxAbsDiffVsBaseline: number;
  /** batch rows: every score equals the same backend's per-answer `groundedness` score (Object.is) */
  identicalToPerAnswer?: boolean;
}

function maxAbsDiff(a: Float64Array, b: Float64Array): number {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs((a[i] as number) - (b[i] as number)));
  return m;
}

async function timeRuns(run: (out: Float64Array) => Promise<void> | void): Promise<{ medianMs: number; minMs: number; out: Float64Array }> {
  const out = new Float64Array(ANSWERS);
  const warmStart = performance.now();
  await run(out); // warm-up pass (JIT, sessions)
  // Slow engines (over 5 s a pass) get one timed pass, so the whole run stays within minutes.
  const repeats = performance.now() - warmStart > 5000 ? 1 : REPEATS;
  const ms: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const start = performance.now();
    await run(out);
    ms.push(performance.now() - start);
  }
  ms.sort((x, y) => x - y);
  return { medianMs: ms[ms.length >> 1] as number, minMs: ms[0] as number, out };
}

async function loadOptionalBackends(): Promise<void> {
  for (const pkg of ['backend-onnx', 'backend-tfjs', 'backend-gpujs']) {
    try {
      await import(`../../packages/${pkg}/src/index`);
    } catch {
      // Not installed or not importable here: that backend is simply not benchmarked.
    }
  }
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  setWarningHandler(() => {});
  await loadOptionalBackends();
  const rows: Row[] = [];
  const baseline = await timeRuns((out) => {
    for (let i = 0; i < ANSWERS; i++) out[i] = nestedLoopGroundedness(answerOf(i).data as Float64Array, contextOf(i).data as Float64Array);
  });
  rows.push({ backend: 'baseline (nested loops)', kernels: '-', medianMs: baseline.medianMs, minMs: baseline.minMs, answersPerSecond: (ANSWERS / baseline.medianMs) * 1000, maxAbsDiffVsBaseline: 0 });
  // Shared-context reference: answer i's score depends on i % BLOCKS only (untimed).
  const sharedBaseline = new Float64Array(ANSWERS);
  for (let i = 0; i < ANSWERS; i++) {
    sharedBaseline[i] = i < BLOCKS ? nestedLoopGroundedness(answerOf(i).data as Float64Array, sharedContext.data as Float64Array) : (sharedBaseline[i % BLOCKS] as number);
  }

  for (const { name } of listBackends()) {
    if ((ONLY && !ONLY.includes(name)) || !(await initBackend(name))) continue;
    const hint = name === 'cpu' ? ['cpu'] : [name, 'cpu'];
    let kernels: string;
    try {
      const cos = await resolveBackend('PairwiseCosine', hint);
      const topk = await resolveBackend('TopK', hint);
      kernels = `PairwiseCosine@${cos.backend.name}, TopK@${topk.backend.name}`;
    } catch {
      continue;
    }
    const t = await timeRuns(async (out) => {
      for (let i = 0; i < ANSWERS; i++) out[i] = await groundedness(answerOf(i), [contextOf(i)], { backend: hint });
    });
    rows.push({ backend: name, kernels, medianMs: t.medianMs, minMs: t.minMs, answersPerSecond: (ANSWERS / t.medianMs) * 1000, maxAbsDiffVsBaseline: maxAbsDiff(t.out, baseline.out) });
    const perAnswer = t.out.slice();
    const batchRow = (label: string, r: { medianMs: number; minMs: number; out: Float64Array }, reference: Float64Array, identicalToPerAnswer?: boolean): Row => ({
      backend: `${name} batch, ${label}`, kernels, medianMs: r.medianMs, minMs: r.minMs, answersPerSecond: (ANSWERS / r.medianMs) * 1000,
      maxAbsDiffVsBaseline: maxAbsDiff(r.out, reference), ...(identicalToPerAnswer === undefined ? {} : { identicalToPerAnswer }),
    });
    const same = (out: Float64Array) => out.every((v, i) => Object.is(v, perAnswer[i]));
    const own = await timeRuns((out) => runOwnContexts(out, hint));
    rows.push(batchRow('own contexts', own, baseline.out, same(own.out)));
    const indexed = await timeRuns(async (out) => out.set(await groundednessBatch(allAnswers, contextSets, { backend: hint, contextIndex })));
    rows.push(batchRow('contextIndex', indexed, baseline.out, same(indexed.out)));
    const shared = await timeRuns(async (out) => out.set(await groundednessBatch(allAnswers, sharedContext, { backend: hint })));
    rows.push(batchRow('shared context', shared, sharedBaseline));
  }

  const machine = os.hostname().replace(/[^\w.-]+/g, '_');
  const info = { machine, cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, node: process.version, loadAverageAtStart: loadAtStart, loadAverage: os.loadavg().map((l) => Number(l.toFixed(2))) };
  console.log(`Groundedness: ${ANSWERS} answers × ${SENTENCES} sentences vs ${CONTEXTS} context sentences × ${DIM} dims, median of ${REPEATS} passes (${info.cpu}, node ${info.node}, load average ${info.loadAverageAtStart.join(' ')} at start, ${info.loadAverage.join(' ')} at end)`);
  console.log(`${'backend'.padEnd(30)} ${'kernels'.padEnd(40)} ${'median ms'.padStart(10)} ${'answers/s'.padStart(11)} ${'vs baseline'.padStart(12)} ${'max |Δ|'.padStart(9)} ${'= per-answer'.padStart(12)}`);
  for (const r of rows) {
    const speedup = `${(baseline.medianMs / r.medianMs).toFixed(2)}×`;
    const same = r.identicalToPerAnswer === undefined ? '' : r.identicalToPerAnswer ? 'yes' : 'NO';
    console.log(`${r.backend.padEnd(30)} ${r.kernels.padEnd(40)} ${r.medianMs.toFixed(0).padStart(10)} ${Math.round(r.answersPerSecond).toString().padStart(11)} ${speedup.padStart(12)} ${r.maxAbsDiffVsBaseline.toExponential(1).padStart(9)} ${same.padStart(12)}`);
  }
  const date = new Date().toISOString().slice(0, 10);
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', `text-groundedness-${machine}-${date}.json`);
  mkdirSync(dirname(file), { recursive: true });
  const sizes = { answers: ANSWERS, sentences: SENTENCES, contexts: CONTEXTS, dim: DIM, repeats: REPEATS, batchAnswersPerCall: BLOCKS };
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), ...info, ...sizes, results: rows }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

await main();
