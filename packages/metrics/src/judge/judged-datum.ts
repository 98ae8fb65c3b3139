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
}

export const queryOf = (d: JudgedDatum): string => d.query ?? '';
export const responseOf = (d: JudgedDatum): string => d.response ?? '';
export const contextOf = (d: JudgedDatum): readonly string[] => d.context ?? [];
export const groundtruthsOf = (d: JudgedDatum): readonly string[] => d.groundtruths ?? [];
export const sourceTextOf = (d: JudgedDatum): string => d.text ?? d.query ?? '';
