import { responseRelevancyScore } from '../retrieval/response-relevancy-score';
import { checkQuery, cosineSimilarityMatrix, type EmbeddingKernelOptions } from './cosine-similarity';
import { checkVectors, type VectorList } from './vectors';

/**
 * RAGAS response relevancy from embeddings: the mean cosine between the original question and
 * each question generated from the response, zeroed only when every generation is noncommittal;
 * NaN when every generated question is empty. Cosines run through the PairwiseCosine kernel.
 *
 * @param questionEmbedding - embedding of the user's question.
 * @param generatedQuestionEmbeddings - one embedding per generated question.
 * @param generatedQuestions - the generated questions' text (only emptiness matters).
 * @param noncommittal - the judge's noncommittal flag per generation.
 */
export async function responseRelevancyFromEmbeddings(
  questionEmbedding: ArrayLike<number>,
  generatedQuestionEmbeddings: VectorList,
  generatedQuestions: readonly string[],
  noncommittal: ArrayLike<boolean | number>,
  options: EmbeddingKernelOptions = {},
): Promise<number> {
  const fn = 'responseRelevancyFromEmbeddings';
  const q = checkQuery(questionEmbedding, 'questionEmbedding', fn);
  const g = checkVectors(generatedQuestionEmbeddings, 'generatedQuestionEmbeddings', fn, q.dim);
  const { scores } = await cosineSimilarityMatrix(q, g, options);
  return responseRelevancyScore(g.rows === 0 ? new Float64Array(0) : scores, generatedQuestions, noncommittal);
}
