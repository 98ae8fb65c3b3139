import '../default-backend';

export { checkVectors, concatVectors, type VectorList, type PackedVectors, type CheckedVectors } from './vectors';
export { cosineSimilarity, answerSemanticSimilarity, cosineSimilarityMatrix, cosineSimilarityMatrixSync, rowMaxima, type CosineMatrix, type EmbeddingKernelOptions } from './cosine-similarity';
export { sentenceSimilarity, groundedness } from './sentence-similarity';
export { groundednessBatch, sentenceSimilarityBatch, type RaggedVectors, type GroundednessBatchOptions, type SentenceSimilarityBatchOptions } from './sentence-similarity-batch';
export { answerRelevancyBySentences, contextRelevancySoft, contextReciprocalRank, contextMeanReciprocalRank, type ContextRelevancy, DEFAULT_RELEVANT_CHUNK_THRESHOLD, DEFAULT_OUT_OF_RANK_INDEX } from './query-relevancy';
export { responseRelevancyFromEmbeddings } from './response-relevancy';
export { type EmbeddingProvider, EmbeddingProviderError } from './providers/embedding-provider';
export { PrecomputedEmbeddings } from './providers/precomputed-embeddings';
export { OpenAiCompatibleEmbeddings, type OpenAiCompatibleEmbeddingsOptions } from './providers/openai-compatible-embeddings';
export { OnnxEmbeddings, type OnnxEmbeddingsOptions } from './providers/onnx-embeddings';
export {
  answerSemanticSimilarityFromText,
  sentenceSimilarityFromText,
  groundednessFromText,
  answerRelevancyFromText,
  contextRelevancyFromText,
  contextReciprocalRankFromText,
  type TextEmbeddingOptions,
} from './text-embedding-metrics';
export { Groundedness, ContextMeanReciprocalRank, type RowMeanResult, type GroundednessRow, type ReciprocalRankRow } from './row-mean.metric';
