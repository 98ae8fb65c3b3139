/**
 * Seeded inputs for the Valor benchmark: classification datums in columnar form (every datum scores
 * every label, two-decimal scores so ties occur) and COCO-val-sized object detection as a metric
 * request (Valor's data model: boxes as xmin, xmax, ymin, ymax; several jittered detections per
 * object plus low-score false positives).
 */
import type { ClassificationBatch } from '@tensoreval/metrics/classification';
import { lcg } from '../data';

export function classificationBatch(datums: number, labels: number, seed: number): ClassificationBatch {
  const r = lcg(seed);
  const names = Array.from({ length: labels }, (_, i) => `label${i}`);
  const groundTruths = new Int32Array(datums);
  const predictionOffsets = new Int32Array(datums + 1);
  const predictionLabels = new Int32Array(datums * labels);
  const predictionScores = new Float64Array(datums * labels);
  for (let d = 0; d < datums; d++) {
    groundTruths[d] = Math.floor(r() * labels);
    for (let l = 0; l < labels; l++) {
      predictionLabels[d * labels + l] = l;
      // The true label scores higher on average, so the metrics are not degenerate.
      predictionScores[d * labels + l] = Math.round(Math.min(1, r() * (l === groundTruths[d] ? 1.6 : 1)) * 100) / 100;
    }
    predictionOffsets[d + 1] = (d + 1) * labels;
  }
  return { labels: names, datumUids: Array.from({ length: datums }, (_, d) => `d${d}`), groundTruths, predictionOffsets, predictionLabels, predictionScores };
}

export interface DetectionSize {
  images: number;
  labels: number;
  gtPerImage: number;
  dtPerImage: number;
  seed: number;
}

export const COCO_VAL_LIKE: DetectionSize = { images: 5000, labels: 80, gtPerImage: 7.4, dtPerImage: 84.2, seed: 2014 };

/** Object-detection datums in Valor's data model (bounding boxes). */
export function detectionDatums(o: DetectionSize): unknown[] {
  const r = lcg(o.seed);
  const poisson = (mean: number) => Math.max(0, Math.round(mean + (r() - 0.5) * mean));
  const label = () => `c${r() < 0.27 ? 0 : 1 + Math.floor(r() * (o.labels - 1))}`;
  const datums: unknown[] = [];
  let gtId = 0;
  let pdId = 0;
  for (let i = 0; i < o.images; i++) {
    const W = 640;
    const H = [480, 427, 640, 512, 375][i % 5] as number;
    const gts = Array.from({ length: poisson(o.gtPerImage) }, () => {
      const w = 8 + r() * 200;
      const h = 8 + r() * 200;
      const x = r() * (W - w);
      const y = r() * (H - h);
      return { uid: `g${gtId++}`, xmin: x, xmax: x + w, ymin: y, ymax: y + h, labels: [label()] };
    });
    const preds = Array.from({ length: poisson(o.dtPerImage) }, () => {
      const near = gts.length > 0 && r() < 0.35 ? gts[Math.floor(r() * gts.length)] : undefined;
      const jitter = () => (r() - 0.5) * 16;
      const x = near ? near.xmin + jitter() : r() * (W - 40);
      const y = near ? near.ymin + jitter() : r() * (H - 40);
      const w = near ? near.xmax - near.xmin + jitter() : 8 + r() * 120;
      const h = near ? near.ymax - near.ymin + jitter() : 8 + r() * 120;
      const lbl = near && r() < 0.8 ? (near.labels[0] as string) : label();
      return { uid: `p${pdId++}`, xmin: x, xmax: x + Math.max(1, w), ymin: y, ymax: y + Math.max(1, h), labels: [lbl], scores: [Math.fround(near ? 0.3 + r() * 0.7 : r() * 0.5)] };
    });
    datums.push({ uid: `img${i}`, groundtruths: gts, predictions: preds });
  }
  return datums;
}
