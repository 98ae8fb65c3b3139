import { barChart } from './charts';
import { count, esc, figure, table, type Cell } from './html';
import type { TideRun } from './types';
import { renderSvg } from './vega-svg';

/** TIDE's main error types in tidecv's order, with the rule that assigns each (t_f, t_b filled in). */
const MAIN: ReadonlyArray<[key: string, label: string, rule: (tf: string, tb: string) => string]> = [
  ['classification', 'Classification', (tf) => `IoU ≥ ${tf} with a GT of another class`],
  ['localisation', 'Localisation', (tf, tb) => `IoU in [${tb}, ${tf}] with a GT of its own class`],
  ['both', 'Both', (_tf, tb) => `overlaps a GT (IoU > ${tb}) but meets no other rule: wrong class and badly localised`],
  ['duplicate', 'Duplicate', (tf) => `IoU ≥ ${tf} with a GT of its class already matched by a higher-scored detection`],
  ['background', 'Background', (_tf, tb) => `IoU ≤ ${tb} with every GT`],
  ['missed', 'Missed', () => 'GT not matched and not the target of a classification / localisation error'],
];
const SPECIAL: ReadonlyArray<[key: string, label: string, rule: string, short: string]> = [
  ['falsePositive', 'False positives (all)', 'every false positive removed', 'All FP'],
  ['falseNegative', 'False negatives (all)', 'every unmatched GT removed from the positives', 'All FN'],
];

/**
 * The TIDE section of a COCO report, or of a Valor detection run's `TIDE` record (`metricId`): a bar
 * chart of the ΔAP each error type would recover, and a table with each type's rule, count, ΔAP and
 * the AP with that type fixed.
 */
export async function tideSection(tide: TideRun, prefix: string, metricId?: string): Promise<{ id: string; title: string; html: string }> {
  const tf = String(tide.posThreshold), tb = String(tide.bgThreshold);
  const bars = MAIN.map(([key, label]) => ({ label, value: tide.errors[key]?.deltaAP ?? 0, series: 'main errors' }))
    .concat(SPECIAL.map(([key, , , short]) => ({ label: short, value: tide.special[key]?.deltaAP ?? 0, series: 'special' })));
  const top = Math.max(0.01, ...bars.map((b) => b.value));
  const svg = await renderSvg(barChart({
    title: `TIDE error breakdown: ΔAP${Math.round(tide.posThreshold * 100)} each error type would recover`,
    description: `AP at IoU ${tf} gained by fixing each error type alone: ${bars.map((b) => `${b.label} ${b.value.toFixed(3)}`).join(', ')}`,
    xTitle: `ΔAP (AP${Math.round(tide.posThreshold * 100)} = ${tide.ap.toFixed(3)})`, yTitle: 'error type', bars, domain: [0, top],
  }));
  const rows: Cell[][] = MAIN.map(([key, label, rule]) => {
    const e = tide.errors[key];
    return [label, rule(tf, tb), count(e?.count ?? -1), e?.deltaAP ?? -1, e?.fixedAP ?? -1];
  }).concat(SPECIAL.map(([key, label, rule]) => [label, rule, count(-1), tide.special[key]?.deltaAP ?? -1, tide.special[key]?.fixedAP ?? -1]));
  const lane = metricId === undefined ? `(area ${tide.areaRng}, maxDets ${tide.maxDets})` : "(Valor's matching: each prediction locked to its best-IoU groundtruth; AP is Valor's 101-bin mAP over every label)";
  const note = `Each false positive at IoU ${tf} ${lane} gets the first type whose rule it meets, in the table's order; each type is then fixed alone and AP${Math.round(tide.posThreshold * 100)} recomputed (Bolya et al. 2020, tidecv; fixing a classification or localisation error makes the highest-scored one per GT its true positive and removes the others; the other false positives are removed; missed GT leave the positives). ΔAP = max(fixed − ${tide.ap.toFixed(3)}, 0), on AP's 0–1 scale.`;
  const html = `${figure(svg, `ΔAP per TIDE error type (main errors, then tidecv's special errors); AP${Math.round(tide.posThreshold * 100)} ${tide.ap.toFixed(3)}.`)}
${table('TIDE error types: rule, count, ΔAP and AP with that type fixed', ['error type', `rule (t_f = ${tf}, t_b = ${tb})`, 'count', 'ΔAP', 'AP fixed'], rows, { id: `${prefix}tide-table${metricId === undefined ? '' : `-${metricId}`}` })}<p class="note">${esc(note)}</p>`;
  return metricId === undefined
    ? { id: `${prefix}tide`, title: 'Error breakdown (TIDE)', html }
    : { id: `${prefix}tide-${metricId}`, title: `Metric '${metricId}': error breakdown (TIDE)`, html };
}
