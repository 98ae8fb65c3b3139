/**
 * bert_score's inverse document frequencies (utils.get_idf_dict): over the N reference token-id lists,
 * df(id) = number of references containing id, idf(id) = ln((N + 1) / (df + 1)). Special tokens occur
 * in every reference, so their idf is ln(1) = 0. A candidate token found in no reference is weighed
 * ln(N + 1), bert_score's defaultdict value (df = 0): a rule of the reference, applied only through
 * {@link idfWeight}, not a lookup that fell through.
 */
export interface IdfTable {
  numDocs: number;
  /** the weight of an id not in any reference */
  defaultWeight: number;
  byId: Map<number, number>;
}

export function referenceIdf(references: readonly (readonly number[])[]): IdfTable {
  const df = new Map<number, number>();
  for (const ids of references) for (const id of new Set(ids)) df.set(id, (df.get(id) ?? 0) + 1);
  const n = references.length;
  const byId = new Map<number, number>();
  for (const [id, count] of df) byId.set(id, Math.log((n + 1) / (count + 1)));
  return { numDocs: n, defaultWeight: Math.log(n + 1), byId };
}

/** The weight of token `id`: its table entry, or ln(N + 1) for an id in no reference (bert_score's df = 0). */
export function idfWeight(table: IdfTable, id: number): number {
  return table.byId.get(id) ?? table.defaultWeight;
}
