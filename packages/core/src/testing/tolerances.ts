import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Tolerance } from './assert-close';

export interface ToleranceTable {
  default: Tolerance;
  float32: Tolerance;
  overrides?: Record<string, Partial<Tolerance>>;
}

const FALLBACK: ToleranceTable = { default: { atol: 1e-9, rtol: 1e-7 }, float32: { atol: 1e-5, rtol: 1e-3 } };

/** Finds test-data/tolerances.json by walking up from the working directory. */
export function loadTolerances(start = process.cwd()): ToleranceTable {
  let dir = start;
  for (;;) {
    const file = join(dir, 'test-data', 'tolerances.json');
    if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ToleranceTable;
    const up = dirname(dir);
    if (up === dir) return FALLBACK;
    dir = up;
  }
}

/** Tolerance for a backend × kernel: precision default, then a `backend/Kernel` override. */
export function toleranceFor(table: ToleranceTable, backendName: string, floatPrecision: 32 | 64, kernelName: string): Tolerance {
  const base = floatPrecision === 32 ? table.float32 : table.default;
  return { ...base, ...(table.overrides?.[`${backendName}/${kernelName}`] ?? {}) };
}
