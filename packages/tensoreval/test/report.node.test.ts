import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCi } from '@tensoreval/core/testing';
import { runCli } from '../src/cli/run-cli';
import { COCO_DIR, makeReports, type MadeReports } from './report-fixtures';

// Reports from the CLI: what they contain, the curves RESULT.json carries for them, and bad input.
// Then the same reports are opened in Chromium (skipped where none is installed, except on CI).

let made: MadeReports;
// every report of the suite is made once, through the CLI (COCO with TIDE, Valor, judged): minutes on a busy 2-core machine
beforeAll(async () => {
  made = await makeReports();
}, 400_000);

const html = (file: string) => readFileSync(file, 'utf8');
const sectionOf = (page: string, id: string) => page.slice(page.indexOf(`<section id="${id}"`), page.indexOf('</section>', page.indexOf(`<section id="${id}"`)));

describe('COCO report', () => {
  it('RESULT.json carries the PR curves of pycocotools accumulate (IoU .50, .75 and the mean over IoUs)', () => {
    const result = JSON.parse(html(made.coco.json)) as { curves: { recThrs: number[]; perCategory: Array<{ categoryId: number; pr50: number[]; pr75: number[]; prMean: number[]; score50: number[]; apBySize: number[] }> } };
    const ref = JSON.parse(readFileSync(`${COCO_DIR}cocoapi_val2014_100.bbox.precision.json`, 'utf8')) as { catIds: number[]; iouThrs: number[]; precision_all_100: number[][][] };
    const c = result.curves;
    expect(c.perCategory.map((x) => x.categoryId)).toEqual(ref.catIds);
    expect(c.recThrs).toHaveLength(101);
    const t75 = ref.iouThrs.findIndex((t) => Math.abs(t - 0.75) < 1e-12);
    c.perCategory.forEach((cat, k) => {
      for (let r = 0; r < 101; r++) {
        const column = ref.precision_all_100.map((byR) => byR[r]?.[k] as number);
        expect(cat.pr50[r]).toBeCloseTo(column[0] as number, 4);
        expect(cat.pr75[r]).toBeCloseTo(column[t75] as number, 4);
        const present = column.filter((v) => v > -1);
        expect(cat.prMean[r]).toBeCloseTo(present.length ? present.reduce((a, b) => a + b, 0) / present.length : -1, 4);
      }
    });
  });

  it('RESULT.json carries each category\'s F1 sweep, whose best point is the F1-optimal score of classF1', () => {
    const result = JSON.parse(html(made.coco.json)) as {
      classF1: { perCategory: Array<{ bestF1: number; bestThreshold: number | null }> };
      curves: { perCategory: Array<{ f1?: { score: number[]; precision: number[]; recall: number[] } }> };
    };
    result.curves.perCategory.forEach((c, k) => {
      const exact = result.classF1.perCategory[k];
      const f1 = c.f1 as { score: number[]; precision: number[]; recall: number[] };
      expect(f1.score.length).toBeLessThanOrEqual(201);
      const values = f1.score.map((_, i) => { const p = f1.precision[i] as number, r = f1.recall[i] as number; return p + r > 0 ? (2 * p * r) / (p + r) : 0; });
      const best = values.reduce((b, v, i) => (v > (values[b] as number) ? i : b), 0);
      if (exact?.bestThreshold === null) expect(values.every((v) => v === 0)).toBe(true);
      else {
        expect(values[best]).toBeCloseTo(exact?.bestF1 as number, 4);
        expect(f1.score[best]).toBeCloseTo(exact?.bestThreshold as number, 4);
      }
    });
  });

  it('has the summary, the sortable per-category table with every category, size bars and the curves', () => {
    const page = html(made.coco.html);
    const result = JSON.parse(html(made.coco.json)) as { stats: number[]; perCategory: Array<{ name: string }> };
    expect(statSync(made.coco.html).size).toBeLessThan(5 * 1024 * 1024);
    expect(sectionOf(page, 'summary')).toContain(result.stats[0]?.toFixed(3));
    const classes = sectionOf(page, 'classes');
    expect(classes).toContain('class="sortable"');
    expect(classes.match(/<tr>/g)).toHaveLength(result.perCategory.length + 1);
    for (const name of ['person', 'giraffe', 'toothbrush']) expect(classes).toContain(`>${name}<`);
    expect(sectionOf(page, 'size')).toContain('<svg');
    // small multiples + one PR and one F1 chart per category in the chooser
    expect(sectionOf(page, 'curves').match(/<svg /g)).toHaveLength(1 + 2 * result.perCategory.length);
    expect(page).toContain('best F1');
  });

  it('RESULT.json carries the TIDE breakdown (asked by --report) and the report draws it: ΔAP bars and the table', () => {
    const result = JSON.parse(html(made.coco.json)) as { stats: number[]; tide: { ap: number; errors: Record<string, { count: number; deltaAP: number }> } };
    expect(result.tide.ap).toBe(result.stats[1]);
    expect(Object.keys(result.tide.errors)).toEqual(['classification', 'localisation', 'both', 'duplicate', 'background', 'missed']);
    const tide = sectionOf(html(made.coco.html), 'tide');
    expect(tide).toContain('<svg');
    expect(tide).toContain('TIDE error breakdown');
    for (const label of ['Classification', 'Localisation', 'Both', 'Duplicate', 'Background', 'Missed']) expect(tide).toContain(`<td>${label}</td>`);
    expect(tide).toContain(result.tide.errors.localisation?.deltaAP.toFixed(3));
    // a run saved without --tide / --report has no breakdown, and its report no section
    const pruned = JSON.parse(readFileSync(join(made.dir, 'pruned.json'), 'utf8')) as { tide?: unknown };
    expect(pruned.tide).toBeUndefined();
  });

  it('is self-contained: no external resources, and a policy that forbids fetching any', () => {
    for (const file of [made.coco.html, made.compare.html, made.valor.cls.html, made.judged.html]) {
      const page = html(file);
      expect(page).toContain("default-src 'none'");
      expect(page).not.toMatch(/<(script|link|img|iframe)[^>]*\s(src|href)=/i);
      expect(page.replace(/xmlns(:xlink)?="http:\/\/www\.w3\.org\/[^"]+"/g, '')).not.toMatch(/https?:\/\//);
    }
  });

  it('compares two runs: stats and per-category AP with deltas, ΔAP bars and overlaid PR curves', () => {
    const page = html(made.compare.html);
    const compare = sectionOf(page, 'compare');
    expect(compare).toContain('baseline');
    expect(compare).toContain('pruned');
    expect(compare).toContain('ΔAP per category');
    expect(compare).toMatch(/class="num (up|down)"/);
    expect(compare.match(/<svg /g)?.length).toBeGreaterThanOrEqual(3);
    // each run's own sections follow, with distinct anchors
    expect(page).toContain('id="r0-classes"');
    expect(page).toContain('id="r1-classes"');
  });
});

describe('evaluate reports', () => {
  it('classification: per-label table, PR and ROC curves, confusion matrices', () => {
    const page = html(made.valor.cls.html);
    expect(page).toContain('precision-recall per label');
    expect(page).toContain('ROC per label');
    expect(page).toContain('confusion matrix');
    expect(page).toContain('per-label results');
    expect(page).toContain('mROCAUC');
  });

  it('detection: PR curves per IoU, confusion matrix with hallucination / missed and example ids', () => {
    const page = html(made.valor.od.html);
    expect(page).toContain('precision-recall at IoU 0.5');
    expect(page).toContain("Row 'hallucination': predictions that matched no ground truth.");
    expect(page).toContain("Column 'missed': ground truths that no prediction matched.");
    expect(page).toContain('example ids of the errors');
  });

  it('detection: the TIDE breakdown on Valor\'s matching, whose AP is the run\'s own mAP at IoU 0.5', () => {
    const result = JSON.parse(html(made.valor.od.json)) as Record<string, unknown>;
    const [tide] = result.errors as Array<{ type: string; value: { ap: number; errors: Record<string, { count: number; deltaAP: number }> } }>;
    expect(tide?.type).toBe('TIDE');
    const mAP = Object.values(result).flatMap((o) => (o && typeof o === 'object' && !Array.isArray(o) ? ((o as { mAP?: Array<{ value: number; parameters: { iou_threshold: number } }> }).mAP ?? []) : []))
      .find((r) => r.parameters.iou_threshold === 0.5);
    expect(mAP).toBeDefined();
    expect(tide?.value.ap).toBe(mAP?.value);
    expect(Object.keys(tide?.value.errors ?? {})).toEqual(['classification', 'localisation', 'both', 'duplicate', 'background', 'missed']);
    const page = html(made.valor.od.html);
    const section = sectionOf(page, 'tide-errors');
    expect(section).toContain("Metric 'errors': error breakdown (TIDE)");
    expect(section).toContain("Valor's matching");
    expect(section).toMatch(/<svg role="img" aria-label="AP at IoU 0\.5 gained by fixing each error type/);
    expect(section.match(/<tr>/g)?.length).toBe(9); // header + 6 error types + 2 special
  });

  it('segmentation: IoU bars per class and the IoU confusion matrix', () => {
    const page = html(made.valor.seg.html);
    expect(page).toContain('IoU per class');
    expect(page).toContain('confusion matrix');
    expect(page).toContain('mIOU');
  });

  it('judged run: distribution, aggregates, Error records with reasons, worst datums, tokens and cost', () => {
    const page = html(made.judged.html);
    const records = (JSON.parse(html(made.judged.json)) as { hal: Array<{ type: string }> }).hal;
    const errors = records.filter((r) => r.type === 'Error').length;
    expect(errors).toBe(1);
    expect(page).toContain('distribution of Hallucination');
    expect(page).toContain('Error records (1)');
    expect(page).toContain('InvalidLLMResponseError');
    expect(page).toContain('worst datums (highest Hallucination)');
    expect(page).toContain('question 3?');
    expect(page).toMatch(/4 calls \(0 cached\), \d+ prompt \+ \d+ completion tokens, cost ~\$\d/);
    // the judge's verdicts beside the worst datums, and its unparsable reply beside the Error record
    const worst = page.slice(page.indexOf('worst datums (highest Hallucination)'));
    expect(worst).toMatch(/question 3\?.*no: contradicts · no: contradicts/s);
    expect(worst).toMatch(/question 0\?.*yes: ok · no: contradicts/s);
    const errorTable = page.slice(page.indexOf('Error records (1)'), page.indexOf('worst datums'));
    expect(errorTable).toContain('no json at all');
  });

  it('evaluate --judge-log keeps the summary and one verdict per record, aligned with the datums', () => {
    const log = JSON.parse(html(made.judged.log)) as { summary: { usage: { calls: number } }; verdicts: { hal: Array<string | null> } };
    expect(log.summary.usage.calls).toBe(4);
    expect(log.verdicts.hal).toHaveLength(4);
    expect(log.verdicts.hal[2]).toBe('no json at all');
    expect(JSON.parse(log.verdicts.hal[3] as string).verdicts).toHaveLength(2);
  });

  it('tensoreval report pairs saved judged records with their datums through --request', async () => {
    const out = join(made.dir, 'judged-saved.html');
    expect(await runCli(['report', made.judged.json, '--request', made.judged.request, '--out', out])).toBe(0);
    const page = html(out);
    expect(page).toContain('question 3?');
    expect(page).toContain('Token and cost totals are known for a run reported as it ran');
    expect(page).toContain("The judge's verdicts are known for a run reported as it ran");
  });

  it('tensoreval report shows the verdicts and totals of a saved judged run through --judge-log', async () => {
    const out = join(made.dir, 'judged-saved-log.html');
    expect(await runCli(['report', made.judged.json, '--request', made.judged.request, '--judge-log', made.judged.log, '--out', out])).toBe(0);
    const page = html(out);
    expect(page).toMatch(/question 3\?.*no: contradicts · no: contradicts/s);
    expect(page).toMatch(/4 calls \(0 cached\)/);
    expect(page).not.toContain("The judge's verdicts are known for");
  });

  it('refuses a --judge-log that is not one, and --judge-log on a request that is not judged, before any work', async () => {
    const bad = join(made.dir, 'not-a-log.json');
    writeFileSync(bad, JSON.stringify({ verdicts: { hal: [1, 2] } }));
    await expect(runCli(['report', made.judged.json, '--judge-log', bad, '--out', join(made.dir, 'x.html')])).rejects.toThrow(/not-a-log\.json.*judge-log.*TE-204/);
    await expect(runCli(['evaluate', join(made.dir, 'cls-request.json'), '--judge-log', join(made.dir, 'cls-log.json'), '--quiet'])).rejects.toThrow(/--judge-log.*text_generation.*TE-103/);
    expect(existsSync(join(made.dir, 'cls-log.json'))).toBe(false);
  });
});

describe('comparing evaluate runs', () => {
  it('lists every run-level number of each run with its delta, and keeps the runs\' choosers apart', async () => {
    const out = join(made.dir, 'od-compare.html');
    expect(await runCli(['report', made.valor.od.json, made.judged.json, '--out', out])).toBe(0);
    const page = html(out);
    const compare = sectionOf(page, 'compare');
    expect(compare).toContain('Every number of the runs, against od');
    expect(compare).toMatch(/precision_recall · mAP \(iou_threshold=0\.5\)/);
    expect(compare).toContain('hal · mean Hallucination');
    expect(page).toContain('data-chooser="r0-pr-precision_recall"');
    expect(page).not.toContain('data-chooser="r1-pr-precision_recall"');
  });
});

describe('tensoreval report: bad input', () => {
  it('names the missing --out, an unreadable run and runs of two kinds', async () => {
    await expect(runCli(['report', made.coco.json])).rejects.toThrow(/'--out' option of tensoreval report .*TE-101/);
    await expect(runCli(['report', join(made.dir, 'missing.json'), '--out', join(made.dir, 'x.html')])).rejects.toThrow(/missing\.json.*readable file.*TE-209/);
    await expect(runCli(['report', made.coco.json, made.valor.cls.json, '--out', join(made.dir, 'x.html')])).rejects.toThrow(/cls\.json.*one kind.*TE-204/);
    await expect(runCli(['report', made.coco.json, '--out', join(made.dir, 'x.html'), '--request', 'a.json,b.json'])).rejects.toThrow(/--request.*TE-103/);
  });
});

// ---- In a real browser: Debian's chromium driven by playwright-core (no browser download) ----

const CHROMIUM = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
/** Screenshots to look at (gitignored); CI keeps them as artifacts. */
const ARTIFACTS = fileURLToPath(new URL('../../../test-artifacts/report/', import.meta.url));

if (!CHROMIUM && inCi()) {
  // CI installs chromium (.ci/run): its absence there is a failure, not a skip
  it('finds chromium on CI', () => {
    expect(CHROMIUM, 'chromium is not installed; .ci/run installs it with apt-get').toBeDefined();
  });
}

describe.skipIf(!CHROMIUM)('reports in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens a report; collects console errors, page errors and every request that is not the file itself. */
  async function open(file: string, name: string): Promise<{ page: Page; problems: string[]; shoot: () => Promise<void> }> {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('request', (r) => { if (r.url() !== `file://${file}`) problems.push(`request: ${r.url()}`); });
    await page.goto(`file://${file}`, { waitUntil: 'load' });
    return { page, problems, shoot: async () => { await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false }); } };
  }

  it('COCO: charts drawn, table sorts and filters, chooser switches, no errors or requests', async () => {
    const { page, problems, shoot } = await open(made.coco.html, 'coco');
    const result = JSON.parse(html(made.coco.json)) as { perCategory: Array<{ name: string; AP: number }> };
    expect(await page.locator('#classes tbody tr').count()).toBe(result.perCategory.length);
    expect(await page.locator('svg[aria-label]').count()).toBeGreaterThanOrEqual(2 + 2 * result.perCategory.length);
    // the first charts (size bars, the grid, the first category's pair) have a visible size
    const sizes = await page.locator('figure svg').evaluateAll((els) => els.slice(0, 4).map((e) => e.getBoundingClientRect().width * e.getBoundingClientRect().height));
    expect(sizes.every((a) => a > 1000)).toBe(true);
    await shoot();
    // sort by AP, descending: the first row is the best category
    await page.locator('#class-table th', { hasText: /^AP$/ }).click();
    const best = result.perCategory.filter((c) => c.AP >= 0).reduce((a, b) => (b.AP > a.AP ? b : a));
    expect(await page.locator('#class-table tbody tr').first().locator('td').first().textContent()).toBe(best.name);
    await page.locator('#classes input[data-filter]').fill('giraffe');
    expect(await page.locator('#class-table tbody tr:visible').count()).toBe(1);
    // the chooser shows one category's panel at a time
    const chooser = page.locator('select[data-chooser="pr"]');
    await chooser.selectOption('1');
    expect(await page.locator('[data-group="pr"]:visible').count()).toBe(1);
    expect(await page.locator('[data-group="pr"][data-panel="1"]').isVisible()).toBe(true);
    // printed: every category's panel shows and the controls hide
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('[data-group="pr"]:visible').count()).toBe(result.perCategory.length);
    expect(await page.locator('select[data-chooser="pr"]').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.locator('#curves').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'coco-curves.png') });
    await page.locator('select[data-chooser="pr"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'coco-chooser.png') });
    // the TIDE error breakdown: its chart drawn with a visible size, six error rows and two special ones
    const tideChart = page.locator('#tide figure svg[aria-label]');
    expect(await tideChart.count()).toBe(1);
    const box = await tideChart.boundingBox();
    expect((box?.width ?? 0) * (box?.height ?? 0)).toBeGreaterThan(1000);
    expect(await page.locator('#tide-table tbody tr').count()).toBe(8);
    await page.locator('#tide').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'coco-tide.png') });
    expect(problems).toEqual([]);
  });

  it('comparison, classification, detection, segmentation and judged reports open cleanly', async () => {
    const pages: Array<[string, string, string]> = [
      [made.compare.html, 'compare', '#compare svg'],
      [made.valor.cls.html, 'classification', 'svg[aria-label*="confusion matrix" i]'],
      [made.valor.od.html, 'detection', 'svg[aria-label*="Interpolated precision"]'],
      [made.valor.od.html, 'detection-tide', '#tide-errors svg[aria-label*="gained by fixing each error type"]'],
      [made.valor.seg.html, 'segmentation', 'svg[aria-label*="Intersection over union"]'],
      [made.judged.html, 'judged', 'svg[aria-label*="Histogram"]'],
    ];
    for (const [file, name, selector] of pages) {
      const { page, problems, shoot } = await open(file, name);
      expect(await page.locator(selector).count(), `${name}: ${selector}`).toBeGreaterThan(0);
      // headings and every chart's text alternative are there
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('svg:not([aria-label])').count(), `${name}: charts without a text alternative`).toBe(0);
      await shoot();
      await page.locator(selector).first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, `${name}-chart.png`) });
      expect(problems, name).toEqual([]);
    }
  });
});
