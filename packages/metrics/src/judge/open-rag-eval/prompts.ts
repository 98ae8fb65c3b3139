// Instructions for the open-rag-eval-semantics judge steps; the wording is this project's own.

export const umbrelaPrompt = (query: string, passage: string, strictFormat: boolean) => `Given a query and a passage, grade how well the passage answers the query on this scale:
0 = the passage has nothing to do with the query;
1 = the passage seems related to the query but does not answer it;
2 = the passage has some answer for the query, but the answer may be a bit unclear or hidden among extraneous information;
3 = the passage is dedicated to the query and contains the exact answer.
Consider the searcher's intent (I), how well the content matches that intent (M) and how trustworthy the passage is (T), then decide the final score (O).
Query: ${query}
Passage: ${passage}
${strictFormat ? 'Reply with the final score only: a single digit 0, 1, 2 or 3 and nothing else.' : 'Reply with the final score as a single integer from 0 to 3.'}`;

export const noAnswerPrompt = (query: string, answer: string) => `Decide whether the response attempts to answer the question. Reply "yes" if it makes an attempt to answer, whether or not the answer is correct; reply "no" if it declines, says it does not have enough information, or otherwise does not answer.
Question: ${query}
Response: ${answer}
Reply with "yes" or "no" only.`;

export const citationSupportPrompt = (statement: string, passage: string) => `Does the passage support the statement? Reply with exactly one label:
full_support = every part of the statement is supported by the passage;
partial_support = some parts are supported, others are not;
no_support = the passage does not support the statement.
Statement: ${statement}
Passage: ${passage}
Reply with the label only.`;

export const nuggetCreationPrompt = (query: string, context: string, nuggets: readonly string[], maxNuggets: number) => `Update a list of atomic nuggets of information (each 1 to 12 words) that are needed to answer the query, using the passages below. Keep the useful nuggets already listed, add new ones found in the passages, and return at most ${maxNuggets} nuggets in total.
Query: ${query}
Passages:
${context}
Current nuggets: ${JSON.stringify(nuggets)}
Reply with the updated nuggets only, as a JSON list of strings.`;

export const nuggetImportancePrompt = (query: string, nuggets: readonly string[]) => `Label each nugget for the query as "vital" (must appear in a good answer) or "okay" (good to have, not essential).
Query: ${query}
Nuggets: ${JSON.stringify(nuggets)}
Reply with the labels only, as a JSON list with one label per nugget, in order.`;

export const nuggetAssignmentPrompt = (query: string, answer: string, nuggets: readonly string[]) => `For each nugget, decide whether the answer supports it: "support" (fully), "partial_support" (partly) or "not_support".
Query: ${query}
Answer: ${answer}
Nuggets: ${JSON.stringify(nuggets)}
Reply with the labels only, as a JSON list with one label per nugget, in order.`;
