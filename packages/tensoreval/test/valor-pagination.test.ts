import { describe, expect, it } from 'vitest';
import { ValorClassification, type MetricRecord } from '@tensoreval/metrics/classification';
import { evaluate } from '../src/evaluate';
import { caseToRequest, listValorCases, type ValorCase } from './valor-cases';

// `limit` / `offset` on the example-listing methods: every paginated output is a slice of the
// unpaginated one, counts never change, and only `examples` / `confusion_matrix_with_examples` take them.

const cases = listValorCases();
const caseNamed = (file: string): ValorCase => {
  const c = cases.find((x) => x.file === file);
  if (!c) throw new Error(`no reference case ${file}`);
  return c;
};

/** The case's first call of `method` (its thresholds), as the request's only metric, plus `extra` parameters. */
async function call(c: ValorCase, method: string, extra: Record<string, unknown> = {}, data: unknown = c.input): Promise<MetricRecord[]> {
  const base = caseToRequest(c) as { metrics: { method: string }[] };
  const metric = base.metrics.find((m) => m.method === method);
  if (!metric) throw new Error(`${c.file} has no ${method} call`);
  const out = await evaluate({ ...base, data, metrics: [{ ...metric, id: 'm', ...extra }] });
  return out.m as MetricRecord[];
}

const thresholdKey = (r: MetricRecord) => JSON.stringify(r.parameters);
const datumOf = (r: MetricRecord) => (r.value as { datum_id: string }).datum_id;

/** Per threshold combination, its records in output order. */
function byThreshold(records: readonly MetricRecord[]): Map<string, MetricRecord[]> {
  const out = new Map<string, MetricRecord[]>();
  for (const r of records) {
    const key = thresholdKey(r);
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}

/** `examples` paged by hand: the kept datums' records, in the unpaginated order. */
function pageExamples(full: readonly MetricRecord[], offset: number, limit: number | undefined): MetricRecord[] {
  const datums = [...new Set(full.map(datumOf))];
  const kept = new Set(datums.slice(offset, limit === undefined ? undefined : offset + limit));
  return full.filter((r) => kept.has(datumOf(r)));
}

/** Deep copy of a confusion_matrix_with_examples output with every example list sliced. */
function pageLists(value: unknown, offset: number, limit: number | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => pageLists(v, offset, limit));
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  if (typeof o.count === 'number' && Array.isArray(o.examples)) {
    return { ...o, examples: o.examples.slice(offset, limit === undefined ? undefined : offset + limit) };
  }
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, pageLists(v, offset, limit)]));
}

