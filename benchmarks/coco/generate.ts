/**
 * Seeded COCO-val-sized evaluation set: 5,000 images, 80 categories, ~37k GT (polygons, ~1% crowds
 * as uncompressed RLE), ~420k detections with float32 scores, boxes and compressed RLE masks.
 * Statistics follow COCO val2017: ~41% small / 34% medium / 25% large objects, a dominant 'person'
 * category, several detections per object (localisation jitter) and many low-score false positives.
 *
 *   tsx benchmarks/coco/generate.ts [outDir]     (default benchmarks/.data/coco)
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeRleString } from '../../packages/core/src/formats/coco-rle-string';
import { lcg } from '../data';

export interface GenerateOptions {
  images: number;
  /** mean GT per image */
  gtPerImage: number;
  /** mean detections per image */
  dtPerImage: number;
  seed: number;
}

export const COCO_VAL_LIKE: GenerateOptions = { images: 5000, gtPerImage: 7.4, dtPerImage: 84.2, seed: 2014 };

const CATEGORY_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 27, 28, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 67, 70, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 84, 85, 86, 87, 88, 89, 90];

/** Column-major runs of an axis-aligned ellipse inscribed in box (x, y, w, h) on an h×w image. */
function ellipseRuns(x: number, y: number, bw: number, bh: number, H: number, W: number): number[] {
  const counts: number[] = [];
  let zeros = 0;
  const cx = x + bw / 2, cy = y + bh / 2, rx = Math.max(bw / 2, 0.5), ry = Math.max(bh / 2, 0.5);
  for (let col = 0; col < W; col++) {
    const dx = (col + 0.5 - cx) / rx;
    if (dx <= -1 || dx >= 1) { zeros += H; continue; }
    const half = ry * Math.sqrt(1 - dx * dx);
    const y0 = Math.max(0, Math.min(H, Math.round(cy - half)));
    const y1 = Math.max(y0, Math.min(H, Math.round(cy + half)));
    if (y1 === y0) { zeros += H; continue; }
    counts.push(zeros + y0, y1 - y0);
    zeros = H - y1;
  }
  counts.push(zeros);
  return counts;
}

function pixelCount(runs: number[]): number {
  let s = 0;
  for (let i = 1; i < runs.length; i += 2) s += runs[i] as number;
  return s;
}

