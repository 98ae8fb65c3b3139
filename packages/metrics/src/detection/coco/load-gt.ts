import { invalidInput, isCoordinate, MAX_COORDINATE } from '@tensoreval/core';
import type { CocoDataset, CocoSegmentation } from './coco-json';
import type { CocoIouType } from './params';
import { buildIdIndex, type IdIndex } from './id-index';

/** GT annotations, struct-of-arrays in file order, with dense image and category indices. */
export interface GtTable {
  images: IdIndex;
  /** per dense image index */
  imageHeights: Int32Array;
  imageWidths: Int32Array;
  categories: IdIndex;
  /** per dense category index */
  categoryNames: string[];
  count: number;
  imageIdx: Int32Array;
  catIdx: Int32Array;
  /** xywh, stride 4 */
  boxes: Float64Array;
  area: Float64Array;
  /** iscrowd: a crowd GT absorbs any number of detections and divides by the detection's area */
  crowd: Uint8Array;
  /**
   * the GT `ignore` flag before area ranges: pycocotools = iscrowd (it overwrites any `ignore` key),
   * keypoints also num_keypoints == 0, boundary-iou-api = `ignore` key or iscrowd, LVIS = `ignore` key
   */
  ignore: Uint8Array;
  /** 1 where the annotation is left out of the evaluation (LVIS: area <= 0) */
  excluded?: Uint8Array;
  /** keypoints: n × 3K (x, y, v) in file order */
  keypoints?: Float64Array;
  /** 1 where the annotation id is 0: pycocotools stores matched ids and tests `!= 0`, so it is never a TP */
  idZero: Uint8Array;
  ids: Float64Array;
  /** the raw segmentation of each annotation (converted to RLE only for segm) */
  segmentations: Array<CocoSegmentation | undefined>;
}

/** Where errors point: the file (or argument) name used in messages; `lvis`: LVIS GT rules. */
export interface SourceName {
  source: string;
  lvis?: boolean;
}

const FN = 'evaluateCoco';

export function fail(source: string, index: number | string, rule: string, got: string, code: 'TE-204' | 'TE-205' | 'TE-207' | 'TE-208' | 'TE-201' | 'TE-203' = 'TE-204'): never {
  throw invalidInput(FN, { argument: source, index }, rule, got, code);
}

