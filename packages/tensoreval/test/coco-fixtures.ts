import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Root of the COCO reference fixtures (copied from the shared set, see its README). */
export const COCO_FIXTURES = fileURLToPath(new URL('../../../test-data/reference/coco/', import.meta.url));

/** One `*.expected.json` oracle file (pycocotools 2.0.11 output). */
export interface CocoExpected {
  name: string;
  iouType: 'bbox' | 'segm';
  gt: string;
  dt: string;
  options: { strip_dt_bbox: boolean; min_score: number | null };
  stats: number[];
  per_category: Array<{ category_id: number; AP: number; AP50: number; AP75: number; AR100: number }>;
}

export interface CocoCase {
  id: string;
  dir: string;
  expected: CocoExpected;
}

/** Every `<folder>/*.expected.json` under the fixture root, found at run time. */
export function listCocoCases(): CocoCase[] {
  const cases: CocoCase[] = [];
  for (const dir of readdirSync(COCO_FIXTURES).sort()) {
    const full = join(COCO_FIXTURES, dir);
    if (!statSync(full).isDirectory()) continue;
    for (const f of readdirSync(full).sort()) {
      if (!f.endsWith('.expected.json')) continue;
      cases.push({ id: `${dir}/${f}`, dir: full, expected: JSON.parse(readFileSync(join(full, f), 'utf8')) as CocoExpected });
    }
  }
  return cases;
}

/** The results list with the oracle's preprocessing applied (bbox keys stripped, low scores dropped). */
export function preparedResults(c: CocoCase): { records: Array<Record<string, unknown>>; changed: boolean } {
  let records = JSON.parse(readFileSync(join(c.dir, c.expected.dt), 'utf8')) as Array<Record<string, unknown>>;
  const { strip_dt_bbox: strip, min_score: minScore } = c.expected.options;
  if (strip) records = records.map(({ bbox: _bbox, ...rest }) => rest);
  if (minScore !== null && minScore !== undefined) records = records.filter((r) => (r.score as number) >= minScore);
  return { records, changed: strip || (minScore !== null && minScore !== undefined) };
}
