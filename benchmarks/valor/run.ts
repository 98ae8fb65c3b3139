/**
 * `npm run bench:valor`: Valor metric requests on large seeded inputs, timed end to end on the CPU.
 *
 *   tsx benchmarks/valor/run.ts [--quick] [--out FILE] [--no-write]
 *
 * 1. Classification, 100k datums × 100 labels (10M prediction rows) through the stateful evaluator:
 *    update + compute, then precision_recall, rocauc and confusion_matrix.
 * 2. Object detection, COCO-val-sized (5,000 images, 80 labels, ~37k GT, ~420k detections): the same
 *    precision_recall request through `evaluate()` with semantics 'valor' and with semantics 'coco'
 *    (the COCO engine), plus Valor's confusion_matrix.
 * Prints a table and writes benchmarks/results/valor-<machine>-<date>.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, platform } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ValorClassification } from '@tensoreval/metrics/classification';
import { evaluate } from '../../packages/tensoreval/src/evaluate';
import { classificationBatch, COCO_VAL_LIKE, detectionDatums } from './generate';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const outFlag = argv.indexOf('--out');
const SAMPLES = quick ? 1 : 3;

interface Row {
  case: string;
  variant: string;
  size: string;
  medianMs: number;
  minMs: number;
  samples: number;
}
const rows: Row[] = [];

async function time(name: string, variant: string, size: string, fn: () => unknown | Promise<unknown>): Promise<void> {
  const ms: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const row = { case: name, variant, size, medianMs: ms[Math.floor(ms.length / 2)]!, minMs: ms[0]!, samples: SAMPLES };
  rows.push(row);
  process.stdout.write(`${name.padEnd(34)} ${variant.padEnd(8)} ${size.padEnd(34)} median ${row.medianMs.toFixed(0).padStart(7)} ms   min ${row.minMs.toFixed(0).padStart(7)} ms\n`);
}

// 1. Classification through the stateful evaluator.
const nDatums = quick ? 10_000 : 100_000;
const batch = classificationBatch(nDatums, 100, 7);
const clsSize = `${nDatums} datums × 100 labels`;
const thresholds = { scoreThresholds: [0.25, 0.5, 0.75] };
const clsResult = await new ValorClassification().update(batch).compute();
await time('classification update+compute', 'valor', clsSize, async () => new ValorClassification().update(batch).compute());
await time('classification precision_recall', 'valor', `${clsSize}, 3 thresholds`, () => clsResult.precisionRecall(thresholds));
await time('classification rocauc', 'valor', clsSize, () => clsResult.rocauc());
await time('classification confusion_matrix', 'valor', `${clsSize}, 3 thresholds`, () => clsResult.confusionMatrix(thresholds));

// 2. Object detection: one request, two semantics.
const size = quick ? { ...COCO_VAL_LIKE, images: 500 } : COCO_VAL_LIKE;
const datums = detectionDatums(size);
let gts = 0;
let dts = 0;
for (const d of datums as { groundtruths: unknown[]; predictions: unknown[] }[]) {
  gts += d.groundtruths.length;
  dts += d.predictions.length;
}
const odSize = `${size.images} images, ${gts} GT, ${dts} det`;
const request = (semantics: 'valor' | 'coco', method: string) => ({
  task: 'object_detection', semantics, data: { annotation_type: 'bounding_box', datums },
  metrics: [{ id: 'm', method, iou_thresholds: [0.5, 0.75], score_thresholds: [0.5] }],
});
await time('detection precision_recall', 'valor', odSize, () => evaluate(request('valor', 'precision_recall')));
await time('detection precision_recall', 'coco', odSize, () => evaluate(request('coco', 'precision_recall')));
await time('detection confusion_matrix', 'valor', odSize, () => evaluate(request('valor', 'confusion_matrix')));

const valor = rows.find((r) => r.case === 'detection precision_recall' && r.variant === 'valor')!;
const coco = rows.find((r) => r.case === 'detection precision_recall' && r.variant === 'coco')!;
// On a shared machine the minimum is the steadier figure; both are printed.
process.stdout.write(`\ndetection precision_recall, COCO path time / Valor path time: ${(coco.minMs / valor.minMs).toFixed(2)} (min), ${(coco.medianMs / valor.medianMs).toFixed(2)} (median)\n`);

if (!argv.includes('--no-write')) {
  const cpu = cpus()[0]?.model ?? 'unknown-cpu';
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${cpu.toLowerCase().replace(/\(r\)|\(tm\)/g, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${cpus().length}c`;
  const dir = fileURLToPath(new URL('../results/', import.meta.url));
  const out = outFlag >= 0 ? (argv[outFlag + 1] as string) : join(dir, `valor-${machine}-${date}.json`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), cpu, cores: cpus().length, node: process.version, platform: platform(), loadavg: loadavg(), quick, rows }, null, 1)}\n`);
  process.stdout.write(`wrote ${out}\n`);
}
