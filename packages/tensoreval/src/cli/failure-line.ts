import { escapeText, TensorEvalError } from '@tensoreval/core';

/**
 * Prints the one line of a failed command on stderr and returns the exit code: 2 for bad input (a
 * TensorEvalError: no stack trace, user text escaped so a newline or an ANSI escape in a metric id or
 * a path cannot split or paint it), 1 for anything else (a defect: its stack is printed).
 */
export function reportFailure(error: unknown): number {
  const message = error instanceof TensorEvalError ? `tensoreval: error ${error.code}: ${escapeText(error.message, Number.POSITIVE_INFINITY)}` : `tensoreval: ${error instanceof Error ? error.stack ?? error.message : String(error)}`;
  process.stderr.write(`${message}\n`);
  return error instanceof TensorEvalError ? 2 : 1;
}
