import { invalidOption } from '@tensoreval/core';
import { flagString, type ParsedArgs } from './args';

/**
 * Numeric flags: one parser per shape (integer in a range, one number, a comma-separated list), each
 * undefined when the flag is absent and one TE-101 line stating the rule otherwise.
 */

/** What a number flag accepts: `positive` (> 0) on top of finite; `rule` words the error. */
export interface NumberFlagRule {
  positive?: boolean;
  rule?: string;
}

/** `--name N` as an integer in [min, max]. */
export function integerFlag(args: ParsedArgs, name: string, command: string, min: number, max: number): number | undefined {
  const text = flagString(args, name);
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || n < min || n > max) throw invalidOption(command, `--${name}`, `an integer in [${min}, ${max}]`, text);
  return n;
}

/** One item: a finite number (> 0 with `positive`), or NaN. Blank text is NaN (Number('') would be 0). */
function parseItem(text: string, positive: boolean): number {
  const v = text.trim() === '' ? NaN : Number(text);
  return Number.isFinite(v) && (!positive || v > 0) ? v : NaN;
}

/** `--name X` as one finite number. */
export function numberFlag(args: ParsedArgs, name: string, command: string, { positive = false, rule = positive ? 'a positive number' : 'a number' }: NumberFlagRule = {}): number | undefined {
  const text = flagString(args, name);
  if (text === undefined) return undefined;
  const v = parseItem(text, positive);
  if (Number.isNaN(v)) throw invalidOption(command, `--${name}`, rule, text);
  return v;
}

/** `--name x1,...,xK` as K >= 1 finite numbers; an empty item (`1,,10`) is an error, never skipped. */
export function numberListFlag(args: ParsedArgs, name: string, command: string, { positive = false, rule = `a comma-separated list of ${positive ? 'positive ' : ''}numbers` }: NumberFlagRule = {}): number[] | undefined {
  const text = flagString(args, name);
  if (text === undefined) return undefined;
  const values = text.split(',').map((s) => parseItem(s, positive));
  if (values.some(Number.isNaN)) throw invalidOption(command, `--${name}`, rule, text);
  return values;
}
