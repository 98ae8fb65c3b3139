import { assertNonNegative } from '@tensoreval/core';
import { cleanLlmResponse } from './llm-response';

/** Outcome counts of a multiple-choice language evaluation. */
export interface KaleidoscopeCounts {
  errors: number;
  invalid: number;
  correct: number;
  incorrect: number;
}

/** FAI3's Kaleidoscope rates; `null` where FAI3 reports None. */
export interface KaleidoscopeRates {
  formatErrorRate: number | null;
  overallAccuracy: number | null;
  accuracyOnValid: number | null;
  n: number;
}

const f32 = Math.fround;

/**
 * FAI3 `LanguageEvaluationMetrics::calculate_rates` (f32). With n = all four counts: when n > 0 and
 * not every call errored, overallAccuracy = correct / (correct + incorrect + invalid); and only when
 * correct + incorrect > 0, formatErrorRate = invalid / (n − errors) and accuracyOnValid =
 * correct / (correct + incorrect). So when every answer is invalid, formatErrorRate stays null.
 */
export function kaleidoscopeRates(counts: KaleidoscopeCounts): KaleidoscopeRates {
  const { errors, invalid, correct, incorrect } = counts;
  assertNonNegative([errors, invalid, correct, incorrect], 'counts', 'kaleidoscopeRates');
  const n = errors + invalid + correct + incorrect;
  const out: KaleidoscopeRates = { formatErrorRate: null, overallAccuracy: null, accuracyOnValid: null, n };
  if (n > 0 && errors < n) {
    out.overallAccuracy = f32(correct / (correct + incorrect + invalid));
    if (correct + incorrect > 0) {
      out.formatErrorRate = f32(invalid / (n - errors));
      out.accuracyOnValid = f32(correct / (correct + incorrect));
    }
  }
  return out;
}

/**
 * Classifies one multiple-choice answer as FAI3 does: the cleaned response must be exactly a JSON
 * object with a string `choice` (surrounding prose → invalid); the trimmed choice is compared
 * case-insensitively with the trimmed correct answer, then with the trimmed options.
 */
export function classifyMultipleChoice(response: string, correct: string, options: readonly string[]): 'correct' | 'incorrect' | 'invalid' {
  let parsed: unknown;
  try {
    parsed = JSON.parse(cleanLlmResponse(response));
  } catch {
    return 'invalid';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'invalid';
  const choice = (parsed as { choice?: unknown }).choice;
  if (typeof choice !== 'string') return 'invalid';
  const c = choice.trim().toLowerCase();
  if (c === correct.trim().toLowerCase()) return 'correct';
  return options.some((o) => o.trim().toLowerCase() === c) ? 'incorrect' : 'invalid';
}
