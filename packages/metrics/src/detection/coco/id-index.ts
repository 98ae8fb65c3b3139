/** Sorted unique ids (numbers ascending, then strings) and their dense index, as np.unique orders them. */
export interface IdIndex {
  ids: Array<number | string>;
  index: Map<number | string, number>;
}

export function buildIdIndex(values: Iterable<number | string>): IdIndex {
  const ids = Array.from(new Set(values)).sort(compareIds);
  const index = new Map<number | string, number>();
  for (let i = 0; i < ids.length; i++) index.set(ids[i] as number | string, i);
  return { ids, index };
}

function compareIds(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
