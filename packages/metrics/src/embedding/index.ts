import '../default-backend';

export { checkVectors, concatVectors, type VectorList, type PackedVectors, type CheckedVectors } from './vectors';
export { cosineSimilarity, answerSemanticSimilarity, cosineSimilarityMatrix, cosineSimilarityMatrixSync, rowMaxima, type CosineMatrix, type EmbeddingKernelOptions } from './cosine-similarity';
export { sentenceSimilarity, groundedness } from './sentence-similarity';
export { answerRelevancyBySentences, contextRelevancySoft, contextReciprocalRank, type ContextRelevancy, DEFAULT_RELEVANT_CHUNK_THRESHOLD, DEFAULT_OUT_OF_RANK_INDEX } from './query-relevancy';
export { responseRelevancyFromEmbeddings } from './response-relevancy';
