import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The Valor reference cases (test-data/reference/valor), enumerated at run time. */
export const VALOR_CASE_DIR = fileURLToPath(new URL('../../../test-data/reference/valor/', import.meta.url));

export interface ValorCase {
  file: string;
  task: string;
  input: Record<string, unknown>;
  params: Record<string, { method: string; kwargs: Record<string, unknown> }>;
  expected: Record<string, unknown>;
}

export function listValorCases(): ValorCase[] {
  return readdirSync(VALOR_CASE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(`${VALOR_CASE_DIR}${file}`, 'utf8')) as Omit<ValorCase, 'file'>) }));
}

/** A case's calls as one metric request: `compute_x(**kwargs)` → `{id, method: 'x', ...kwargs}`. */
export function caseToRequest(c: ValorCase): Record<string, unknown> {
  return {
    task: c.task,
    semantics: 'valor',
    data: c.input,
    metrics: Object.entries(c.params).map(([id, call]) => ({ id, method: call.method.replace(/^compute_/, ''), ...call.kwargs })),
  };
}

/** Expected outputs by call id (without `info` and `warnings`). */
export function expectedOutputs(c: ValorCase): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const id of Object.keys(c.params)) out[id] = c.expected[id];
  return out;
}
