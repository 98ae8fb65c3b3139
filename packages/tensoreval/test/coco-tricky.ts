/** COCO results with other keys a cut or a scanner could trip on (coco-split and coco-workers tests). */

// Strings a record's other keys may hold: the cut must never fall inside one.
export const TRICKY = ['],[{', '}, {"image_id": 1, "bbox": [', 'a\\"b', '\\\\', '\\', 'é,]}ü', '日本,語', '😀],', '\n\t', ',,,'];

/** Each record of `records` with other keys holding tricky strings and nested values, as JSON bytes. */
export function trickyResults(records: ReadonlyArray<Record<string, unknown>>): Buffer {
  const out = records.map((r, i) => {
    const s = TRICKY[i % TRICKY.length] as string;
    return { note: s, ...r, extra: { tags: [s, `${s}]`, { deep: [[s], '{'] }] }, [`k${i % 3}`]: i % 2 === 0 ? null : [1.5e-3, s] };
  });
  return Buffer.from(JSON.stringify(out, null, 1), 'utf8');
}
