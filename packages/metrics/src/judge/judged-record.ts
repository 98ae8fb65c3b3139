/** A judged metric's value for one datum: a number, or named numbers for metrics with several outputs. */
export type JudgedValue = number | Record<string, unknown>;

/**
 * One result record in Valor's text-generation shape: `{type, value, parameters: {evaluator, retries}}`.
 * A failure is `{type: 'Error', value: {type, message}, parameters: {evaluator, retries}}` (Valor's
 * `Metric.error`), so a bad judge reply costs one record, never the run.
 */
export interface JudgedRecord {
  type: string;
  value: JudgedValue;
  parameters: { evaluator: string; retries: number; [key: string]: unknown };
}

export interface JudgedErrorRecord extends JudgedRecord {
  type: 'Error';
  value: { type: string; message: string };
}

export function isErrorRecord(record: JudgedRecord): record is JudgedErrorRecord {
  return record.type === 'Error';
}
