import type { RleBatch } from '@tensoreval/core';
import type { CocoDataset } from './coco-json';
import { rasterizeGtTable } from './gt-masks';
import { loadGt, type GtTable } from './load-gt';
import type { CocoIouType } from './params';

/**
 * A COCO GT dataset already loaded into its table, with its masks rasterised for segm and boundary:
 * what a box or mask evaluation needs of the GT, in typed arrays, so one thread loads it and the
 * threads that evaluate image shards receive it (a structured clone of a few arrays) instead of
 * parsing the GT file each. Keypoint and LVIS evaluations read more of the dataset and do not take it.
 */
export interface LoadedCocoGt {
  kind: 'loaded-coco-gt';
  iouType: Exclude<CocoIouType, 'keypoints'>;
  /** the table `loadGt` builds, without the raw segmentations (the masks replace them) */
  table: GtTable;
  /** segm, boundary: every GT annotation's RLE in file order (`rasterizeGtMasks`) */
  masks?: RleBatch;
}

/**
 * Loads `gt` for a box or mask evaluation of `iouType` (errors as `loadGt` and the mask step throw
 * them, naming `source`). `alloc` gives the memory of every typed array of the table and the masks:
 * a SharedArrayBuffer allocator builds them where the evaluating threads read them, with no copy.
 */
export function loadCocoGt(gt: CocoDataset, iouType: LoadedCocoGt['iouType'], source: string, alloc?: (bytes: number) => ArrayBufferLike): LoadedCocoGt {
  const table = loadGt(gt, iouType, { source }, alloc);
  const masks = iouType === 'bbox' ? undefined : rasterizeGtTable(table, source, alloc);
  table.segmentations = new Array(table.count);
  return { kind: 'loaded-coco-gt', iouType, table, ...(masks ? { masks } : {}) };
}

export function isLoadedCocoGt(gt: unknown): gt is LoadedCocoGt {
  return typeof gt === 'object' && gt !== null && (gt as { kind?: unknown }).kind === 'loaded-coco-gt';
}
