/**
 * Label strings ↔ dense integer ids, in first-appearance order (Valor's label index order). Labels
 * are mapped once at the boundary; every hot path works on the integer ids.
 */
export class LabelIndex {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];

  /** The id of `label`, adding it when new. */
  intern(label: string): number {
    let id = this.ids.get(label);
    if (id === undefined) {
      id = this.names.length;
      this.ids.set(label, id);
      this.names.push(label);
    }
    return id;
  }

  get size(): number {
    return this.names.length;
  }

  /** Label names by id. */
  get labels(): readonly string[] {
    return this.names;
  }

  name(id: number): string {
    return this.names[id] as string;
  }

  /** Interns every name of another index; returns the remap table (their id → our id). */
  absorb(names: readonly string[]): Int32Array {
    const remap = new Int32Array(names.length);
    for (let i = 0; i < names.length; i++) remap[i] = this.intern(names[i] as string);
    return remap;
  }
}

/** Rewrites ids in place through a remap table. */
export function remapIds(ids: Int32Array, remap: Int32Array): void {
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    if (id >= 0) ids[i] = remap[id] as number;
  }
}
