import { checkInteger } from '@tensoreval/core';

/**
 * Pagination of the example-listing methods (`examples`, `confusionMatrixWithExamples`), the
 * request's `limit` and `offset`. Without either, output is exactly Valor's.
 *
 * - `examples`: one record per datum (in datum order) and threshold; `offset` skips that many datums
 *   and `limit` keeps at most that many, and every threshold's records of the kept datums are returned.
 * - `confusionMatrixWithExamples`: each list of examples (per matrix cell, per unmatched list) keeps
 *   its examples `offset … offset + limit - 1` in the order the method produces them; the counts are
 *   those of all examples.
 */
export interface ExamplePageOptions {
  /** at most this many (an integer ≥ 1); default: no limit */
  limit?: number;
  /** skip this many first (an integer ≥ 0); default 0 */
  offset?: number;
}

/** A resolved page: items `offset … end - 1` are kept (`end` is `Infinity` without a limit). */
export interface ExamplePage {
  offset: number;
  end: number;
}

/** Every item: the page of an unpaginated call. */
export const ALL_EXAMPLES: ExamplePage = { offset: 0, end: Infinity };

/** Validates `limit` (integer ≥ 1) and `offset` (integer ≥ 0) as `fn`'s options (TE-101 when wrong). */
export function resolveExamplePage(options: ExamplePageOptions, fn: string): ExamplePage {
  const offset = options.offset === undefined ? 0 : checkInteger(options.offset, 'offset', fn, { min: 0 });
  const end = options.limit === undefined ? Infinity : offset + checkInteger(options.limit, 'limit', fn, { min: 1 });
  return { offset, end };
}

/** Whether the item at 0-based `index` of a list is on the page. */
export function onPage(page: ExamplePage, index: number): boolean {
  return index >= page.offset && index < page.end;
}
