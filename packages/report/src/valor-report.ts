import { barChart, heatmap, lineChart, type HeatCell, type LinePoint } from './charts';
import { count, esc, figure, table, type Cell } from './html';
import { chooser, panel } from './page';
import { groupBy, labelOf, paramsText } from './records';
import { tideSection } from './tide-section';
import type { MetricRecord, TideRun } from './types';
import { renderSvg } from './vega-svg';

type Section = { id: string; title: string; html: string };
const MAX_MATRICES = 12;

/** Run-level records (no label, a number): Accuracy, mAP, mROCAUC, mIOU, … */
export function aggregateRows(id: string, records: readonly MetricRecord[]): Cell[][] {
  return records.filter((r) => labelOf(r) === undefined && typeof r.value === 'number' && r.parameters?.evaluator === undefined).map((r) => [id, r.type, paramsText(r) || '–', r.value as number]);
}

/**
 * Per-label table: one column per record type, at the first parameter set each type appears with
 * (the request's first score / IoU threshold); the curves show the other thresholds.
 */
function perLabelTable(id: string, records: readonly MetricRecord[]): string {
  const scalar = records.filter((r) => labelOf(r) !== undefined && typeof r.value === 'number');
  if (scalar.length === 0) return '';
  const columns = new Map<string, string>();
  for (const r of scalar) if (!columns.has(r.type)) columns.set(r.type, paramsText(r));
  const labels = [...new Set(scalar.map((r) => labelOf(r) as string))];
  const cell = new Map<string, number>();
  for (const r of scalar) if (paramsText(r) === columns.get(r.type)) cell.set(`${labelOf(r)}\u0000${r.type}`, r.value as number);
  const headers = ['label', ...[...columns].map(([t, p]) => (p ? `${t} (${p})` : t))];
  const rows = labels.map((l) => [{ html: esc(l), sort: l } as Cell, ...[...columns.keys()].map((t) => cell.get(`${l}\u0000${t}`) ?? -1)]);
  return table(`${id}: per-label results`, headers, rows, { sortable: true });
}

/** PR (and, with Counts that carry tn, ROC) curves over the request's score thresholds, one series per label. */
async function thresholdCurves(id: string, records: readonly MetricRecord[]): Promise<string> {
  const at = (type: string) => records.filter((r) => r.type === type && labelOf(r) !== undefined && typeof r.parameters?.score_threshold === 'number' && r.parameters?.iou_threshold === undefined);
  const precision = at('Precision'), recall = at('Recall'), counts = at('Counts');
  const key = (r: MetricRecord) => `${labelOf(r)}\u0000${paramsText(r)}`;
  const recallBy = new Map(recall.map((r) => [key(r), r.value as number]));
  const pr: LinePoint[] = [];
  for (const p of precision) {
    const rc = recallBy.get(key(p));
    if (rc !== undefined) pr.push({ x: rc, y: p.value as number, series: labelOf(p) as string });
  }
  const roc: LinePoint[] = [];
  for (const [label, list] of groupBy(counts.filter((c) => typeof (c.value as { tn?: number }).tn === 'number'), (c) => labelOf(c) as string)) {
    roc.push({ x: 0, y: 0, series: label });
    for (const c of list) {
      const v = c.value as { tp: number; fp: number; fn: number; tn: number };
      roc.push({ x: v.fp + v.tn > 0 ? v.fp / (v.fp + v.tn) : 0, y: v.tp + v.fn > 0 ? v.tp / (v.tp + v.fn) : 0, series: label });
    }
    roc.push({ x: 1, y: 1, series: label });
  }
  let html = '';
  if (pr.length) html += figure(await renderSvg(lineChart({ title: `${id}: precision-recall per label`, description: `Precision against recall of each label at the request's score thresholds (${id})`, xTitle: 'recall', yTitle: 'precision', points: sortByX(pr), order: 'none' })), 'One point per score threshold of the request, per label.');
  if (roc.length) html += figure(await renderSvg(lineChart({ title: `${id}: ROC per label`, description: `True-positive rate against false-positive rate of each label at the request's score thresholds (${id})`, xTitle: 'false-positive rate', yTitle: 'true-positive rate', points: sortByX(roc), order: 'none' })), 'From the Counts records (tp, fp, fn, tn) at each score threshold, with the (0,0) and (1,1) ends.');
  return html;
}

