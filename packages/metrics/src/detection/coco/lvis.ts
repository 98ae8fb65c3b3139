import { invalidInput } from '@tensoreval/core';
import type { CocoDataset } from './coco-json';
import { countingSortBy, identityOrder } from '../../columns/counting-sort';
import { radixSortDesc } from './score-order';
import type { GtTable } from './load-gt';
import type { DtTable } from './load-results';

const FN = 'evaluateCoco';

/** What the LVIS loading rules left out, for the result's counts. */
export interface LvisCounts {
  /** detections beyond the per-image cap */
  overCap: number;
  /** detections on a category neither verified present nor negative on their image */
  federatedDropped: number;
  /** detections and GT with area <= 0 (lvis-api keeps 0 < area < inf) */
  zeroAreaDetections: number;
  zeroAreaGt: number;
}

/**
 * LVISResults' per-image cap: detections grouped by image in order of first appearance; an image with
 * more than `cap` keeps its `cap` highest scores (stable: equal scores keep file order), the others keep
 * file order. Returns the table in that regrouped order, which is the order lvis-api numbers the
 * detections in (and so breaks score ties by).
 */
export function lvisCapResults(dt: DtTable, cap: number, images: number): { table: DtTable; overCap: number } {
  // images numbered by first appearance, then a stable grouping by that number
  const firstSeen = new Int32Array(images).fill(-1);
  const group = new Int32Array(dt.count);
  let groups = 0;
  for (let i = 0; i < dt.count; i++) {
    const img = dt.imageIdx[i] as number;
    if (firstSeen[img] === -1) firstSeen[img] = groups++;
    group[i] = firstSeen[img] as number;
  }
  const grouped = countingSortBy(identityOrder(dt.count), group, groups);
  const keep = new Int32Array(dt.count);
  let kept = 0;
  for (let s = 0; s < grouped.length;) {
    let e = s;
    while (e < grouped.length && group[grouped[e] as number] === group[grouped[s] as number]) e++;
    const rows = e - s > cap ? radixSortDesc(grouped.slice(s, e), dt.score).subarray(0, cap) : grouped.subarray(s, e);
    keep.set(rows, kept);
    kept += rows.length;
    s = e;
  }
  return { table: permuteRows(dt, keep.subarray(0, kept)), overCap: dt.count - kept };
}

function permuteRows(dt: DtTable, rows: Int32Array): DtTable {
  const n = rows.length;
  const boxes = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) boxes.set(dt.boxes.subarray(4 * (rows[i] as number), 4 * (rows[i] as number) + 4), 4 * i);
  return {
    count: n,
    imageIdx: Int32Array.from(rows, (r) => dt.imageIdx[r] as number),
    catIdx: Int32Array.from(rows, (r) => dt.catIdx[r] as number),
    score: Float64Array.from(rows, (r) => dt.score[r] as number),
    boxes,
    area: Float64Array.from(rows, (r) => dt.area[r] as number),
    areaFrom: dt.areaFrom,
    segmentations: dt.segmentations.length ? Array.from(rows, (r) => dt.segmentations[r]) : [],
    skippedUnknownCategory: dt.skippedUnknownCategory,
  };
}

/** A list of category ids on an image: absent means empty; otherwise an array. */
function categoryList(value: unknown, source: string, where: string, field: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalidInput(FN, { argument: source, index: where }, `have \`${field}\` as a list of category ids`, JSON.stringify(value).slice(0, 80), 'TE-204');
  return value;
}

/**
 * lvis-api `_prepare`: GT and detections with area <= 0 are left out; a detection (image i, category c)
 * is kept only when c is in i's `neg_category_ids` or has a GT on i; an unmatched detection of a
 * category in i's `not_exhaustive_category_ids` is ignored. Call after detection areas are known.
 */
export function applyLvisFilters(dataset: CocoDataset, gt: GtTable, dt: DtTable, source: string): Omit<LvisCounts, 'overCap'> {
  const C = gt.categories.ids.length;
  const key = (img: number, cat: number) => img * C + cat;
  const federated = new Set<number>(), notExhaustive = new Set<number>();
  dataset.images.forEach((im, i) => {
    const img = gt.images.index.get(im.id) as number;
    for (const id of categoryList(im.neg_category_ids, source, `images[${i}]`, 'neg_category_ids')) {
      const c = gt.categories.index.get(id as number);
      if (c !== undefined) federated.add(key(img, c));
    }
    for (const id of categoryList(im.not_exhaustive_category_ids, source, `images[${i}]`, 'not_exhaustive_category_ids')) {
      const c = gt.categories.index.get(id as number);
      if (c !== undefined) notExhaustive.add(key(img, c));
    }
  });
  const gtExcluded = new Uint8Array(gt.count);
  let zeroAreaGt = 0;
  for (let i = 0; i < gt.count; i++) {
    const area = gt.area[i] as number;
    if (!(area > 0 && area < Infinity)) { gtExcluded[i] = 1; zeroAreaGt++; continue; }
    federated.add(key(gt.imageIdx[i] as number, gt.catIdx[i] as number));
  }
  gt.excluded = gtExcluded;
  const excluded = new Uint8Array(dt.count), ignoreUnmatched = new Uint8Array(dt.count);
  let federatedDropped = 0, zeroAreaDetections = 0;
  for (let i = 0; i < dt.count; i++) {
    const c = dt.catIdx[i] as number;
    if (c < 0) continue; // counted as an unknown category
    const area = dt.area[i] as number;
    if (!(area > 0 && area < Infinity)) { excluded[i] = 1; zeroAreaDetections++; continue; }
    const k = key(dt.imageIdx[i] as number, c);
    if (!federated.has(k)) { excluded[i] = 1; federatedDropped++; continue; }
    if (notExhaustive.has(k)) ignoreUnmatched[i] = 1;
  }
  dt.excluded = excluded;
  dt.ignoreUnmatched = ignoreUnmatched;
  return { federatedDropped, zeroAreaDetections, zeroAreaGt };
}

/** Dense category indices of each LVIS frequency group r, c, f (from each category's `frequency`). */
export function lvisFrequencyGroups(dataset: CocoDataset, gt: GtTable): { r: number[]; c: number[]; f: number[] } {
  const groups = { r: [] as number[], c: [] as number[], f: [] as number[] };
  const freq = new Array<string | undefined>(gt.categories.ids.length);
  for (const cat of dataset.categories) freq[gt.categories.index.get(cat.id) as number] = cat.frequency as string | undefined;
  freq.forEach((f, k) => { if (f === 'r' || f === 'c' || f === 'f') groups[f].push(k); });
  return groups;
}
