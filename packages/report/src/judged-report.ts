import { histogram } from './charts';
import { count, esc, figure, num, table, type Cell } from './html';
import type { MetricRecord, ReportRun } from './types';
import { renderSvg } from './vega-svg';
import { verdictText } from './verdict-text';

type Section = { id: string; title: string; html: string };

/** Judged metrics where a higher score is worse; for these the "worst" datums are the highest. */
const LOWER_IS_BETTER = new Set(['Hallucination', 'Bias', 'Toxicity', 'NoiseSensitivity']);
const WORST = 5;

/** A per-datum output: one record per datum, scores or Error records (judged and text metrics). */
export function isPerDatum(records: readonly MetricRecord[]): boolean {
  return records.length > 0 && records.every((r) => r.type === 'Error' || (typeof r.value === 'number' && r.parameters?.label === undefined && r.parameters?.score_threshold === undefined && r.parameters?.iou_threshold === undefined)) && records.some((r) => r.type === 'Error' || r.parameters?.evaluator !== undefined);
}

interface DatumText { uid: string; query?: string; response?: string }

/** The request's datums (uid, query, response), to show next to the records they are aligned with. */
function datumsOf(request: unknown): DatumText[] {
  const datums = (request as { data?: { datums?: unknown[] } } | undefined)?.data?.datums;
  if (!Array.isArray(datums)) return [];
  return datums.map((d, i) => {
    const o = (d ?? {}) as Record<string, unknown>;
    return { uid: String(o.uid ?? i), ...(typeof o.query === 'string' ? { query: o.query } : {}), ...(typeof o.response === 'string' ? { response: o.response } : typeof o.text === 'string' ? { response: o.text } : {}) };
  });
}

/** Whether the records came from a judge (they name an evaluator), so verdicts could exist. */
const isJudged = (records: readonly MetricRecord[]) => records.some((r) => r.parameters?.evaluator !== undefined);

const clip = (s: string | undefined, n = 300) => (s === undefined ? '–' : s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * The sections of a judged or text run: per metric, the score distribution, mean / min / max and
 * counts, the Error records with their reasons, and the worst datums with their query and response
 * (when the request is known); one summary table of token and cost totals.
 */
export async function judgedSections(run: ReportRun, outputs: ReadonlyArray<[string, MetricRecord[]]>, prefix: string): Promise<Section[]> {
  const datums = datumsOf(run.request);
  const out: Section[] = [];
  const aggregates: Cell[][] = [];
  for (const [id, records] of outputs) {
    const scores = records.map((r, i) => ({ r, i })).filter(({ r }) => r.type !== 'Error' && typeof r.value === 'number' && Number.isFinite(r.value));
    const errors = records.map((r, i) => ({ r, i })).filter(({ r }) => r.type === 'Error');
    const type = scores[0]?.r.type ?? errors[0]?.r.type ?? id;
    const values = scores.map((s) => s.r.value as number);
    const mean = values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
    aggregates.push([id, type, count(records.length), count(values.length), count(errors.length), mean, values.length ? Math.min(...values) : NaN, values.length ? Math.max(...values) : NaN]);
    let html = '';
    if (values.length) html += figure(await renderSvg(histogram({ title: `${id}: distribution of ${type}`, description: `Histogram of ${values.length} ${type} scores (${id}); mean ${num(mean)}`, xTitle: type, yTitle: 'datums', values: values.map((v) => ({ value: v, series: run.name })) })), `${values.length} scores, mean ${num(mean)}.`);
    const verdicts = run.judgeVerdicts && Object.hasOwn(run.judgeVerdicts, id) ? run.judgeVerdicts[id] : undefined;
    if (errors.length) {
      html += table(`${id}: Error records (${errors.length})`, ['datum', 'error', 'reason', 'judge reply'], errors.map(({ r, i }) => {
        const v = (r.value ?? {}) as { type?: string; message?: string };
        return [datums[i]?.uid ?? String(i), v.type ?? 'Error', clip(v.message, 400), verdictText(verdicts?.[i])];
      }));
    }
    const worstFirst = LOWER_IS_BETTER.has(type) ? (a: number, b: number) => b - a : (a: number, b: number) => a - b;
    const worst = scores.slice().sort((a, b) => worstFirst(a.r.value as number, b.r.value as number)).slice(0, WORST);
    if (worst.length) {
      html += table(`${id}: worst datums (${LOWER_IS_BETTER.has(type) ? 'highest' : 'lowest'} ${type})`, ['datum', type, 'query', 'response', 'judge', 'verdict'], worst.map(({ r, i }) => [
        datums[i]?.uid ?? String(i), r.value as number, clip(datums[i]?.query), clip(datums[i]?.response), `${r.parameters?.evaluator ?? '–'} (retries ${r.parameters?.retries ?? 0})`,
        verdictText(verdicts?.[i]),
      ]));
      if (!verdicts && isJudged(records)) html += '<p class="note">The judge\'s verdicts are known for a run reported as it ran (<code>--report</code>) or with its <code>evaluate --judge-log</code> file (<code>tensoreval report --judge-log</code>).</p>';
      if (!datums.length) html += '<p class="note">The request was not given, so datums are shown by position (use <code>--request</code> with <code>tensoreval report</code>).</p>';
    }
    out.push({ id: `${prefix}j-${id}`, title: `Metric '${id}' (${type})`, html });
  }
  const s = run.judgeSummary;
  const totals = s ? `<p class="note">Judge: ${esc(s.records)} records, ${esc(s.errors)} errors, ${esc(s.usage.calls)} calls (${esc(s.usage.cachedCalls ?? 0)} cached), ${esc(s.usage.promptTokens)} prompt + ${esc(s.usage.completionTokens)} completion tokens${s.usage.costUsd === null ? ', cost unknown (no pricing given)' : `, cost ~$${s.usage.costUsd.toFixed(4)}`}.</p>` : '<p class="note">Token and cost totals are known for a run reported as it ran (<code>--report</code>) or with its <code>evaluate --judge-log</code> file.</p>';
  out.unshift({ id: `${prefix}j-summary`, title: 'Judged and text metrics: run-level aggregates', html: table('Per metric: records, scores, errors and the mean / min / max score', ['metric', 'type', 'records', 'scores', 'errors', 'mean', 'min', 'max'], aggregates) + totals });
  return out;
}
