/**
 * One text-generation datum as judged metrics read it: the user query, the generated response, the
 * retrieved contexts (in rank order) and the ground-truth answers. `text` is the source a summary
 * was written from (summary coherence and summarization; defaults to `query`, as Valor does).
 */
export interface JudgedDatum {
  uid?: string;
  query?: string;
  response?: string;
  context?: readonly string[];
  groundtruths?: readonly string[];
  text?: string;
  /** Answer parts with the passage ids they cite (citation support); default: the response's sentences and `[n]` markers. */
  answerParts?: readonly { text: string; citations: readonly string[] }[];
  /** Passage id → text for citations; default: the contexts numbered from 1. */
  passages?: Readonly<Record<string, string>>;
}

export const queryOf = (d: JudgedDatum): string => d.query ?? '';
export const responseOf = (d: JudgedDatum): string => d.response ?? '';
export const contextOf = (d: JudgedDatum): readonly string[] => d.context ?? [];
export const groundtruthsOf = (d: JudgedDatum): readonly string[] => d.groundtruths ?? [];
export const sourceTextOf = (d: JudgedDatum): string => d.text ?? d.query ?? '';
