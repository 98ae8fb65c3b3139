/**
 * Turns texts into vectors. Implementations: {@link PrecomputedEmbeddings} (a lookup table),
 * {@link OnnxEmbeddings} (a local ONNX model directory) and {@link OpenAiCompatibleEmbeddings}
 * (an OpenAI-compatible `/embeddings` endpoint). Returns one vector per text, in input order, all of
 * one dimension; the embedding metrics take such lists directly. The judged metrics (RAGAS answer
 * correctness, response relevancy) take the same interface.
 */
export interface EmbeddingProvider {
  embed(texts: string[]): Promise<number[][]>;
}

/** A provider call that failed (HTTP status, malformed reply, model error), after any retries. */
export class EmbeddingProviderError extends Error {
  readonly status: number | undefined;
  readonly attempts: number;
  constructor(message: string, options: { status?: number; attempts?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'EmbeddingProviderError';
    this.status = options.status;
    this.attempts = options.attempts ?? 1;
  }
}
