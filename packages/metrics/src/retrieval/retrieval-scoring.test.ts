import { describe, expect, it } from 'vitest';
import {
  answerCorrectnessScore,
  answerRelevanceScore,
  citationJudgeCalls,
  citationScores,
  consistencyStats,
  contextPrecisionScore,
  contextRecallScore,
  contextRelevanceScore,
  faithfulnessScore,
  fbetaScore,
  hallucinationScore,
  noiseSensitivity,
  nuggetScores,
  opinionVerdictScore,
  rankWeightedPrecision,
  responseRelevancyScore,
  retrievalMetricsFromGrades,
  selectNuggets,
  valorAnswerCorrectnessScore,
  valorContextPrecision,
  valorContextRecallScore,
} from '.';

const OPTION_ERROR = /^The '\w+' option of [\w.]+ must be .* Got .* instead\./;

describe('rank-weighted context precision', () => {
  it('weights precision at each relevant rank', () => {
    expect(rankWeightedPrecision([1, 0, 1])).toBeCloseTo((1 + 2 / 3) / 2, 15);
    expect(rankWeightedPrecision([])).toBe(0);
    expect(rankWeightedPrecision([false, false])).toBe(0);
  });
  it('reproduces each reference on the same verdicts', () => {
    expect(contextPrecisionScore([1, 1, 1], { semantics: 'ragas' })).toBe(3 / (3 + 1e-10));
    expect(contextPrecisionScore([' Yes ', 'no'], { semantics: 'deepeval' })).toBe(1);
    // Valor's validators accept only the exact lower-case word.
    expect(contextPrecisionScore(['Yes', 'yes'], { semantics: 'valor' })).toBe(0.5);
    expect(() => contextPrecisionScore([1], { semantics: 'bogus' as 'ragas' })).toThrow(OPTION_ERROR);
    expect(() => contextPrecisionScore([2], { semantics: 'ragas' })).toThrow(/`verdicts` \(record 0\)/);
  });
  it("applies Valor's OR over ground truths and its empty-list rules", () => {
    expect(valorContextPrecision({ contextCount: 0, verdictsPerGroundTruth: [] })).toBe(1);
    expect(valorContextPrecision({ contextCount: 2, verdictsPerGroundTruth: [] })).toBe(0);
    expect(valorContextPrecision({ contextCount: 2, verdictsPerGroundTruth: [['no', 'yes'], ['yes', 'no']] })).toBe(1);
    expect(() => valorContextPrecision({ contextCount: 2, verdictsPerGroundTruth: [['yes']] })).toThrow(/verdictsPerGroundTruth` \(record 0\)/);
  });
});

describe('graded retrieval metrics', () => {
  it('returns null without grades and skips K beyond the list', () => {
    expect(retrievalMetricsFromGrades([])).toBeNull();
    expect(retrievalMetricsFromGrades([3, 0, 2], { kValues: [0, 2, 5] })).toEqual({ precisionAt: { '0': 0, '2': 0.5 }, apAt: { '0': 0, '2': 1 }, mrr: 1 });
  });
  it('uses the threshold and the whole list for MRR', () => {
    expect(retrievalMetricsFromGrades([1, 1, 1, 1], { kValues: [1], threshold: 1 })?.mrr).toBe(1);
    expect(retrievalMetricsFromGrades([0, 1, 0, 3], { kValues: [2] })).toEqual({ precisionAt: { '2': 0 }, apAt: { '2': 0 }, mrr: 0.25 });
  });
  it('rejects bad input', () => {
    expect(() => retrievalMetricsFromGrades([1, Number.NaN])).toThrow(/`grades` \(record 1\)/);
    expect(() => retrievalMetricsFromGrades([1], { kValues: [1.5] })).toThrow(OPTION_ERROR);
  });
});

describe('nugget scores', () => {
  it('clamps denominators: two supported vital nuggets and no okay one weigh 0.8', () => {
    expect(nuggetScores(['vital', 'vital'], ['support', 'support']).weighted).toBeCloseTo(0.8, 15);
    expect(nuggetScores([], [])).toEqual({ all: 0, allStrict: 0, vital: 0, vitalStrict: 0, weighted: 0, weightedStrict: 0 });
    expect(nuggetScores(['okay'], ['unknown_label']).all).toBe(0);
  });
  it('rejects mismatched lengths and unknown importance', () => {
    expect(() => nuggetScores(['vital'], [])).toThrow(/same length/);
    expect(() => nuggetScores(['key' as 'vital'], ['support'])).toThrow(/`importance` \(record 0\)/);
  });
  it('keeps vital nuggets first, stably, up to the limit', () => {
    expect(selectNuggets(['okay', 'vital', 'okay', 'vital'], 3)).toEqual([1, 3, 0]);
  });
});

describe('citation scores', () => {
  const passages = { a: 'text a', b: 'text b', empty: '' };
  it('skips missing passages; a part whose citations were all skipped has no entry', () => {
    const parts = [{ text: 's1', citations: ['a', 'missing'] }, { text: 's2', citations: ['empty'] }, { text: 's3', citations: [] }];
    expect(citationJudgeCalls(parts, passages)).toEqual([{ part: 0, citation: 'a' }]);
    const s = citationScores(parts, passages, ['partial_support']);
    expect(s.perPart).toEqual({ '1': 0.5, '3': 0 });
    expect(s.perCitation).toEqual({ a: 0.5 });
    expect(s.weightedRecall).toBe(0.25);
    expect(s.f1).toBeCloseTo((2 * 0.5 * 0.25) / 0.75, 15);
  });
  it('rejects a label list that does not match the judge calls', () => {
    expect(() => citationScores([{ text: 's', citations: ['a'] }], passages, [])).toThrow(/`labels`/);
    expect(() => citationScores([{ text: 's', citations: ['a'] }], passages, ['maybe' as 'no_support'])).toThrow(/`labels` \(record 0\)/);
  });
});

describe('consistency statistics', () => {
  it("matches numpy's pairwise float64 reductions bit for bit", () => {
    const x = Array.from({ length: 37 }, (_, i) => ((i * 7919) % 101) / 13);
    const s = consistencyStats(x);
    // numpy 2.4: mean, std, percentile(75) - percentile(25), median, var(ddof=1)
    expect(s.mean).toBe(3.8544698544698544);
    expect(s.std).toBe(2.25134135852668);
    expect(s.iqr).toBe(3.846153846153846);
    expect(s.median).toBe(3.8461538461538463);
    expect(s.sampleVariance).toBe(5.209330632407554);
  });
  it('handles a single value, a zero mean and empty input', () => {
    expect(consistencyStats([2]).sampleVariance).toBeNaN();
    expect(consistencyStats([-1, 1]).coefficientOfVariation).toBeNaN();
    expect(() => consistencyStats([])).toThrow(/`values`/);
    expect(() => consistencyStats([1, Number.POSITIVE_INFINITY])).toThrow(/`values` \(record 1\)/);
  });
});

describe('verdict scores per reference', () => {
  it('faithfulness', () => {
    expect(faithfulnessScore([], { semantics: 'ragas' })).toBeNaN();
    expect(faithfulnessScore([], { semantics: 'deepeval' })).toBe(1);
    expect(faithfulnessScore(['idk', 'no'], { semantics: 'deepeval' })).toBe(0.5);
    expect(faithfulnessScore(['idk', 'no'], { semantics: 'deepeval', penalizeAmbiguousClaims: true })).toBe(0);
    expect(faithfulnessScore([], { semantics: 'valor' })).toBe(1);
    expect(faithfulnessScore(['yes'], { semantics: 'valor', hasContext: false })).toBe(0);
  });
  it('context recall', () => {
    expect(contextRecallScore([], { semantics: 'ragas' })).toBeNaN();
    expect(contextRecallScore([], { semantics: 'deepeval' })).toBe(0);
    // DeepEval lowercases without stripping.
    expect(contextRecallScore([' yes', 'YES'], { semantics: 'deepeval' })).toBe(0.5);
    expect(valorContextRecallScore({ contextCount: 0, verdictsPerGroundTruth: [] })).toBe(1);
    expect(valorContextRecallScore({ contextCount: 1, verdictsPerGroundTruth: [] })).toBe(0);
    expect(valorContextRecallScore({ contextCount: 1, verdictsPerGroundTruth: [['yes', 'no'], ['yes']] })).toBe(1);
  });
  it('answer relevance, bias/toxicity, hallucination, context relevance', () => {
    expect(answerRelevanceScore(['yes', 'idk'], { semantics: 'valor' })).toBe(0.5);
    expect(answerRelevanceScore([], { semantics: 'valor' })).toBe(0);
    expect(answerRelevanceScore([], { semantics: 'deepeval' })).toBe(1);
    expect(opinionVerdictScore([], { semantics: 'deepeval' })).toBe(0);
    expect(hallucinationScore([], { semantics: 'deepeval' })).toBe(0);
    expect(() => hallucinationScore([], { semantics: 'valor' })).toThrow(/`verdicts`/);
    expect(hallucinationScore(['yes', 'no'], { semantics: 'valor' })).toBe(0.5);
    expect(contextRelevanceScore([], { semantics: 'valor' })).toBe(0);
    expect(contextRelevanceScore([['YES'], []], { semantics: 'deepeval' })).toBe(1);
  });
});

describe('answer correctness, noise sensitivity, response relevancy', () => {
  it('F-beta and weighted average', () => {
    expect(fbetaScore(0, 3, 0)).toBe(0);
    expect(() => fbetaScore(1, 1, 1, -1)).toThrow(OPTION_ERROR);
    expect(answerCorrectnessScore(0.4, undefined, [1, 0])).toBe(0.4);
    expect(() => answerCorrectnessScore(0.4, 0.5, [0, 0])).toThrow(OPTION_ERROR);
    expect(valorAnswerCorrectnessScore([])).toBe(0);
    expect(valorAnswerCorrectnessScore([{ tp: 1, fp: 1, fn: 0 }, { tp: 2, fp: 0, fn: 0 }])).toBe(1);
  });
  it('noise sensitivity excludes statements also entailed by a relevant context', () => {
    const r2g = [[1, 0]];
    const r2a = [[1, 1]];
    expect(noiseSensitivity(r2g, r2a, [0], 'relevant')).toBe(1);
    expect(noiseSensitivity(r2g, r2a, [0], 'irrelevant')).toBe(0);
    expect(noiseSensitivity([], [], [], 'relevant')).toBeNaN();
    expect(() => noiseSensitivity(r2g, [[1]], [0])).toThrow(/ToContext` \(record 0\)/);
    expect(() => noiseSensitivity(r2g, r2a, [0, 1])).toThrow(/`answerToContext`/);
  });
  it('response relevancy is zeroed only when every generation is noncommittal', () => {
    expect(responseRelevancyScore([0.5, 1], ['a', 'b'], [1, 0])).toBe(0.75);
    expect(responseRelevancyScore([0.5, 1], ['a', 'b'], [1, 1])).toBe(0);
    expect(responseRelevancyScore([0.5], [''], [0])).toBeNaN();
    expect(() => responseRelevancyScore([0.5], ['a', 'b'], [0, 0])).toThrow(/`similarities`/);
  });
});