/** Points ordered by series then x (then y), so each label's line is drawn left to right. */
function sortByX(points: LinePoint[]): LinePoint[] {
  return points.slice().sort((a, b) => (a.series < b.series ? -1 : a.series > b.series ? 1 : a.x - b.x || a.y - b.y));
}

/** Valor detection PR curves: 101 interpolated precisions per IoU threshold and label; a chooser past two thresholds. */
async function detectionCurves(id: string, records: readonly MetricRecord[], group: string): Promise<string> {
  const byIou = [...groupBy(records.filter((r) => r.type === 'PrecisionRecallCurve'), (r) => String(r.parameters?.iou_threshold))];
  const figures: string[] = [];
  for (const [iou, list] of byIou) {
    const points: LinePoint[] = [];
    for (const r of list) {
      const ps = (r.value as { precisions?: number[] }).precisions ?? [];
      for (const [i, y] of ps.entries()) points.push({ x: i / (ps.length - 1 || 1), y, series: labelOf(r) ?? '' });
    }
    figures.push(figure(await renderSvg(lineChart({ title: `${id}: precision-recall at IoU ${iou}`, description: `Interpolated precision at 101 recall points per label, IoU threshold ${iou} (${id})`, xTitle: 'recall', yTitle: 'precision', points })), `Valor PrecisionRecallCurve records, IoU ${iou}.`));
  }
  if (figures.length <= 2) return figures.join('');
  return chooser(group, 'IoU threshold', byIou.map(([iou], i) => ({ value: String(i), label: iou }))) + figures.map((f, i) => panel(group, String(i), i === 0, f)).join('\n');
}

/** Per-label IoU bars of a segmentation run. */
async function iouBars(id: string, records: readonly MetricRecord[]): Promise<string> {
  const ious = records.filter((r) => r.type === 'IOU' && labelOf(r) !== undefined && typeof r.value === 'number');
  if (!ious.length) return '';
  const bars = ious.map((r) => ({ label: labelOf(r) as string, value: r.value as number, series: 'IoU' }));
  return figure(await renderSvg(barChart({ title: `${id}: IoU per class`, description: `Intersection over union of each class (${id})`, xTitle: 'IoU', yTitle: 'class', bars, domain: [0, 1] })), 'IOU records per class.');
}

/** A number from a confusion-matrix entry: a count, `{count}`, `{iou}` or `{ratio}`. */
function entryValue(e: unknown): number {
  if (typeof e === 'number') return e;
  const o = (e ?? {}) as { count?: number; iou?: number; ratio?: number };
  return o.count ?? o.iou ?? o.ratio ?? 0;
}

function entryExamples(e: unknown): string[] {
  const ex = (e as { examples?: Array<Record<string, unknown>> } | undefined)?.examples;
  return Array.isArray(ex) ? ex.map((x) => [x.datum_id, x.ground_truth_id, x.prediction_id].filter((v) => v !== undefined).join('/')) : [];
}

const MISSED = 'missed';
const HALLUCINATED = 'hallucination';

/**
 * A confusion-matrix record as a heat map, rows = ground truth, columns = prediction, plus a
 * hallucination row (unmatched predictions) and a missed column (unmatched ground truths); with
 * examples, a table of the example ids of every non-empty off-diagonal cell.
 */
