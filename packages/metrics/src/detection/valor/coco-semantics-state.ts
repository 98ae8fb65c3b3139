import { invalidInput } from '@tensoreval/core';
import { mergeCocoStates, type CocoState } from '../coco/coco-state';

/**
 * Joins the COCO-semantics states of a request's datum shards, given in datum order, into the state
 * of one batch of all their datums (see `cocoSemanticsState`): each shard numbered its images,
 * labels and results from 0, so images and result positions are offset by the shards before it,
 * labels are renumbered in first-appearance order over the shards (one pass's label order), and
 * maxDets becomes one pass's (all results). Then the states merge exactly (`mergeCocoStates`).
 */
export function joinCocoSemanticsStates(states: readonly CocoState[]): CocoState {
  const names: string[] = [];
  const index = new Map<string, number>();
  for (const s of states) {
    for (const name of s.categoryNames) {
      if (!index.has(name)) {
        index.set(name, names.length);
        names.push(name);
      }
    }
  }
  const K = names.length;
  const gtImages = states.reduce((n, s) => n + s.gtImages, 0);
  const results = states.reduce((n, s) => n + s.counts.detections, 0);
  let images = 0;
  let files = 0;
  const shifted = states.map((s, i): CocoState => {
    if (!s.params.useCats || s.params.imgIds !== undefined || s.images !== s.gtImages) {
      throw invalidInput('joinCocoSemanticsStates', { argument: 'states', index: i }, 'be a COCO-semantics state (categories kept apart, every image evaluated)', 'another COCO state', 'TE-202');
    }
    const toGlobal = Int32Array.from(s.categoryNames, (name) => index.get(name) as number);
    const A = s.params.areaRng.length;
    const positives = new Float64Array(K * A);
    for (let k = 0; k < s.categoryNames.length; k++) for (let a = 0; a < A; a++) positives[(toGlobal[k] as number) * A + a] = s.positives[k * A + a] as number;
    const covered = new Uint8Array(gtImages);
    covered.set(s.covered, images);
    const n = s.rows.score.length;
    const image = new Int32Array(n), category = new Int32Array(n), group = new Int32Array(n), file = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      image[r] = (s.rows.image[r] as number) + images;
      category[r] = toGlobal[s.rows.category[r] as number] as number;
      group[r] = toGlobal[s.rows.group[r] as number] as number;
      file[r] = (s.rows.file[r] as number) + files;
    }
    images += s.gtImages;
    files += s.counts.detections;
    return {
      ...s,
      params: { ...s.params, maxDets: [Math.max(1, results)] },
      categoryIds: names.map((_, k) => k),
      categoryNames: names,
      gtImages,
      images: gtImages,
      covered,
      positives,
      rows: { ...s.rows, image, category, group, file },
    };
  });
  return mergeCocoStates(shifted);
}
