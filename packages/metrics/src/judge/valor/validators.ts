import { JudgedMetricError, JudgeResponseError } from '../errors';
import { isJsonObject } from '../json-extraction';
import { pythonRepr } from '../python-repr';

// Valor's reply validators, rule for rule, with its messages (replies are printed as Python would).

function pySet(values: readonly string[]): string {
  return `{${values.map((v) => pythonRepr(v)).join(', ')}}`;
}

/** `{key: [str, ...]}`: the key is present and every element is a string. */
export function validateStringList(reply: Record<string, unknown>, key: string): string[] {
  if (!(key in reply)) throw new JudgeResponseError(`LLM did not include key '${key}' in its response: ${pythonRepr(reply)}`);
  const list = reply[key];
  if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) {
    throw new JudgeResponseError(`LLM response should follow the format 'dict[str, list[str]': ${pythonRepr(reply)}`);
  }
  return list as string[];
}

/**
 * `{key: [{analysis, verdict}, ...]}`: a list of `length` objects whose keys are exactly
 * `verdict` and `analysis`, each verdict in `allowed` (case-sensitive). Returns the verdicts.
 */
export function validateVerdictList(reply: Record<string, unknown>, key: string, allowed: readonly string[], length: number): string[] {
  if (!(key in reply)) throw new JudgeResponseError(`LLM did not include key '${key}' in its response: ${pythonRepr(reply)}`);
  const list = reply[key];
  if (!Array.isArray(list)) {
    throw new JudgeResponseError(`LLM response should follow the format 'dict[str, list[dict[str, str]]]': ${pythonRepr(reply)}`);
  }
  if (list.length !== length) {
    throw new JudgeResponseError(`LLM response does not match input size of '${length}': ${pythonRepr(reply)}`);
  }
  const verdicts: string[] = [];
  for (const item of list) {
    if (!isJsonObject(item)) {
      throw new JudgeResponseError(`LLM response should follow the format 'dict[str, list[dict[str, str]]]': ${pythonRepr(reply)}`);
    }
    const keys = Object.keys(item);
    if (keys.length !== 2 || !('verdict' in item) || !('analysis' in item)) {
      throw new JudgeResponseError(`LLM response is malformed. Inner dictionaries should only contain keys 'verdict' and 'analysis': ${pythonRepr(reply)} `);
    }
    const verdict = item.verdict;
    // Python's set membership test raises on an unhashable verdict before anything else is checked.
    if (typeof verdict === 'object' && verdict !== null) {
      throw new JudgedMetricError('TypeError', `unhashable type: '${Array.isArray(verdict) ? 'list' : 'dict'}'`);
    }
    if (typeof verdict !== 'string' || !allowed.includes(verdict)) {
      throw new JudgeResponseError(`LLM response contains verdicts from outside the allowed set ${pySet(allowed)}: ${pythonRepr(reply)}`);
    }
    verdicts.push(verdict);
  }
  return verdicts;
}
