import { warn } from '@tensoreval/core';

/**
 * Valor's overlap trimming, applied to one datum's groundtruth or prediction masks before any
 * counting: each mask loses the pixels already in the accumulated union; the union starts as the
 * first mask and a later mask joins it only if it did not overlap. When pixels were removed, warns
 * with Valor's message. Returns the trimmed masks (untouched masks are not copied) and their union.
 */
export function trimOverlaps(masks: readonly Uint8Array[], pixels: number, what: 'ground truth' | 'prediction', datumUid: string): { masks: Uint8Array[]; union: Uint8Array } {
  const union = new Uint8Array(pixels);
  const out: Uint8Array[] = [];
  let overlapped = 0;
  masks.forEach((mask, i) => {
    if (i === 0) {
      union.set(mask);
      out.push(mask);
      return;
    }
    let overlap = 0;
    for (let p = 0; p < pixels; p++) overlap += mask[p]! & union[p]!;
    if (overlap === 0) {
      for (let p = 0; p < pixels; p++) union[p] = union[p]! | mask[p]!;
      out.push(mask);
      return;
    }
    overlapped += overlap;
    const trimmed = new Uint8Array(pixels);
    for (let p = 0; p < pixels; p++) trimmed[p] = mask[p]! & (1 - union[p]!);
    out.push(trimmed);
  });
  // The union Valor reports against is of the trimmed masks (a trimmed mask still covers its pixels).
  for (const m of out) for (let p = 0; p < pixels; p++) union[p] = union[p]! | m[p]!;
  if (overlapped > 0) warn('SkippedRecordWarning', `${what} masks for datum '${datumUid}' had ${overlapped} / ${pixels} pixels overlapped.`);
  return { masks: out, union };
}
