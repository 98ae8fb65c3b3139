import { invalidInput, ownValue, setOwn } from '@tensoreval/core';
import { mean } from '../valor/metric-record';

/** One part (sentence) of a generated answer and the passage ids it cites. */
export interface CitedPart {
  text: string;
  citations: readonly string[];
}

/** Support label a judge gives one (part, cited passage) pair. */
export type CitationSupport = 'full_support' | 'partial_support' | 'no_support';

const SUPPORT_SCORE: Record<CitationSupport, number> = { full_support: 1, partial_support: 0.5, no_support: 0 };

/** One judge call: part index (0-based) and the cited passage id. */
export interface CitationPair {
  part: number;
  citation: string;
}

/** Citation scores; per-part keys are 1-based part numbers, as in the reference output. */
export interface CitationScores {
  weightedPrecision: number;
  weightedRecall: number;
  f1: number;
  perCitation: Record<string, number>;
  perPart: Record<string, number>;
}

function passageAvailable(passages: Readonly<Record<string, string>>, id: string): boolean {
  const text = Object.prototype.hasOwnProperty.call(passages, id) ? passages[id] : undefined;
  return typeof text === 'string' && text.length > 0;
}

/**
 * The (part, citation) pairs that need a judge label, in open-rag-eval's call order: parts in
 * order, each part's citations in order, skipping citations whose passage is missing or empty.
 */
export function citationJudgeCalls(parts: readonly CitedPart[], passages: Readonly<Record<string, string>>): CitationPair[] {
  const calls: CitationPair[] = [];
  parts.forEach((p, part) => {
    for (const citation of p.citations) if (passageAvailable(passages, citation)) calls.push({ part, citation });
  });
  return calls;
}

/**
 * Citation weighted precision / recall / F1 as open-rag-eval's `CitationMetric.compute` scores them.
 * full_support = 1, partial_support = 0.5, no_support = 0. A part with no citations scores 0 (and
 * counts in recall); a part whose citations all point at missing passages gets no entry.
 * precision = mean over cited passage ids of their mean score; recall = mean over parts with an
 * entry; F1 = 2PR/(P+R); each 0 when undefined.
 *
 * @param parts - the answer parts.
 * @param passages - passage id → text.
 * @param labels - one label per pair of {@link citationJudgeCalls}, in that order.
 */
export function citationScores(
  parts: readonly CitedPart[],
  passages: Readonly<Record<string, string>>,
  labels: readonly CitationSupport[],
): CitationScores {
  const fn = 'citationScores';
  const calls = citationJudgeCalls(parts, passages);
  if (labels.length !== calls.length) {
    throw invalidInput(fn, 'labels', `hold one label per judged (part, citation) pair (${calls.length})`, `${labels.length} labels`, 'TE-202');
  }
  const byCitation = new Map<string, number[]>();
  const byPart = new Map<number, number[]>();
  parts.forEach((p, i) => {
    if (p.citations.length === 0) byPart.set(i, [0]);
  });
  calls.forEach((call, i) => {
    const label = labels[i] as CitationSupport;
    const score = ownValue(SUPPORT_SCORE, label);
    if (score === undefined) throw invalidInput(fn, { argument: 'labels', index: i }, "be 'full_support', 'partial_support' or 'no_support'", JSON.stringify(label), 'TE-203');
    pushTo(byCitation, call.citation, score);
    pushTo(byPart, call.part, score);
  });
  const perCitation: Record<string, number> = {};
  for (const [id, scores] of byCitation) setOwn(perCitation, id, mean(scores));
  const perPart: Record<string, number> = {};
  for (const [part, scores] of [...byPart].sort((a, b) => a[0] - b[0])) perPart[String(part + 1)] = mean(scores);
  const precisionValues = Object.values(perCitation);
  const recallValues = Object.values(perPart);
  const precision = mean(precisionValues);
  const recall = mean(recallValues);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { weightedPrecision: precision, weightedRecall: recall, f1, perCitation, perPart };
}

function pushTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
