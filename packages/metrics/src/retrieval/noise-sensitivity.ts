import { checkOneOf, invalidInput } from '@tensoreval/core';

type Flag = boolean | number;
export type NoiseSensitivityMode = 'relevant' | 'irrelevant';

/**
 * RAGAS noise sensitivity from its three NLI verdict matrices.
 *
 * @param groundTruthToContext - `[gtStatement][context]`: the context entails the reference statement.
 * @param answerToContext - `[answerStatement][context]`: the context entails the answer statement.
 * @param answerCorrect - `[answerStatement]`: the reference entails the answer statement.
 * @param mode - 'relevant': share of answer statements that are incorrect and entailed by a
 *   relevant context; 'irrelevant': incorrect, entailed by an irrelevant context and by no
 *   relevant one. A context is relevant when it entails any reference statement.
 * @returns NaN when there are no answer statements (numpy mean of nothing).
 */
export function noiseSensitivity(
  groundTruthToContext: readonly (readonly Flag[])[],
  answerToContext: readonly (readonly Flag[])[],
  answerCorrect: readonly Flag[],
  mode: NoiseSensitivityMode = 'relevant',
): number {
  const fn = 'noiseSensitivity';
  checkOneOf(mode, 'mode', fn, ['relevant', 'irrelevant'] as const);
  const nAnswer = answerCorrect.length;
  if (answerToContext.length !== nAnswer) {
    throw invalidInput(fn, 'answerToContext', `have one row per answer statement (${nAnswer})`, `${answerToContext.length} rows`, 'TE-202');
  }
  const nContext = (answerToContext[0] ?? groundTruthToContext[0] ?? []).length;
  const rows = [...groundTruthToContext.map((r, i) => ['groundTruthToContext', r, i] as const), ...answerToContext.map((r, i) => ['answerToContext', r, i] as const)];
  for (const [arg, row, i] of rows) {
    if (row.length !== nContext) throw invalidInput(fn, { argument: arg, index: i }, `have one column per context (${nContext})`, `${row.length} columns`, 'TE-202');
  }
  const relevantContext = new Uint8Array(nContext);
  for (const row of groundTruthToContext) for (let c = 0; c < nContext; c++) if (row[c]) relevantContext[c] = 1;
  let hits = 0;
  for (let a = 0; a < nAnswer; a++) {
    if (answerCorrect[a]) continue;
    const row = answerToContext[a] as readonly Flag[];
    let relevantFaithful = false;
    let irrelevantFaithful = false;
    for (let c = 0; c < nContext; c++) {
      if (!row[c]) continue;
      if (relevantContext[c]) relevantFaithful = true;
      else irrelevantFaithful = true;
    }
    if (mode === 'relevant' ? relevantFaithful : irrelevantFaithful && !relevantFaithful) hits++;
  }
  return hits / nAnswer;
}
