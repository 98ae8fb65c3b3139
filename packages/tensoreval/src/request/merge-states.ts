/** What {@link mergeStates} needs of an evaluator: its serialised state and an exact merge. */
interface Loadable<E> {
  loadState(bytes: Uint8Array, source?: string): Promise<E>;
  merge(other: E): E;
}

/**
 * Decodes each shard's state in shard order, naming the state in errors as "state of shard i of n",
 * for the merges that need every state at once (COCO semantics, record lists, judged runs).
 */
export async function decodeShardStates<T>(states: readonly Uint8Array[], decode: (bytes: Uint8Array, source: string) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (const [i, bytes] of states.entries()) out.push(await decode(bytes, shardStateSource(i, states.length)));
  return out;
}

/** How errors name the state of shard `i` (from 0) of `n`. */
function shardStateSource(i: number, n: number): string {
  return `state of shard ${i + 1} of ${n}`;
}

/**
 * Loads each shard's state into a fresh evaluator and merges them in shard (datum) order: label
 * ids and records come out in the order one pass over all the datums gives.
 */
export async function mergeStates<E extends Loadable<E>>(states: readonly Uint8Array[], empty: () => E): Promise<E> {
  // merged as they are decoded: one decoded shard at a time besides the merge
  let merged: E | undefined;
  for (const [i, bytes] of states.entries()) {
    const shard = await empty().loadState(bytes, shardStateSource(i, states.length));
    merged = merged === undefined ? shard : merged.merge(shard);
  }
  return merged ?? empty();
}
