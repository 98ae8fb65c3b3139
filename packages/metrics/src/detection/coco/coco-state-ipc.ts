import { bareMessage, invalidInput, invalidOption } from '@tensoreval/core';
import { base64ToBytes, bytesToBase64, columnArray, columnBytes, decodeStateTable, encodeStateTable, isCount } from '../../state/arrow-state';
import { areaRngFromJson, COCO_STATE_VERSION, paramsToJson, type CocoState } from './coco-state';
import { resolveCocoParams, type CocoParams, type CocoParamsInput } from './params';

const KIND = 'coco';
const COLUMNS = ['score', 'image', 'category', 'file', 'group', 'rank', 'state', 'tpIou'] as const;
/** written when the state has it; a state without it merges the same (its order is sorted from scratch) */
const ORDER = 'order';

interface CocoStateHeader {
  params: Record<string, unknown>;
  categoryIds: Array<number | string>;
  categoryNames: string[];
  gtImages: number;
  images: number;
  covered: string;
  positives: number[];
  counts: CocoState['counts'];
  lvis?: CocoState['lvis'];
}

/**
 * A {@link CocoState} as an Arrow IPC file: one row per evaluated detection (score float64, image,
 * category, file position, group, rank int32, its A×T match states as fixed-size binary, and the
 * rows' accumulate order as an int32 `order` column when the state has it); params,
 * categories, counts and positives in the schema metadata. About 80 bytes per evaluated detection
 * at the default 4 area ranges × 10 thresholds (16.7 MB for 209k rows: benchmarks/results/coco-state-vm-2026-11-25.json).
 */
export function encodeCocoState(state: CocoState): Promise<Uint8Array> {
  // the file format has no TIDE columns: refused rather than dropped
  if (state.tide) return Promise.reject(invalidOption('encodeCocoState', 'state.tide', 'absent (a state with TIDE errors merges in memory, across threads, not through files)', 'present', 'TE-103'));
  const AT = state.params.areaRng.length * state.params.iouThrs.length;
  const header: CocoStateHeader = {
    params: paramsToJson(state.params),
    categoryIds: state.categoryIds,
    categoryNames: state.categoryNames,
    gtImages: state.gtImages,
    images: state.images,
    covered: bytesToBase64(state.covered),
    positives: Array.from(state.positives),
    counts: state.counts,
    ...(state.lvis ? { lvis: state.lvis } : {}),
  };
  const { rows } = state;
  return encodeStateTable(KIND, COCO_STATE_VERSION, {
    header,
    columns: {
      score: rows.score, image: rows.image, category: rows.category, file: rows.file, group: rows.group, rank: rows.rank, state: { bytes: rows.state, width: AT }, tpIou: rows.tpIou,
      ...(rows.order ? { [ORDER]: rows.order } : {}),
    },
  });
}

/** Reads a state written by {@link encodeCocoState}; `source` names it in errors (a file, a shard). */
export async function decodeCocoState(bytes: Uint8Array, source = 'state'): Promise<CocoState> {
  const { header, columns } = await decodeStateTable(bytes, KIND, COCO_STATE_VERSION, source, COLUMNS, [ORDER]);
  const h = header as CocoStateHeader;
  const params = checkedParams(h?.params, source);
  const A = params.areaRng.length, AT = A * params.iouThrs.length;
  const bad = (rule: string, got: string) => invalidInput('decodeState', source, `carry a COCO state whose ${rule}`, got, 'TE-209');
  if (!Array.isArray(h.categoryIds) || !h.categoryIds.every((id) => typeof id === 'number' || typeof id === 'string')) throw bad('categoryIds are numbers or strings', 'another shape');
  if (!Array.isArray(h.categoryNames) || h.categoryNames.length !== h.categoryIds.length || !h.categoryNames.every((n) => typeof n === 'string')) throw bad('categoryNames are one string per category id', 'another shape');
  if (!isCount(h.gtImages) || !isCount(h.images)) throw bad('gtImages and images are counts', JSON.stringify([h.gtImages, h.images]));
  const covered = typeof h.covered === 'string' ? base64ToBytes(h.covered) : undefined;
  if (covered?.length !== h.gtImages || !covered.every((c) => c === 0 || c === 1)) throw bad(`covered marks each of the ${h.gtImages} GT images with 0 or 1`, 'another shape');
  const K = params.useCats ? h.categoryIds.length : 1;
  if (!Array.isArray(h.positives) || h.positives.length !== K * A || !h.positives.every(isCount)) throw bad(`positives are ${K} × ${A} counts`, 'another shape');
  const c = h.counts as Partial<CocoState['counts']> | undefined;
  if (!c || !isCount(c.gtAnnotations) || !isCount(c.detections) || !isCount(c.skippedUnknownCategory) || !isCount(c.outsideImgIds)) throw bad('counts are gtAnnotations, detections, skippedUnknownCategory and outsideImgIds', 'another shape');
  const g = h.lvis?.groups;
  if (h.lvis !== undefined && !(g && [g.r, g.c, g.f].every((ks) => Array.isArray(ks) && ks.every(isCount)) && typeof h.lvis.counts === 'object' && h.lvis.counts !== null)) throw bad('lvis part holds the r, c and f groups and the counts', 'another shape');
  const col = (name: (typeof COLUMNS)[number]) => columns.get(name)!;
  const rows: CocoState['rows'] = {
    score: columnArray(col('score'), Float64Array, source, 'score'),
    image: columnArray(col('image'), Int32Array, source, 'image'),
    category: columnArray(col('category'), Int32Array, source, 'category'),
    file: columnArray(col('file'), Int32Array, source, 'file'),
    group: columnArray(col('group'), Int32Array, source, 'group'),
    rank: columnArray(col('rank'), Int32Array, source, 'rank'),
    state: columnBytes(col('state'), AT, source, 'state'),
    tpIou: columnArray(col('tpIou'), Float64Array, source, 'tpIou'),
    ...(columns.has(ORDER) ? { order: columnArray(columns.get(ORDER)!, Int32Array, source, ORDER) } : {}),
  };
  checkRows(rows, covered, h.categoryIds.length, K, params.maxDets[params.maxDets.length - 1] as number, bad);
  return {
    version: COCO_STATE_VERSION,
    params,
    categoryIds: h.categoryIds,
    categoryNames: h.categoryNames,
    gtImages: h.gtImages,
    images: h.images,
    covered,
    positives: Float64Array.from(h.positives),
    counts: { gtAnnotations: c.gtAnnotations, detections: c.detections, skippedUnknownCategory: c.skippedUnknownCategory, outsideImgIds: c.outsideImgIds },
    ...(h.lvis ? { lvis: h.lvis } : {}),
    rows,
  };
}

