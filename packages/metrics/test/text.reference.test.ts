import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { setWarningHandler } from '@tensoreval/core';
import { DEFAULT_TOLERANCE, type CaseDispatch, type ReferenceCase } from './reference/dispatch-types';
import { textDispatch } from './reference/text-dispatch';
import { ragDispatch } from './reference/rag-dispatch';

// Runs every case of every *.json in test-data/reference/text, found when the suite runs, through
// the merged dispatch tables. An unknown metric, a case that throws, or a mismatch fails.
const folder = fileURLToPath(new URL('../../../test-data/reference/text/', import.meta.url));
const dispatch: CaseDispatch = { ...textDispatch, ...ragDispatch };

// nltk's "0 counts of n-gram overlaps" and similar warnings are expected on these inputs.
setWarningHandler(() => {});

function mismatch(actual: unknown, expected: unknown, tolerance: number, path: string): string | undefined {
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') return `${path}: expected number ${expected}, got ${JSON.stringify(actual)}`;
    if (Number.isNaN(expected) || Number.isNaN(actual)) return Number.isNaN(expected) && Number.isNaN(actual) ? undefined : `${path}: expected ${expected}, got ${actual}`;
    if (actual === expected) return undefined;
    const diff = Math.abs(actual - expected);
    return diff <= tolerance * Math.max(Math.abs(actual), Math.abs(expected)) ? undefined : `${path}: expected ${expected}, got ${actual} (|diff| ${diff})`;
  }
  if (expected === null || typeof expected !== 'object') {
    return Object.is(actual, expected) ? undefined : `${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path}: expected an array, got ${JSON.stringify(actual)}`;
    if (actual.length !== expected.length) return `${path}: expected ${expected.length} elements, got ${actual.length} (${JSON.stringify(actual)})`;
    for (let i = 0; i < expected.length; i++) {
      const m = mismatch(actual[i], expected[i], tolerance, `${path}[${i}]`);
      if (m) return m;
    }
    return undefined;
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path}: expected an object, got ${JSON.stringify(actual)}`;
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(e)]);
  for (const key of keys) {
    if (!(key in a)) return `${path}.${key}: missing from the result`;
    if (!(key in e)) return `${path}.${key}: not in the reference`;
    const m = mismatch(a[key], e[key], tolerance, `${path}.${key}`);
    if (m) return m;
  }
  return undefined;
}

const files = readdirSync(folder).filter((f) => f.endsWith('.json')).sort();

describe('text reference fixtures', () => {
  it('finds the fixture folder populated', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  it('has no metric registered by both dispatch tables', () => {
    expect(Object.keys(textDispatch).filter((k) => k in ragDispatch)).toEqual([]);
  });
  for (const file of files) {
    describe(file, () => {
      const doc = JSON.parse(readFileSync(join(folder, file), 'utf8')) as { cases?: ReferenceCase[] };
      it('holds a non-empty cases array', () => {
        expect(Array.isArray(doc.cases) && doc.cases.length > 0).toBe(true);
      });
      (doc.cases ?? []).forEach((testCase, index) => {
        const label = `#${index} ${testCase.metric}${testCase.note ? ` (${testCase.note})` : ''}`;
        it(label, async () => {
          const run = dispatch[testCase.metric];
          if (!run) throw new Error(`${file} case ${index}: no implementation is registered for metric '${testCase.metric}'`);
          const { actual, expected, tolerance } = await run(testCase);
          const problem = mismatch(actual, expected, tolerance ?? DEFAULT_TOLERANCE, testCase.metric);
          if (problem) throw new Error(`${file} case ${index}: ${problem}`);
        });
      });
    });
  }
});
