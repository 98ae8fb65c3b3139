import { invalidInput, nonFiniteAt, type FloatArray } from '@tensoreval/core';
import { rescaleExtremeRows } from './extreme-scale';

/** Row-major packed vectors: `rows × dim` values in one typed array. */
export interface PackedVectors {
  data: FloatArray;
  dim: number;
}

/** A list of vectors, as nested arrays (convenient) or packed (high volume, no copies). */
export type VectorList = readonly ArrayLike<number>[] | PackedVectors;

/** Packed float64 vectors with their row count and which rows are all zeros. */
export interface CheckedVectors {
  data: FloatArray;
  rows: number;
  dim: number;
  /** 1 where a row is all zeros: its cosine with anything is NaN (nltk's cosine_distance) */
  zeroRows: Uint8Array;
  anyZero: boolean;
}

function isPacked(v: VectorList): v is PackedVectors {
  return !Array.isArray(v) && typeof (v as PackedVectors).dim === 'number';
}

/**
 * Packs and validates one list of vectors: every row has `dim` finite values (a NaN vector is an
 * error naming the row), and all-zero rows are flagged. `dim` of an empty nested list is taken
 * from `expectedDim` (or 0).
 */
export function checkVectors(vectors: VectorList, argument: string, fnName: string, expectedDim?: number): CheckedVectors {
  let data: FloatArray;
  let dim: number;
  if (isPacked(vectors)) {
    ({ data, dim } = vectors);
    const emptyOk = data.length === 0 && Number.isInteger(dim) && dim >= 0;
    if (!emptyOk && (!Number.isInteger(dim) || dim <= 0 || data.length % dim !== 0)) {
      throw invalidInput(fnName, argument, `hold a whole number of rows of a positive dim`, `${data.length} values with dim ${dim}`, 'TE-207');
    }
  } else {
    const list = vectors as readonly ArrayLike<number>[];
    dim = list.length > 0 ? (list[0] as ArrayLike<number>).length : expectedDim ?? 0;
    data = new Float64Array(list.length * dim);
    for (let r = 0; r < list.length; r++) {
      const row = list[r] as ArrayLike<number>;
      if (row.length !== dim) throw invalidInput(fnName, { argument, index: r }, `have dimension ${dim} like the first vector`, `dimension ${row.length}`, 'TE-207');
      for (let d = 0; d < dim; d++) data[r * dim + d] = row[d] as number;
    }
  }
  if (expectedDim !== undefined && dim !== 0 && expectedDim !== 0 && dim !== expectedDim) {
    throw invalidInput(fnName, argument, `have dimension ${expectedDim} like the other vectors`, `dimension ${dim}`, 'TE-207');
  }
  const rows = dim > 0 ? data.length / dim : 0;
  for (let r = 0, o = 0; r < rows; r++, o += dim) {
    const bad = nonFiniteAt(data, o, dim);
    if (bad >= 0) throw invalidInput(fnName, { argument, index: r }, 'contain only finite numbers', `${data[o + bad]} at position ${bad}`, 'TE-201');
  }
  // cosine is scale-invariant: rows near 1e±200 are rescaled so their norms neither overflow nor vanish
  data = rescaleExtremeRows(data, dim);
  const zeroRows = new Uint8Array(rows);
  let anyZero = false;
  for (let r = 0, o = 0; r < rows; r++, o += dim) {
    if (isZeroRow(data, o, dim)) {
      zeroRows[r] = 1;
      anyZero = true;
    }
  }
  return { data, rows, dim, zeroRows, anyZero };
}

/** Whether the row `data[o..o+dim)` is all zeros (the scan stops at the first non-zero). */
export function isZeroRow(data: FloatArray, o: number, dim: number): boolean {
  let d = 0;
  while (d < dim && (data[o + d] as number) === 0) d++;
  return d === dim;
}

/** Concatenates several checked lists (e.g. the sentences of every context chunk) into one. */
export function concatVectors(parts: readonly CheckedVectors[], dim: number): CheckedVectors {
  const nonEmpty = parts.filter((p) => p.rows > 0);
  if (nonEmpty.length === 1) return nonEmpty[0] as CheckedVectors;
  let rows = 0;
  for (const p of parts) rows += p.rows;
  const data = new Float64Array(rows * dim);
  const zeroRows = new Uint8Array(rows);
  let offset = 0;
  let anyZero = false;
  for (const p of parts) {
    data.set(p.data, offset * dim);
    zeroRows.set(p.zeroRows, offset);
    anyZero ||= p.anyZero;
    offset += p.rows;
  }
  return { data, rows, dim, zeroRows, anyZero };
}

/** The dimension shared by a query vector and lists of vectors (first non-empty one wins). */
export function commonDim(lists: readonly VectorList[], fallback = 0): number {
  for (const l of lists) {
    if (isPacked(l)) return l.dim;
    const first = (l as readonly ArrayLike<number>[])[0];
    if (first) return first.length;
  }
  return fallback;
}