/** Builds the GT dataset and the results list (each result has a bbox and an RLE mask). */
export function generateCoco(o: GenerateOptions): { gt: object; dt: Array<Record<string, unknown>> } {
  const r = lcg(o.seed);
  const images: object[] = [];
  const annotations: object[] = [];
  const dt: Array<Record<string, unknown>> = [];
  const heights = [480, 427, 640, 512, 375];
  let annId = 1;
  const pickCat = () => (r() < 0.27 ? 1 : CATEGORY_IDS[1 + Math.floor(r() * (CATEGORY_IDS.length - 1))] as number);
  const round2 = (v: number) => Math.round(v * 100) / 100;
  for (let im = 0; im < o.images; im++) {
    const id = 100000 + im * 7;
    const W = 640, H = heights[Math.floor(r() * heights.length)] as number;
    images.push({ id, width: W, height: H, file_name: `${id}.jpg` });
    const nGt = Math.max(0, Math.round(o.gtPerImage * 2 * r() * r() * 2));
    const objects: Array<[number, number, number, number, number]> = [];
    for (let g = 0; g < nGt; g++) {
      const u = r();
      const side = u < 0.41 ? 4 + 28 * r() : u < 0.75 ? 32 + 64 * r() : 96 + (Math.min(W, H) * 0.9 - 96) * r();
      const aspect = Math.exp((r() - 0.5) * 1.4);
      const bw = Math.min(W - 1, side * Math.sqrt(aspect)), bh = Math.min(H - 1, side / Math.sqrt(aspect));
      const x = round2(r() * (W - bw)), y = round2(r() * (H - bh));
      const cat = pickCat();
      const crowd = r() < 0.01;
      objects.push([x, y, round2(bw), round2(bh), cat]);
      if (crowd) {
        const runs = ellipseRuns(x, y, bw, bh, H, W);
        annotations.push({ id: annId++, image_id: id, category_id: cat, iscrowd: 1, bbox: [x, y, round2(bw), round2(bh)], area: pixelCount(runs), segmentation: { size: [H, W], counts: runs } });
      } else {
        const k = 12 + Math.floor(r() * 12);
        const poly: number[] = [];
        for (let p = 0; p < k; p++) {
          const t = (2 * Math.PI * p) / k, rad = 0.85 + 0.15 * r();
          poly.push(round2(x + bw / 2 + (bw / 2) * rad * Math.cos(t)), round2(y + bh / 2 + (bh / 2) * rad * Math.sin(t)));
        }
        let area = 0;
        for (let p = 0; p < k; p++) {
          const q = (p + 1) % k;
          area += (poly[2 * p] as number) * (poly[2 * q + 1] as number) - (poly[2 * q] as number) * (poly[2 * p + 1] as number);
        }
        annotations.push({ id: annId++, image_id: id, category_id: cat, iscrowd: 0, bbox: [x, y, round2(bw), round2(bh)], area: Math.abs(area) / 2, segmentation: [poly] });
      }
    }
    const nDt = Math.max(1, Math.round(o.dtPerImage * (0.5 + r())));
    for (let d = 0; d < nDt; d++) {
      let x: number, y: number, bw: number, bh: number, cat: number, score: number;
      const obj = objects.length > 0 && r() < 0.35 ? objects[Math.floor(r() * objects.length)] : undefined;
      if (obj) {
        const j = 0.25 * r();
        bw = Math.max(1, obj[2] * (1 + j * (r() - 0.5))); bh = Math.max(1, obj[3] * (1 + j * (r() - 0.5)));
        x = Math.min(W - bw, Math.max(0, obj[0] + obj[2] * j * (r() - 0.5))); y = Math.min(H - bh, Math.max(0, obj[1] + obj[3] * j * (r() - 0.5)));
        cat = r() < 0.9 ? obj[4] : pickCat();
        score = 0.05 + 0.95 * (1 - j * 3) * r();
      } else {
        const side = 4 + 200 * r() * r();
        bw = Math.min(W - 1, side * (0.5 + r())); bh = Math.min(H - 1, side * (0.5 + r()));
        x = r() * (W - bw); y = r() * (H - bh);
        cat = pickCat();
        score = 0.5 * r() * r();
      }
      const runs = ellipseRuns(x, y, bw, bh, H, W);
      dt.push({ image_id: id, category_id: cat, bbox: [round2(x), round2(y), round2(bw), round2(bh)], score: Math.fround(Math.max(0.001, score)), segmentation: { size: [H, W], counts: encodeRleString(runs) } });
    }
  }
  const categories = CATEGORY_IDS.map((id) => ({ id, name: `category-${id}`, supercategory: 'thing' }));
  return { gt: { info: { description: 'seeded COCO-val-sized benchmark set' }, images, annotations, categories }, dt };
}

/** Writes gt.json, dt.json (bbox + RLE) and dt_bbox.json (bbox only) into `dir`. */
export function writeCocoBenchmarkSet(dir: string, o: GenerateOptions = COCO_VAL_LIKE): { gt: string; dt: string; dtBbox: string } {
  mkdirSync(dir, { recursive: true });
  const { gt, dt } = generateCoco(o);
  const paths = { gt: join(dir, 'gt.json'), dt: join(dir, 'dt.json'), dtBbox: join(dir, 'dt_bbox.json') };
  writeFileSync(paths.gt, JSON.stringify(gt));
  writeFileSync(paths.dt, JSON.stringify(dt));
  writeFileSync(paths.dtBbox, JSON.stringify(dt.map(({ segmentation: _s, ...rest }) => rest)));
  return paths;
}

if (process.argv[1] && /generate\.ts$/.test(process.argv[1])) {
  const dir = process.argv[2] ?? 'benchmarks/.data/coco';
  const paths = writeCocoBenchmarkSet(dir);
  const gt = JSON.parse(readFileSync(paths.gt, 'utf8')) as { annotations: Array<{ iscrowd: number }> };
  process.stdout.write(`wrote ${dir}: ${gt.annotations.length} GT (${gt.annotations.filter((a) => a.iscrowd).length} crowd)\n`);
}
