import { invalidInput, invalidOption } from '@tensoreval/core';
import { base64ToBytes, bytesToBase64, columnArray, columnBytes, decodeStateTable, encodeStateTable } from '../../state/arrow-state';
import { COCO_STATE_VERSION, paramsToJson, type CocoState } from './coco-state';
import type { CocoParams } from './params';

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
  const p = h.params as unknown as CocoParams & { iouThrs: number[]; recThrs: number[] };
  if (!Array.isArray(p?.iouThrs) || !Array.isArray(p.areaRng) || !Array.isArray(h.positives) || typeof h.covered !== 'string') {
    throw invalidInput('decodeState', source, 'carry a COCO state header', 'missing fields', 'TE-209');
  }
  const params: CocoParams = { ...p, iouThrs: Float64Array.from(p.iouThrs), recThrs: Float64Array.from(p.recThrs) };
  const col = (name: (typeof COLUMNS)[number]) => columns.get(name)!;
  return {
    version: COCO_STATE_VERSION,
    params,
    categoryIds: h.categoryIds,
    categoryNames: h.categoryNames,
    gtImages: h.gtImages,
    images: h.images,
    covered: base64ToBytes(h.covered),
    positives: Float64Array.from(h.positives),
    counts: h.counts,
    ...(h.lvis ? { lvis: h.lvis } : {}),
    rows: {
      score: columnArray(col('score'), Float64Array, source, 'score'),
      image: columnArray(col('image'), Int32Array, source, 'image'),
      category: columnArray(col('category'), Int32Array, source, 'category'),
      file: columnArray(col('file'), Int32Array, source, 'file'),
      group: columnArray(col('group'), Int32Array, source, 'group'),
      rank: columnArray(col('rank'), Int32Array, source, 'rank'),
      state: columnBytes(col('state'), params.areaRng.length * params.iouThrs.length, source, 'state'),
      tpIou: columnArray(col('tpIou'), Float64Array, source, 'tpIou'),
      ...(columns.has(ORDER) ? { order: columnArray(columns.get(ORDER)!, Int32Array, source, ORDER) } : {}),
    },
  };
}
