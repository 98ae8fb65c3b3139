import type { CaseDispatch } from './dispatch-types';

/** Reference cases of retrieval/RAG scoring, embedding and fairness metrics (see dispatch-types.ts). */
export const ragDispatch: CaseDispatch = {};
