/** What {@link mergeStates} needs of an evaluator: its serialised state and an exact merge. */
interface Loadable<E> {
  loadState(bytes: Uint8Array, source?: string): Promise<E>;
  merge(other: E): E;
}

/**
 * Decodes each shard's state in shard order, naming the state in errors as "state of shard i of n":
 * the one loop every task's merge starts with.
 */
export async function decodeShardStates<T>(states: readonly Uint8Array[], decode: (bytes: Uint8Array, source: string) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (const [i, bytes] of states.entries()) out.push(await decode(bytes, `state of shard ${i + 1} of ${states.length}`));
  return out;
}

/**
 * Loads each shard's state into a fresh evaluator and merges them in shard (datum) order: label
 * ids and records come out in the order one pass over all the datums gives.
 */
export async function mergeStates<E extends Loadable<E>>(states: readonly Uint8Array[], empty: () => E): Promise<E> {
  const shards = await decodeShardStates(states, (bytes, source) => empty().loadState(bytes, source));
  const [first, ...rest] = shards;
  return first === undefined ? empty() : rest.reduce((merged, shard) => merged.merge(shard), first);
}
