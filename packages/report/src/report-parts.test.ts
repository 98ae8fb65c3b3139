import { describe, expect, it } from 'vitest';
import { bestOnCurve, f1Curve } from './coco-report';
import { count, esc, num } from './html';
import { isPerDatum } from './judged-report';
import { paramsText, recordsOf } from './records';
import { renderSvg } from './vega-svg';
import { verdictText } from './verdict-text';

describe('report parts', () => {
  it('escapes text for HTML and formats absent numbers as a dash', () => {
    expect(esc('<a href="x">&</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
    expect([num(-1), num(NaN), num(null), num(0.12345), num(1)]).toEqual(['–', '–', '–', '0.123', '1.000']);
    expect([count(-1), count(7)]).toEqual([{ html: '–', sort: '' }, { html: '<span class="num">7</span>', sort: 7 }]);
  });

  it('reads both Valor output shapes and names parameters without the label', () => {
    const rec = { type: 'Precision', value: 0.5, parameters: { label: 'cat', score_threshold: 0.5 } };
    expect(recordsOf([rec, 3])).toEqual([rec]);
    expect(recordsOf({ Precision: [rec], junk: 1 })).toEqual([rec]);
    expect(paramsText(rec)).toBe('score_threshold=0.5');
    expect(isPerDatum([{ type: 'Hallucination', value: 0.5, parameters: { evaluator: 'm', retries: 0 } }, { type: 'Error', value: { type: 'X' } }])).toBe(true);
    expect(isPerDatum([rec])).toBe(false);
  });

  it('samples F1 against score from the PR arrays when the run has no sweep, and finds its best point', () => {
    const curves = { recThrs: [0, 0.5, 1], areaRngLbl: [], perCategory: [{ categoryId: 1, pr50: [1, 0.5, 0], pr75: [], prMean: [], score50: [0.9, 0.4, 0], apBySize: [] }] };
    const f1 = f1Curve(curves, 0);
    // recall 1 is never reached (precision 0): left out
    expect(f1).toEqual([{ score: 0.9, precision: 1, recall: 0, f1: 0 }, { score: 0.4, precision: 0.5, recall: 0.5, f1: 0.5 }]);
    expect(bestOnCurve(f1)).toMatchObject({ score: 0.4, f1: 0.5 });
    expect(bestOnCurve([{ score: 1, precision: 0, recall: 0, f1: 0 }])).toBeUndefined();
  });

  it('renders SVG with a text alternative and ids unique to each chart', async () => {
    const spec = { description: 'a <test> chart', data: { values: [{ x: 0, y: 1 }, { x: 1, y: 0 }] }, mark: { type: 'line', clip: true }, encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative' } } };
    const [a, b] = [await renderSvg(spec), await renderSvg(spec)];
    expect(a.startsWith('<svg role="img" aria-label="a &lt;test&gt; chart"')).toBe(true);
    expect(a).toContain('<title>a &lt;test&gt; chart</title>');
    const ids = (svg: string) => [...svg.matchAll(/\bid="([^"]+)"/g)].map((m) => m[1]);
    // clipped marks reference a clipPath by id
    expect(ids(a).length).toBeGreaterThan(0);
    expect(a).toMatch(/clip-path="url\(#c\d+-/);
    const shared = ids(a).filter((id) => ids(b).includes(id));
    expect(shared).toEqual([]);
  });

  it('charts of one shape share a compiled view yet each shows its own data and title', async () => {
    const chart = (title: string, y: number) => ({ title, data: { values: [{ x: 0, y }, { x: 1, y }] }, mark: 'point', encoding: { x: { field: 'x', type: 'quantitative' }, y: { field: 'y', type: 'quantitative', scale: { domain: [0, 10] } } } });
    const [a, b, a2] = [await renderSvg(chart('first', 2)), await renderSvg(chart('second', 8)), await renderSvg(chart('first', 2))];
    expect(a).toContain('>first<');
    expect(b).toContain('>second<');
    expect(b).not.toContain('>first<');
    // the same spec draws the same picture whatever was drawn in between (ids aside)
    const bare = (svg: string) => svg.replace(/c\d+-/g, '');
    expect(bare(a2)).toBe(bare(a));
    expect(bare(b)).not.toBe(bare(a));
  });
});

describe('judge verdicts in tables', () => {
  it('reads Valor / DeepEval verdict lists, lone verdicts, fenced JSON, plain text and absent replies', () => {
    expect(verdictText(JSON.stringify({ verdicts: [{ verdict: 'yes', analysis: 'stated in c1' }, { verdict: 'no', reason: 'c2 says otherwise' }] }))).toBe('yes: stated in c1 · no: c2 says otherwise');
    expect(verdictText('Sure.\n```json\n{"verdict": "idk", "reason": null}\n```')).toBe('idk');
    expect(verdictText('[{"verdict": "no"}, "free text"]')).toBe('no · free text');
    expect(verdictText('{"score": 3}')).toBe('{"score":3}');
    expect(verdictText('  no json at all ')).toBe('no json at all');
    expect(verdictText(null)).toBe('–');
    const long = verdictText('x'.repeat(1000));
    expect(long).toHaveLength(400);
    expect(long.endsWith('…')).toBe(true);
  });
});