function isId(v: unknown): v is number | string {
  return (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'string';
}

/**
 * Reads a COCO instances dataset into columns. Validates once: every annotation needs `image_id`
 * and `category_id` that exist in `images` / `categories`, a finite `area`, `iscrowd`, and (for bbox)
 * a 4-number `bbox` with non-negative width and height. `alloc` gives the memory of the table's typed
 * arrays (shared, for a table that threads read).
 */
export function loadGt(dataset: CocoDataset, iouType: CocoIouType, { source, lvis = false }: SourceName, alloc: (bytes: number) => ArrayBufferLike = (b) => new ArrayBuffer(b)): GtTable {
  const masks = iouType === 'segm' || iouType === 'boundary';
  if (dataset === null || typeof dataset !== 'object' || Array.isArray(dataset)) fail(source, 'root', 'be a COCO dataset object with images, annotations and categories', Array.isArray(dataset) ? 'an array' : String(dataset));
  const { images: imgs, annotations: anns, categories: cats } = dataset;
  if (!Array.isArray(imgs)) fail(source, 'images', 'have an `images` array', typeof imgs);
  if (!Array.isArray(anns)) fail(source, 'annotations', 'have an `annotations` array', typeof anns);
  if (!Array.isArray(cats)) fail(source, 'categories', 'have a `categories` array', typeof cats);
  for (let i = 0; i < imgs.length; i++) if (!isId(imgs[i]?.id)) fail(source, `images[${i}]`, 'have a numeric or string `id`', String(imgs[i]?.id));
  for (let i = 0; i < cats.length; i++) if (!isId(cats[i]?.id)) fail(source, `categories[${i}]`, 'have a numeric or string `id`', String(cats[i]?.id));
  const images = buildIdIndex(imgs.map((im) => im.id));
  const categories = buildIdIndex(cats.map((c) => c.id));
  // pycocotools keys its dicts by id, so a repeated id silently replaces the earlier entry: refused here
  if (images.ids.length !== imgs.length) refuseDuplicate(source, 'images', imgs.map((im) => im.id));
  if (categories.ids.length !== cats.length) refuseDuplicate(source, 'categories', cats.map((c) => c.id));
  const annIds = new Set<unknown>();
  const imageHeights = new Int32Array(alloc(4 * images.ids.length));
  const imageWidths = new Int32Array(alloc(4 * images.ids.length));
  for (const im of imgs) {
    const k = images.index.get(im.id) as number;
    imageHeights[k] = typeof im.height === 'number' ? im.height : 0;
    imageWidths[k] = typeof im.width === 'number' ? im.width : 0;
  }
  const categoryNames = new Array<string>(categories.ids.length).fill('');
  for (const c of cats) categoryNames[categories.index.get(c.id) as number] = typeof c.name === 'string' ? c.name : String(c.id);

  const n = anns.length;
  const t: GtTable = {
    images, imageHeights, imageWidths, categories, categoryNames, count: n,
    imageIdx: new Int32Array(alloc(4 * n)), catIdx: new Int32Array(alloc(4 * n)), boxes: new Float64Array(alloc(32 * n)), area: new Float64Array(alloc(8 * n)),
    crowd: new Uint8Array(alloc(n)), ignore: new Uint8Array(alloc(n)), idZero: new Uint8Array(alloc(n)), ids: new Float64Array(alloc(8 * n)), segmentations: new Array(n),
  };
  for (let i = 0; i < n; i++) {
    const a = anns[i];
    const where = `annotations[${i}]`;
    if (a === null || typeof a !== 'object') fail(source, where, 'be an annotation object', String(a));
    const img = images.index.get(a.image_id);
    if (img === undefined) fail(source, where, 'have an `image_id` listed in `images`', `image_id ${JSON.stringify(a.image_id)}`, 'TE-205');
    const cat = categories.index.get(a.category_id);
    if (cat === undefined) fail(source, where, 'have a `category_id` listed in `categories`', `category_id ${JSON.stringify(a.category_id)}`, 'TE-205');
    if (typeof a.area !== 'number' || !Number.isFinite(a.area)) fail(source, where, 'have a finite numeric `area`', a.area === undefined ? 'no `area` field' : JSON.stringify(a.area), 'TE-204');
    if (a.iscrowd === undefined && !lvis) fail(source, where, 'have an `iscrowd` field', 'none', 'TE-204');
    if (typeof a.id !== 'number') fail(source, where, 'have a numeric `id`', JSON.stringify(a.id), 'TE-204');
    // pycocotools would evaluate the later annotation twice and drop this one
    if (annIds.has(a.id)) fail(source, where, 'have an `id` unique among the annotations', `id ${a.id} again`, 'TE-203');
    annIds.add(a.id);
    // a negative area is corrupt data: no area range could place it where it belongs
    if (a.area < 0) fail(source, where, 'have a non-negative `area`', String(a.area), 'TE-208');
    t.imageIdx[i] = img;
    t.catIdx[i] = cat;
    t.area[i] = a.area;
    // LVIS has no crowds (every IoU uses iscrowd=0) and keeps the file's `ignore`
    t.crowd[i] = a.iscrowd && !lvis ? 1 : 0;
    t.ignore[i] = lvis ? (a.ignore ? 1 : 0) : iouType === 'boundary' ? (a.ignore || a.iscrowd ? 1 : 0) : t.crowd[i] as number;
    t.ids[i] = a.id;
    t.idZero[i] = a.id === 0 ? 1 : 0;
    t.segmentations[i] = a.segmentation;
    const bb = a.bbox;
    if (bb !== undefined || iouType === 'bbox' || iouType === 'keypoints') writeBox(t.boxes, i, bb, source, where);
    if (masks && a.segmentation === undefined) fail(source, where, `have a \`segmentation\` for ${iouType} evaluation`, 'none', 'TE-204');
  }
  return t;
}

function refuseDuplicate(source: string, list: 'images' | 'categories', ids: readonly unknown[]): never {
  const seen = new Set<unknown>();
  const i = ids.findIndex((id) => (seen.has(id) ? true : (seen.add(id), false)));
  return fail(source, `${list}[${i}]`, `have an \`id\` unique among the ${list}`, `id ${JSON.stringify(ids[i])} again`, 'TE-203');
}

/** Copies a COCO xywh box into `out` at row i after checking shape, finiteness and non-negative size. */
export function writeBox(out: Float64Array, i: number, bb: unknown, source: string, where: string | number): void {
  if (!Array.isArray(bb) || bb.length < 4) fail(source, where, 'have a `bbox` of 4 numbers [x, y, width, height]', bb === undefined ? 'no `bbox` field' : JSON.stringify(bb), 'TE-204');
  const x = bb[0], y = bb[1], w = bb[2], h = bb[3];
  if (typeof x !== 'number' || typeof y !== 'number' || typeof w !== 'number' || typeof h !== 'number' || !Number.isFinite(x + y + w + h)) {
    fail(source, where, 'have a `bbox` of 4 finite numbers', JSON.stringify(bb), 'TE-201');
  }
  if (w < 0 || h < 0) fail(source, where, 'have a `bbox` with non-negative width and height', JSON.stringify(bb), 'TE-208');
  // beyond ±MAX_COORDINATE w*h overflows to Infinity and the IoU to NaN (a silent "no match")
  if (!isCoordinate(x) || !isCoordinate(y) || !isCoordinate(w) || !isCoordinate(h)) fail(source, where, `have \`bbox\` numbers within ±${MAX_COORDINATE}`, JSON.stringify(bb), 'TE-203');
  out[4 * i] = x;
  out[4 * i + 1] = y;
  out[4 * i + 2] = w;
  out[4 * i + 3] = h;
}