/** Every `{count, examples}` list of an output, by path. */
function lists(value: unknown, path = ''): [string, { count: number; examples: unknown[] }][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => lists(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  if (typeof o.count === 'number' && Array.isArray(o.examples)) return [[path, o as { count: number; examples: unknown[] }]];
  return Object.entries(o).flatMap(([k, v]) => lists(v, `${path}.${k}`));
}

const PAGES: [offset: number | undefined, limit: number | undefined][] = [
  [undefined, 1], [0, 3], [2, undefined], [3, 4], [5, 1], [7, 100], [0, 1_000_000],
];

const paging = (offset: number | undefined, limit: number | undefined) => ({ ...(offset === undefined ? {} : { offset }), ...(limit === undefined ? {} : { limit }) });

/** od_random_small_seed10 plus datums without annotations (no Examples record) at the start, middle and end. */
function detectionWithEmptyDatums(): { c: ValorCase; data: unknown } {
  const c = caseNamed('od_random_small_seed10.json');
  const input = c.input as { annotation_type?: string; datums: unknown[] };
  const empty = (uid: string) => ({ uid, groundtruths: [], predictions: [] });
  const datums = [empty('empty-first'), ...input.datums.slice(0, 5), empty('empty-mid'), ...input.datums.slice(5), empty('empty-last')];
  return { c, data: { ...input, datums } };
}

describe('examples: limit / offset page the datum records', () => {
  const sources: [string, () => { c: ValorCase; data: unknown }][] = [
    ['classification', () => ({ c: caseNamed('cls_random_small_seed2.json'), data: caseNamed('cls_random_small_seed2.json').input })],
    ['object detection', () => ({ c: caseNamed('od_random_small_seed10.json'), data: caseNamed('od_random_small_seed10.json').input })],
    ['object detection with unannotated datums', detectionWithEmptyDatums],
    ['object detection (polygons)', () => ({ c: caseNamed('od_polygon_random_seed30.json'), data: caseNamed('od_polygon_random_seed30.json').input })],
  ];
  for (const [name, source] of sources) {
    it(`${name}: each page is the slice of the unpaginated records, per threshold`, async () => {
      const { c, data } = source();
      const full = await call(c, 'examples', {}, data);
      const fullByThreshold = byThreshold(full);
      const nDatums = new Set(full.map(datumOf)).size;
      expect(nDatums).toBeGreaterThan(5);
      for (const [offset, limit] of PAGES) {
        const paged = await call(c, 'examples', paging(offset, limit), data);
        expect(paged).toEqual(pageExamples(full, offset ?? 0, limit));
        // The same datums at every threshold combination: each one's records are its slice.
        const pagedByThreshold = byThreshold(paged);
        for (const [key, records] of fullByThreshold) {
          const end = limit === undefined ? undefined : (offset ?? 0) + limit;
          expect(pagedByThreshold.get(key) ?? []).toEqual(records.slice(offset ?? 0, end));
        }
      }
    });

    it(`${name}: offset at or past the end gives an empty list; the defaults give the unpaginated output`, async () => {
      const { c, data } = source();
      const full = await call(c, 'examples', {}, data);
      const nDatums = new Set(full.map(datumOf)).size;
      expect(await call(c, 'examples', { offset: nDatums }, data)).toEqual([]);
      expect(await call(c, 'examples', { offset: nDatums + 10, limit: 2 }, data)).toEqual([]);
      expect(await call(c, 'examples', { offset: 0 }, data)).toEqual(full);
      expect(await call(c, 'examples', { offset: nDatums - 1, limit: 5 }, data)).toEqual(full.filter((r) => datumOf(r) === datumOf(full[full.length - 1]!)));
    });
  }

  it('object detection: datums without annotations have no record and are not counted by offset', async () => {
    const { c, data } = detectionWithEmptyDatums();
    const first = await call(c, 'examples', { limit: 1 }, data);
    expect(new Set(first.map(datumOf))).toEqual(new Set([(c.input as { datums: { uid: string }[] }).datums[0]!.uid]));
    const all = await call(c, 'examples', {}, data);
    expect(all.some((r) => datumOf(r).startsWith('empty'))).toBe(false);
  });
});

describe('confusion_matrix_with_examples: limit / offset page each list of examples', () => {
  const files = ['cls_random_small_seed2.json', 'cls_random_small_seed1.json', 'od_random_small_seed10.json', 'od_random_medium_seed20.json', 'od_bitmask_random_seed31.json'];
  for (const file of files) {
    it(`${file}: each list is the slice of the unpaginated list and the counts are unchanged`, async () => {
      const c = caseNamed(file);
      const full = await call(c, 'confusion_matrix_with_examples');
      const fullLists = lists(full);
      // Not vacuous: some list is longer than the pages below.
      expect(Math.max(...fullLists.map(([, l]) => l.examples.length))).toBeGreaterThan(3);
      for (const [offset, limit] of PAGES) {
        const paged = await call(c, 'confusion_matrix_with_examples', paging(offset, limit));
        expect(paged).toEqual(pageLists(full, offset ?? 0, limit));
        const pagedLists = lists(paged);
        expect(pagedLists.map(([path, l]) => [path, l.count])).toEqual(fullLists.map(([path, l]) => [path, l.count]));
        for (const [, l] of pagedLists) if (limit !== undefined) expect(l.examples.length).toBeLessThanOrEqual(limit);
      }
    });
  }

  it('offset past the end of every list empties the lists and keeps the counts', async () => {
    const c = caseNamed('od_random_small_seed10.json');
    const full = await call(c, 'confusion_matrix_with_examples');
    const longest = Math.max(...lists(full).map(([, l]) => l.examples.length));
    const paged = await call(c, 'confusion_matrix_with_examples', { offset: longest, limit: 3 });
    expect(lists(paged).every(([, l]) => l.examples.length === 0)).toBe(true);
    expect(lists(paged).map(([p, l]) => [p, l.count])).toEqual(lists(full).map(([p, l]) => [p, l.count]));
    expect(lists(paged).some(([, l]) => l.count > 0)).toBe(true);
  });
});

describe('limit / offset: bad values and other methods', () => {
  const cls = caseNamed('cls_readme_dog_cat.json');
  const od = caseNamed('od_readme_example.json');

  it('bad values are the option error (TE-101) naming the metric id and the parameter', async () => {
    const bad: [string, unknown][] = [['limit', 0], ['limit', -1], ['limit', 1.5], ['limit', '3'], ['limit', null], ['offset', -1], ['offset', 0.5], ['offset', 'x'], ['offset', Infinity], ['limit', Number.NaN]];
    for (const [method, c] of [['examples', cls], ['confusion_matrix_with_examples', cls], ['examples', od], ['confusion_matrix_with_examples', od]] as const) {
      for (const [name, value] of bad) {
        const request = { ...caseToRequest(c), metrics: [{ id: 'paged', method, [name]: value }] };
        const error = await evaluate(request).then(() => undefined, (e: unknown) => e as { code: string; message: string });
        expect(error, `${method} ${name}=${String(value)}`).toBeDefined();
        expect(error!.code).toBe('TE-101');
        expect(error!.message).toMatch(new RegExp(`'${name}' option of evaluate \\(metric 'paged'\\) must be an integer`));
      }
    }
  });

  it('the other methods reject limit and offset as parameters they do not take', async () => {
    const seg = caseNamed('seg_basic_2x3.json');
    const calls: [ValorCase, string][] = [[cls, 'precision_recall'], [cls, 'rocauc'], [cls, 'confusion_matrix'], [od, 'precision_recall'], [od, 'confusion_matrix'], [od, 'bbox_iou'], [seg, 'precision_recall_iou']];
    for (const [c, method] of calls) {
      for (const name of ['limit', 'offset']) {
        const request = { ...caseToRequest(c), metrics: [{ id: 'x', method, [name]: 1 }] };
        const error = await evaluate(request).then(() => undefined, (e: unknown) => e as { code: string; message: string });
        expect(error, `${method} ${name}`).toBeDefined();
        expect(error!.code).toBe('TE-102');
        expect(error!.message).toMatch(new RegExp(`'${name}' option of evaluate \\(metric 'x'\\) must be a parameter of '${method}'`));
      }
    }
  });

  it('the library methods check the same options', async () => {
    const ev = new ValorClassification().update({ labels: ['dog', 'cat'], datumUids: ['a', 'b', 'c'], groundTruths: Int32Array.of(0, 1, 0), predictionOffsets: Int32Array.of(0, 2, 4, 6), predictionLabels: Int32Array.of(0, 1, 0, 1, 0, 1), predictionScores: Float64Array.of(0.9, 0.1, 0.6, 0.4, 0.3, 0.7) });
    const result = await ev.compute();
    expect(result.examples({ scoreThresholds: [0, 0.5], offset: 1, limit: 1 }).map((r) => [datumOf(r), r.parameters.score_threshold])).toEqual([['b', 0], ['b', 0.5]]);
    expect(() => result.examples({ limit: 0 })).toThrow(/'limit' option of ValorClassificationResult\.examples must be an integer/);
    expect(() => result.confusionMatrixWithExamples({ offset: -2 })).toThrow(/'offset' option of ValorClassificationResult\.confusionMatrixWithExamples/);
    expect(() => result.precisionRecall({ limit: 1 } as object)).toThrow(/'limit' option of ValorClassificationResult\.precisionRecall must be one of the known options/);
    expect(() => result.confusionMatrix({ offset: 1 } as object)).toThrow(/'offset' option of ValorClassificationResult\.confusionMatrix must be one of the known options/);
  });
});
