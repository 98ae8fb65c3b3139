import { TensorEvalError } from '@tensoreval/core';
import { safeRemoteText } from './redact';

/**
 * A judge reply that could not be parsed or validated (Valor's InvalidLLMResponseError). A metric
 * that raises it is retried up to its `retries` and then becomes an Error record, never a crash.
 */
export class JudgeResponseError extends Error {
  /** The name reported in Error records, the reference libraries' exception name. */
  readonly errorType = 'InvalidLLMResponseError';
  constructor(message: string) {
    super(message);
    this.name = 'JudgeResponseError';
  }
}

/**
 * A metric that is undefined for this datum in the selected reference (e.g. Valor divides by zero
 * when a ground truth yields no statements). It is not retried; the datum gets an Error record
 * naming `errorType` exactly as the reference raised it.
 */
export class JudgedMetricError extends Error {
  constructor(readonly errorType: string, message: string) {
    super(message);
    this.name = 'JudgedMetricError';
  }
}

/**
 * The judge endpoint could not be reached or kept failing after its transport retries. A
 * TensorEvalError (TE-304), so where it escapes a run (it normally becomes an Error record) the CLI
 * prints one line. Its message never holds the API key (see ./redact.ts).
 */
export class JudgeTransportError extends TensorEvalError {
  readonly errorType = 'JudgeTransportError';
  /** Requests sent to the endpoint before giving up (0 when none was sent, e.g. an open circuit). */
  readonly attempts: number;
  constructor(message: string, options?: { cause?: unknown; attempts?: number }) {
    super('TE-304', message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'JudgeTransportError';
    this.attempts = options?.attempts ?? 0;
  }
}

/**
 * Name and message of any failure, as an Error record reports them. The message often quotes the
 * judge's reply or error body: credentials are redacted and the length capped (./redact.ts).
 */
export function describeFailure(error: unknown): { type: string; message: string } {
  if (error instanceof JudgeResponseError || error instanceof JudgedMetricError || error instanceof JudgeTransportError) {
    return { type: error.errorType, message: safeRemoteText(error.message) };
  }
  if (error instanceof Error) return { type: error.name, message: safeRemoteText(error.message) };
  return { type: 'Error', message: safeRemoteText(String(error)) };
}
