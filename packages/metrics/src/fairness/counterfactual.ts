import { invalidInput } from '@tensoreval/core';

/** One model answer: a call error, or a valid / invalid answer with its binarized prediction. */
export interface LlmAnswer {
  error: boolean;
  valid: boolean;
  predicted?: boolean;
}

/** A data point's answer and its counterfactual's (the sensitive attribute flipped). */
export interface CounterfactualPoint extends LlmAnswer {
  /** the sensitive feature value: 1 → attr1 subgroup, anything else → attr0 */
  sensitive: number;
  counterfactual?: LlmAnswer;
}

/** Share of points whose answer changed under the counterfactual, overall and per subgroup. */
export interface CounterfactualChangeRates {
  overall: number;
  attr0: number;
  attr1: number;
  total0: number;
  total1: number;
}

const f32 = Math.fround;

/**
 * FAI3's counterfactual change rates (f32). Points whose original or counterfactual call failed,
 * or that have no counterfactual, are skipped. A point changed when validity differs, or both are
 * valid and the predictions differ (two invalid answers never count as changed). 0/0 → NaN.
 */
export function counterfactualChangeRates(points: readonly CounterfactualPoint[]): CounterfactualChangeRates {
  const fn = 'counterfactualChangeRates';
  let total0 = 0, total1 = 0, changed0 = 0, changed1 = 0;
  points.forEach((p, i) => {
    const cf = p.counterfactual;
    if (p.error || !cf || cf.error) return;
    if (p.valid && cf.valid && (typeof p.predicted !== 'boolean' || typeof cf.predicted !== 'boolean')) {
      throw invalidInput(fn, { argument: 'points', index: i }, 'carry a boolean `predicted` on every valid answer', `${String(p.predicted)} / ${String(cf.predicted)}`, 'TE-204');
    }
    const changed = p.valid !== cf.valid || (p.valid && p.predicted !== cf.predicted);
    if (p.sensitive === 1) {
      total1++;
      if (changed) changed1++;
    } else {
      total0++;
      if (changed) changed0++;
    }
  });
  return {
    overall: f32((changed0 + changed1) / (total0 + total1)),
    attr0: f32(changed0 / total0),
    attr1: f32(changed1 / total1),
    total0,
    total1,
  };
}
