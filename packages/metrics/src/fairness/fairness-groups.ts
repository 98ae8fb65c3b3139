import { invalidInput, invalidOption } from '@tensoreval/core';

/** One labelled prediction with its feature vector (sensitive attributes included). */
export interface FairnessPoint {
  target: boolean;
  predicted: boolean;
  features: ArrayLike<number>;
}

/** Sensitive variable name → index of its value in `features`. */
export type SensitiveVariables = Readonly<Record<string, number>>;

/** Per variable: privileged iff `value > threshold` (`privilegedIfGreater`) or `value < threshold`. */
export type GroupThresholds = Readonly<Record<string, { value: number; privilegedIfGreater: boolean }>>;

/**
 * 'fai3' reproduces FAI3's Rust code: f32 arithmetic, its worst-value early returns and traps
 * (thrown here). 'standard' uses textbook float64 definitions and NaN for undefined rates.
 */
export type FairnessSemantics = 'fai3' | 'standard';

/** Confusion counts of one group for one variable. */
export interface GroupCounts {
  n: number;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
}

/** Privileged and unprivileged confusion counts of one sensitive variable. */
export interface VariableGroups {
  privileged: GroupCounts;
  unprivileged: GroupCounts;
}

/** Used for variables without a threshold when a threshold map is supplied (FAI3's fallback). */
const FALLBACK_THRESHOLD = { value: 0, privilegedIfGreater: true } as const;

/**
 * FAI3's default thresholds: per variable the mid-range `(min + max) / 2` of its non-NaN values,
 * privileged when greater (FAI3 calls this `calculate_medians`, but it is not the median).
 * Variables with no non-NaN value get no entry and fall back to `(0, greater)`.
 */
export function midRangeThresholds(points: readonly FairnessPoint[], variables: SensitiveVariables): Record<string, { value: number; privilegedIfGreater: boolean }> {
  const out: Record<string, { value: number; privilegedIfGreater: boolean }> = {};
  for (const [name, index] of Object.entries(variables)) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const p of points) {
      const v = p.features[index] as number;
      if (Number.isNaN(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (min <= max) out[name] = { value: (min + max) / 2, privilegedIfGreater: true };
  }
  return out;
}

function emptyCounts(): GroupCounts {
  return { n: 0, tp: 0, fp: 0, tn: 0, fn: 0 };
}

/**
 * Splits the points into privileged / unprivileged groups per variable (strict comparison: a value
 * equal to the threshold is unprivileged) and counts each group's confusion matrix.
 *
 * @param thresholds - per-variable thresholds; default {@link midRangeThresholds}.
 * @param allowNaN - FAI3 lets NaN feature values fall into the unprivileged group; otherwise a
 *   NaN sensitive value is an error.
 */
export function groupConfusionCounts(
  points: readonly FairnessPoint[],
  variables: SensitiveVariables,
  thresholds: GroupThresholds | undefined,
  fnName: string,
  allowNaN: boolean,
): Map<string, VariableGroups> {
  validatePoints(points, variables, fnName, allowNaN);
  const rules = thresholds ?? midRangeThresholds(points, variables);
  const out = new Map<string, VariableGroups>();
  for (const [name, index] of Object.entries(variables)) {
    const rule = rules[name] ?? FALLBACK_THRESHOLD;
    const groups: VariableGroups = { privileged: emptyCounts(), unprivileged: emptyCounts() };
    for (const p of points) {
      const v = p.features[index] as number;
      const privileged = rule.privilegedIfGreater ? v > rule.value : v < rule.value;
      const g = privileged ? groups.privileged : groups.unprivileged;
      g.n++;
      if (p.target) {
        if (p.predicted) g.tp++;
        else g.fn++;
      } else if (p.predicted) g.fp++;
      else g.tn++;
    }
    out.set(name, groups);
  }
  return out;
}

function validatePoints(points: readonly FairnessPoint[], variables: SensitiveVariables, fnName: string, allowNaN: boolean): void {
  const entries = Object.entries(variables);
  if (entries.length === 0) throw invalidOption(fnName, 'variables', 'a map with at least one sensitive variable', variables);
  for (const [name, index] of entries) {
    if (!Number.isInteger(index) || index < 0) throw invalidOption(fnName, 'variables', `a map of non-negative feature indices (variable '${name}')`, index);
  }
  points.forEach((p, i) => {
    if (typeof p.target !== 'boolean' || typeof p.predicted !== 'boolean') {
      throw invalidInput(fnName, { argument: 'points', index: i }, 'have boolean `target` and `predicted`', `${describe(p.target)} / ${describe(p.predicted)}`, 'TE-204');
    }
    for (const [name, index] of entries) {
      const v = p.features[index];
      if (v === undefined) throw invalidInput(fnName, { argument: 'points', index: i }, `have a feature at index ${index} (variable '${name}')`, `${p.features.length} features`, 'TE-204');
      if (!allowNaN && !Number.isFinite(v)) throw invalidInput(fnName, { argument: 'points', index: i }, `have a finite value for variable '${name}'`, String(v), 'TE-201');
    }
  });
}

function describe(v: unknown): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}
