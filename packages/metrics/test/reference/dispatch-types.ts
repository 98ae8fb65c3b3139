/**
 * The shape shared by the text-family reference dispatch tables (`text-dispatch.ts`,
 * `rag-dispatch.ts`) and the runner `../text.reference.test.ts`.
 *
 * A table maps a case's `metric` string to a function that runs the implementation on the case and
 * returns what to compare: `actual` and `expected` are compared structurally (same keys, same array
 * lengths, strings and booleans equal, `null` only equal to `null`, NaN equal to NaN), numbers within
 * the relative `tolerance` (default {@link DEFAULT_TOLERANCE}; 0 demands the same double). A case that
 * throws fails, unless the function itself turns an expected error into a comparison.
 */
export interface ReferenceCase {
  metric: string;
  input: unknown;
  params?: Record<string, unknown>;
  expected: unknown;
  note?: string;
  source?: string;
  [key: string]: unknown;
}

export interface CaseComparison {
  actual: unknown;
  expected: unknown;
  /** relative tolerance for numbers: |a − e| ≤ tolerance · max(|a|, |e|) */
  tolerance?: number;
}

export type CaseRunner = (testCase: ReferenceCase) => CaseComparison | Promise<CaseComparison>;

export type CaseDispatch = Record<string, CaseRunner>;

/** Differences of a few ulps come from V8's Math.log/Math.exp versus glibc's in the references. */
export const DEFAULT_TOLERANCE = 1e-12;
