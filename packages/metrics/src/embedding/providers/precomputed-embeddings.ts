import { invalidInput } from '@tensoreval/core';
import type { EmbeddingProvider } from './embedding-provider';

/**
 * An embedding provider over vectors computed elsewhere: a text → vector table. Every vector must
 * have the same dimension and finite values; embedding a text missing from the table is an error
 * naming it (nothing is silently skipped).
 */
export class PrecomputedEmbeddings implements EmbeddingProvider {
  readonly dim: number;
  private readonly table: Map<string, Float64Array>;

  constructor(vectors: ReadonlyMap<string, ArrayLike<number>> | Readonly<Record<string, ArrayLike<number>>>) {
    const fn = 'PrecomputedEmbeddings';
    const entries = vectors instanceof Map ? [...vectors.entries()] : Object.entries(vectors as Record<string, ArrayLike<number>>);
    this.table = new Map();
    let dim = -1;
    for (const [text, v] of entries) {
      if (dim < 0) dim = v.length;
      if (v.length !== dim || dim === 0) throw invalidInput(fn, { argument: 'vectors', index: JSON.stringify(text) }, `have one dimension (${dim}) for every text`, `dimension ${v.length}`, 'TE-207');
      const row = Float64Array.from(v);
      for (let d = 0; d < dim; d++) {
        if (!Number.isFinite(row[d] as number)) throw invalidInput(fn, { argument: 'vectors', index: JSON.stringify(text) }, 'contain only finite numbers', `${row[d]} at position ${d}`, 'TE-201');
      }
      this.table.set(text, row);
    }
    this.dim = Math.max(dim, 0);
  }

  async embed(texts: string[]): Promise<number[][]> {
    return texts.map((text, i) => {
      const v = this.table.get(text);
      if (!v) throw invalidInput('PrecomputedEmbeddings.embed', { argument: 'texts', index: i }, 'have a precomputed vector', JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text), 'TE-205');
      return Array.from(v);
    });
  }
}
