// Instructions for the RAGAS-semantics judge steps, in RAGAS's layout (instruction, the output
// schema, the input as JSON, then "Output: "); the wording is this project's own.

function ragasPrompt(instruction: string, schema: Record<string, unknown>, input: Record<string, unknown>): string {
  return `${instruction}
Return the output as JSON (double-quoted strings) valid against this JSON Schema:
${JSON.stringify(schema)}

input: ${JSON.stringify(input, null, 4)}
Output: `;
}

const strings = { type: 'array', items: { type: 'string' } };

export const statementsPrompt = (question: string, answer: string) =>
  ragasPrompt(
    'Given a question and an answer, break each sentence of the answer into one or more fully understandable statements. Use no pronouns in the statements.',
    { type: 'object', properties: { statements: strings }, required: ['statements'] },
    { question, answer },
  );

export const nliPrompt = (context: string, statements: readonly string[]) =>
  ragasPrompt(
    'Judge the faithfulness of each statement to the context: verdict 1 if the statement can be directly inferred from the context, 0 if it cannot. Give a reason for each.',
    {
      type: 'object',
      properties: { statements: { type: 'array', items: { type: 'object', properties: { statement: { type: 'string' }, reason: { type: 'string' }, verdict: { type: 'integer' } }, required: ['statement', 'reason', 'verdict'] } } },
      required: ['statements'],
    },
    { context, statements },
  );

const reasoned = { type: 'array', items: { type: 'object', properties: { statement: { type: 'string' }, reason: { type: 'string' } }, required: ['statement', 'reason'] } };

export const correctnessClassifierPrompt = (question: string, answer: readonly string[], groundTruth: readonly string[]) =>
  ragasPrompt(
    'Given ground-truth statements and answer statements, classify each: TP = an answer statement supported by the ground truth; FP = an answer statement not supported by it; FN = a ground-truth statement missing from the answer. Each statement belongs to exactly one list. Give a reason for each.',
    { type: 'object', properties: { TP: reasoned, FP: reasoned, FN: reasoned }, required: ['TP', 'FP', 'FN'] },
    { question, answer, ground_truth: groundTruth },
  );

export const contextPrecisionPrompt = (question: string, context: string, answer: string) =>
  ragasPrompt(
    'Given a question, an answer and a context, decide whether the context was useful in arriving at the answer: verdict 1 if useful, 0 if not, with a reason.',
    { type: 'object', properties: { reason: { type: 'string' }, verdict: { type: 'integer' } }, required: ['reason', 'verdict'] },
    { question, context, answer },
  );

export const contextRecallPrompt = (question: string, context: string, answer: string) =>
  ragasPrompt(
    'Given a context and an answer, analyse each sentence of the answer and classify whether it can be attributed to the context: attributed 1 (yes) or 0 (no), with a reason.',
    {
      type: 'object',
      properties: { classifications: { type: 'array', items: { type: 'object', properties: { statement: { type: 'string' }, reason: { type: 'string' }, attributed: { type: 'integer' } }, required: ['statement', 'reason', 'attributed'] } } },
      required: ['classifications'],
    },
    { question, context, answer },
  );

export const questionGenerationPrompt = (response: string) =>
  ragasPrompt(
    'Generate a question for the given answer and say whether the answer is noncommittal: 1 if it is evasive, vague or ambiguous (e.g. "I don\'t know"), 0 if it is committal.',
    { type: 'object', properties: { question: { type: 'string' }, noncommittal: { type: 'integer' } }, required: ['question', 'noncommittal'] },
    { response },
  );
