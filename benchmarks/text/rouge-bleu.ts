/**
 * ROUGE and BLEU throughput on 100k seeded sentence pairs (`npm run bench:text`, first half).
 * Pairs: a reference of 8–32 words drawn from a Zipf-like 20k-word vocabulary, and a prediction
 * that keeps each word with p = 0.7, substitutes it with p = 0.2 and drops it otherwise (plus
 * occasional insertions), so overlaps look like real system output. Each metric is warmed up on
 * 5,000 pairs, then runs over all pairs `--repeats` times (default 3); the table reports the median pass. Results go to
 * benchmarks/results/text-rouge-bleu-<machine>-<date>.json. `--pairs N` changes the size.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setWarningHandler } from '@tensoreval/core';
import { lcg } from '../data';
import { corpusBleu, rouge, sacreBleu, sentenceBleu, valorSentenceBleu } from '../../packages/metrics/src/text/index';

function argValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const PAIRS = argValue('--pairs', 100_000);
const REPEATS = argValue('--repeats', 3);
const VOCABULARY = 20_000;

function makeWords(n: number, rand: () => number): string[] {
  const letters = 'etaoinshrdlucmfwypvbgkjqxz';
  const words = new Set<string>();
  while (words.size < n) {
    const len = 2 + Math.floor(rand() * 9);
    let w = '';
    for (let i = 0; i < len; i++) w += letters[Math.floor(rand() * rand() * letters.length)];
    words.add(w);
  }
  return [...words];
}

function makePairs(n: number, seed: number): { references: string[]; predictions: string[] } {
  const rand = lcg(seed);
  const words = makeWords(VOCABULARY, rand);
  // rand()^3 skews toward the first words: a rough Zipf shape with many repeats of common words.
  const word = () => words[Math.floor(rand() ** 3 * VOCABULARY)] as string;
  const references: string[] = [];
  const predictions: string[] = [];
  for (let p = 0; p < n; p++) {
    const len = 8 + Math.floor(rand() * 25);
    const ref: string[] = [];
    const pred: string[] = [];
    for (let i = 0; i < len; i++) {
      const w = word();
      ref.push(w);
      const u = rand();
      if (u < 0.7) pred.push(w);
      else if (u < 0.9) pred.push(word());
      if (rand() < 0.05) pred.push(word());
    }
    references.push(`${ref.join(' ')}.`);
    predictions.push(`${pred.join(' ')}.`);
  }
  return { references, predictions };
}

interface Row {
  metric: string;
  pairs: number;
  medianMs: number;
  minMs: number;
  pairsPerSecond: number;
  usPerPair: number;
}

function time(metric: string, pairs: number, run: (count: number) => unknown): Row {
  const ms: number[] = [];
  run(Math.min(pairs, 5000)); // warm-up (JIT) on a slice
  for (let r = 0; r < REPEATS; r++) {
    const start = performance.now();
    run(pairs);
    ms.push(performance.now() - start);
  }
  ms.sort((a, b) => a - b);
  const medianMs = ms[ms.length >> 1] as number;
  console.error(`  ${metric}: ${medianMs.toFixed(0)} ms`);
  return { metric, pairs, medianMs, minMs: ms[0] as number, pairsPerSecond: (pairs / medianMs) * 1000, usPerPair: (medianMs * 1000) / pairs };
}

function main(): void {
  setWarningHandler(() => {});
  const { references, predictions } = makePairs(PAIRS, 20240611);
  const refTokens = references.map((r) => r.split(' '));
  const predTokens = predictions.map((p) => p.split(' '));
  let sink = 0;
  const rows: Row[] = [
    time('rouge (rouge1, rouge2, rougeL, rougeLsum)', PAIRS, (count) => {
      for (let i = 0; i < count; i++) sink += rouge(references[i] as string, predictions[i] as string).rougeL!.fmeasure;
    }),
    time('rouge (rouge1, rouge2, rougeL) + Porter stemmer', PAIRS, (count) => {
      for (let i = 0; i < count; i++) sink += rouge(references[i] as string, predictions[i] as string, { types: ['rouge1', 'rouge2', 'rougeL'], useStemmer: true }).rougeL!.fmeasure;
    }),
    time('sentenceBleu (nltk, tokens given, method1)', PAIRS, (count) => {
      for (let i = 0; i < count; i++) sink += sentenceBleu([refTokens[i] as string[]], predTokens[i] as string[], { smoothing: 'method1' });
    }),
    time('valorSentenceBleu (tokenize + BLEU-4)', PAIRS, (count) => {
      for (let i = 0; i < count; i++) sink += valorSentenceBleu(predictions[i] as string, [references[i] as string]);
    }),
    time('corpusBleu (nltk, whole corpus)', PAIRS, (count) => {
      sink += corpusBleu(refTokens.slice(0, count).map((r) => [r]), predTokens.slice(0, count));
    }),
    time('sacreBleu (13a, whole corpus)', PAIRS, (count) => {
      sink += sacreBleu(predictions.slice(0, count), [references.slice(0, count)]).score;
    }),
  ];
  const machine = `${os.hostname()}`.replace(/[^\w.-]+/g, '_');
  // Shared machines: the 1-minute load average says how much the timings were disturbed.
  const info = { machine, cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, node: process.version, loadAverage1m: os.loadavg()[0] };
  console.log(`ROUGE / BLEU throughput, ${PAIRS} sentence pairs, median of ${REPEATS} passes (${info.cpu}, ${info.cores} cores, node ${info.node}, load average ${info.loadAverage1m?.toFixed(1)})`);
  console.log(`${'metric'.padEnd(50)} ${'median ms'.padStart(10)} ${'pairs/s'.padStart(12)} ${'µs/pair'.padStart(9)}`);
  for (const r of rows) console.log(`${r.metric.padEnd(50)} ${r.medianMs.toFixed(0).padStart(10)} ${Math.round(r.pairsPerSecond).toString().padStart(12)} ${r.usPerPair.toFixed(2).padStart(9)}`);
  const date = new Date().toISOString().slice(0, 10);
  const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', `text-rouge-bleu-${machine}-${date}.json`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), ...info, pairs: PAIRS, repeats: REPEATS, results: rows, checksum: sink }, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

main();
