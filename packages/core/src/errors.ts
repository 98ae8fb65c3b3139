/**
 * One error hierarchy for the whole library. Every error carries a stable code (TE-1xx options,
 * TE-2xx inputs, TE-3xx backends, TE-4xx distributed runs) and its message ends with a pointer to errors/TE-xxx.md.
 * Messages follow exactly two templates so callers and tests can match them:
 *   options: The 'x' option of fn must be …. Got … instead.
 *   data:    Expected `arg` of fn to …, but got ….
 */

import { escapeText } from './escape-text';

/** Stable error codes with a one-line title; each has a page errors/<code>.md in the repository. */
export const ERROR_CODES = {
  'TE-101': 'Invalid option value or type',
  'TE-102': 'Unknown option, method or metric name',
  'TE-103': 'Conflicting options',
  'TE-201': 'Non-finite number in input',
  'TE-202': 'Inputs of mismatched length or count',
  'TE-203': 'Value outside the allowed domain',
  'TE-204': 'Malformed or missing field in a record',
  'TE-205': 'Reference to an unknown id',
  'TE-206': 'Malformed RLE, mask or polygon',
  'TE-207': 'Array of the wrong shape',
  'TE-208': 'Invalid geometry (negative size, inverted box)',
  'TE-209': 'Unreadable, unparsable or unwritable file',
  'TE-210': 'Result requested from an empty evaluator',
  'TE-301': 'Backend not installed or unavailable',
  'TE-302': 'No backend can run the kernel',
  'TE-303': 'Backend failed to initialise',
  'TE-304': 'Backend or remote service (judge, embedding provider) failed',
  // Distributed runs (queue, workers)
  'TE-401': 'Queue (Redis) unreachable or connection lost',
  'TE-402': 'Queue run timed out before every shard finished',
  'TE-403': 'Shard job failed on the queue (stalled too often, worker failure)',
  'TE-404': "Queue's Redis refused an input of the run",
  // Model-based metrics (local model directories, log-prob endpoints)
  'TE-701': 'Model directory missing or malformed',
  'TE-702': 'Tokenizer does not match the model',
  'TE-703': 'Input longer than the model accepts',
  'TE-704': 'Endpoint returned no token log-probabilities',
  'TE-705': 'Model inputs or outputs not as the metric needs',
  'TE-706': 'Text too short for the metric',
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The message on one line: user text inside it (ids, labels, paths) cannot split it or carry escapes. */
function withSeeAlso(message: string, code: ErrorCode): string {
  return `${escapeText(message, Number.POSITIVE_INFINITY)} See errors/${code}.md`;
}

/** An error's message without the ` See errors/TE-xxx.md` pointer, for re-wrapping or embedding it elsewhere. */
export function bareMessage(error: unknown): string {
  return error instanceof Error ? error.message.replace(/ See errors\/TE-\d+\.md$/, '') : String(error);
}

export class TensorEvalError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(withSeeAlso(message, code), options);
    this.code = code;
    this.name = new.target.name;
  }
}

export class InvalidOptionError extends TensorEvalError {}

/** Where in the input the problem is: the argument or file, and the record index when there is one. */
export interface InputLocation {
  argument: string;
  index?: number | string;
}

export class InvalidInputError extends TensorEvalError {
  readonly argument: string;
  readonly index: number | string | undefined;
  constructor(code: ErrorCode, message: string, location: InputLocation, options?: { cause?: unknown }) {
    super(code, message, options);
    this.argument = location.argument;
    this.index = location.index;
  }
}

export class KernelNotRegisteredError extends TensorEvalError {}
export class BackendUnavailableError extends TensorEvalError {}
export class EmptyStateError extends TensorEvalError {}

/** Formats a value for an error message: short, JSON-like, never a megabyte of array. */
export function describeValue(value: unknown): string {
  // escapeText: JSON.stringify leaves DEL, C1 controls and U+2028/9 as they are
  if (typeof value === 'string') return escapeText(JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) return String(value);
  if (ArrayBuffer.isView(value) || Array.isArray(value)) {
    const arr = Array.from(value as ArrayLike<unknown>).slice(0, 8).map(describeValue);
    const more = (value as ArrayLike<unknown>).length > 8 ? ', ...' : '';
    return `[${arr.join(', ')}${more}]`;
  }
  try {
    return escapeText(JSON.stringify(value), 120);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** Template 1: `The 'x' option of fn must be <rule>. Got <value> instead.` */
export function invalidOption(fnName: string, option: string, rule: string, got: unknown, code: ErrorCode = 'TE-101'): InvalidOptionError {
  return new InvalidOptionError(code, `The '${option}' option of ${fnName} must be ${rule}. Got ${describeValue(got)} instead.`);
}

/**
 * Template 2: ``Expected `arg` of fn to <rule>, but got <what>.`` With an index the argument reads
 * `` `arg` (record 12)``, naming the file or argument, the record and the rule in one line.
 */
export function invalidInput(
  fnName: string,
  location: InputLocation | string,
  rule: string,
  got: string,
  code: ErrorCode = 'TE-203',
): InvalidInputError {
  const loc = typeof location === 'string' ? { argument: location } : location;
  const where = loc.index === undefined ? `\`${loc.argument}\`` : `\`${loc.argument}\` (record ${loc.index})`;
  return new InvalidInputError(code, `Expected ${where} of ${fnName} to ${rule}, but got ${got}.`, loc);
}