/** Every field of resolved params: a header missing one is refused, not given a default. */
const PARAM_KEYS = ['iouType', 'iouThrs', 'recThrs', 'maxDets', 'areaRng', 'areaRngLbl', 'useCats', 'kptOksSigmas', 'dilationRatio', 'lvis'] as const;

/**
 * The params of a state header, resolved and checked as `evaluateCoco` resolves its options (the
 * same ranges, types and order; `maxDets` sorted); else one TE-209 line naming `source`.
 */
function checkedParams(raw: unknown, source: string): CocoParams {
  const p = raw as Record<string, unknown> | undefined;
  const bad = (rule: string, got: string) => invalidInput('decodeState', source, `carry COCO params ${rule}`, got, 'TE-209');
  if (typeof p !== 'object' || p === null) throw bad('as an object', 'another shape');
  const missing = PARAM_KEYS.find((k) => p[k] === undefined);
  if (missing !== undefined) throw bad(`with every field`, `no ${missing}`);
  // what resolving would take without complaint: labels of any type, a string's characters as image ids
  if (!Array.isArray(p.areaRngLbl) || !p.areaRngLbl.every((l) => typeof l === 'string')) throw bad('whose areaRngLbl are strings', 'another shape');
  if (p.imgIds !== undefined && p.imgIds !== null && !Array.isArray(p.imgIds)) throw bad('whose imgIds are a list', 'another shape');
  // states written before kptOksSigmas went out as a list carry it as an object of its entries
  const sigmas = Array.isArray(p.kptOksSigmas) || typeof p.kptOksSigmas !== 'object' || p.kptOksSigmas === null ? p.kptOksSigmas : Object.values(p.kptOksSigmas);
  try {
    return resolveCocoParams({ ...(p as CocoParamsInput), areaRng: areaRngFromJson(p.areaRng) as CocoParamsInput['areaRng'], kptOksSigmas: sigmas as number[], imgIds: (p.imgIds ?? undefined) as CocoParamsInput['imgIds'] });
  } catch (error) {
    throw bad('that evaluateCoco accepts', bareMessage(error));
  }
}

/**
 * The rows a merge and accumulate index by: images this state covers, categories and groups in
 * range, ranks below maxDets, match states 0 (FP), 1 (TP) or 2 (ignored), scores that are numbers,
 * and an order (when present) that is a permutation of the rows.
 */
function checkRows(rows: CocoState['rows'], covered: Uint8Array, categories: number, groups: number, maxDet: number, bad: (rule: string, got: string) => Error): void {
  const n = rows.score.length;
  const lengths = [rows.image, rows.category, rows.file, rows.group, rows.rank, rows.tpIou].map((a) => a.length);
  if (lengths.some((l) => l !== n) || (rows.order !== undefined && rows.order.length !== n)) throw bad('columns have one entry per row', `lengths ${[n, ...lengths].join(', ')}`);
  for (let r = 0; r < n; r++) {
    const image = rows.image[r] as number, category = rows.category[r] as number, group = rows.group[r] as number, rank = rows.rank[r] as number;
    if (covered[image] !== 1) throw bad('rows are on images the state covers', `row ${r} on GT image index ${image}`);
    if (!(category >= 0 && category < categories) || !(group >= 0 && group < groups)) throw bad(`rows have a category below ${categories} and a group below ${groups}`, `row ${r}: category ${category}, group ${group}`);
    if (!(rank >= 0 && rank < maxDet) || (rows.file[r] as number) < 0 || Number.isNaN(rows.score[r])) throw bad(`rows have a rank below maxDets (${maxDet}), a file position and a score`, `row ${r}`);
  }
  for (let i = 0; i < rows.state.length; i++) if ((rows.state[i] as number) > 2) throw bad('match states are 0, 1 or 2', `${rows.state[i]} at byte ${i}`);
  if (rows.order !== undefined) {
    const seen = new Uint8Array(n);
    for (let q = 0; q < n; q++) {
      const r = rows.order[q] as number;
      if (!(r >= 0 && r < n) || seen[r] === 1) throw bad('order is a permutation of the rows', `entry ${q}: ${r}`);
      seen[r] = 1;
    }
  }
}