async function matrixFigure(id: string, r: MetricRecord): Promise<string> {
  const v = r.value as { confusion_matrix?: Record<string, Record<string, unknown>>; unmatched_predictions?: Record<string, unknown>; unmatched_ground_truths?: Record<string, unknown> };
  const cm = v.confusion_matrix ?? {};
  const labels = Object.keys(cm);
  const iou = labels.some((g) => Object.values(cm[g] ?? {}).some((e) => typeof e === 'object' && e !== null && 'iou' in e));
  const cells: HeatCell[] = [];
  const fmt = (x: number) => (iou ? x.toFixed(2) : String(x));
  const cellValue = (x: number): Cell => (iou ? x : count(x));
  const examples: Cell[][] = [];
  // One heat-map cell; `listed`: its example ids go to the error table (not the diagonal's correct predictions).
  const add = (row: string, col: string, e: unknown, listed: boolean): void => {
    const value = entryValue(e);
    cells.push({ row, col, value, text: fmt(value) });
    const ids = entryExamples(e);
    if (listed && ids.length) examples.push([row, col, cellValue(value), ids.slice(0, 5).join(', ')]);
  };
  for (const g of labels) for (const p of labels) add(g, p, cm[g]?.[p], g !== p);
  const cols = [...labels], rows = [...labels];
  if (v.unmatched_ground_truths) {
    cols.push(MISSED);
    for (const g of labels) add(g, MISSED, v.unmatched_ground_truths[g], true);
  }
  if (v.unmatched_predictions) {
    rows.push(HALLUCINATED);
    for (const p of labels) add(HALLUCINATED, p, v.unmatched_predictions[p], true);
  }
  const what = iou ? 'IoU (unmatched: ratio of pixels)' : 'counts';
  const params = paramsText(r, []);
  const svg = await renderSvg(heatmap({ title: `${id}: confusion matrix${params ? ` (${params})` : ''}`, description: `Confusion matrix of ${labels.length} labels, ${what}; rows are ground truth, columns predictions${params ? `, ${params}` : ''}`, xTitle: 'prediction', yTitle: 'ground truth', cells, rows, cols }));
  const extra = `${v.unmatched_predictions ? ` Row '${HALLUCINATED}': predictions that matched no ground truth.` : ''}${v.unmatched_ground_truths ? ` Column '${MISSED}': ground truths that no prediction matched.` : ''}`;
  let html = figure(svg, `Rows: ground truth; columns: prediction; ${what}.${extra}`);
  if (examples.length) html += table(`${id}: example ids of the errors${params ? ` (${params})` : ''}`, ['ground truth', 'prediction', 'count', 'examples (datum / ground truth / prediction)'], examples);
  return html;
}

async function matrices(id: string, records: readonly MetricRecord[], group: string): Promise<string> {
  const list = records.filter((r) => (r.type === 'ConfusionMatrix' || r.type === 'ConfusionMatrixWithExamples') && typeof r.value === 'object').slice(0, MAX_MATRICES);
  if (!list.length) return '';
  if (list.length === 1) return matrixFigure(id, list[0] as MetricRecord);
  const panels: string[] = [];
  for (let i = 0; i < list.length; i++) panels.push(panel(group, String(i), i === 0, await matrixFigure(id, list[i] as MetricRecord)));
  return chooser(group, 'Parameters', list.map((r, i) => ({ value: String(i), label: paramsText(r, []) || String(i) }))) + panels.join('\n');
}

/** Sections for one Valor-shaped metric output (classification, detection or segmentation); `prefix` keeps anchors and choosers of compared runs apart. */
export async function valorSections(id: string, records: readonly MetricRecord[], prefix: string): Promise<Section[]> {
  const tide = records.find((r) => r.type === 'TIDE' && typeof r.value === 'object' && r.value !== null);
  if (tide) return [await tideSection(tide.value as TideRun, prefix, id)];
  const parts = [perLabelTable(id, records), await thresholdCurves(id, records), await detectionCurves(id, records, `${prefix}pr-${id}`), await iouBars(id, records), await matrices(id, records, `${prefix}cm-${id}`)].filter((s) => s !== '');
  if (!parts.length) return [];
  return [{ id: `${prefix}m-${id}`, title: `Metric '${id}'`, html: parts.join('\n') }];
}
