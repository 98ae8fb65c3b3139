import { invalidInput } from '@tensoreval/core';
import { OnnxEmbeddings, OpenAiCompatibleEmbeddings, PrecomputedEmbeddings, type EmbeddingProvider } from '@tensoreval/metrics/embedding';
import { asObject, FN } from './fields';

/**
 * The provider the request's `embeddings` block names (see schema/embeddings-block.ts; the block was
 * checked against it). An API key written in the block is refused: keys come only from the
 * environment variable `api_key_env` (default OPENAI_API_KEY).
 */
export async function embeddingProviderFromBlock(raw: unknown): Promise<EmbeddingProvider> {
  const block = asObject(raw, { argument: 'embeddings' });
  const value = <T>(key: string) => block[key] as T | undefined;
  const present = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  switch (block.provider) {
    case 'vectors':
      return new PrecomputedEmbeddings(block.vectors as Record<string, number[]>);
    case 'onnx':
      return OnnxEmbeddings.fromDirectory(block.model_dir as string, present({ pooling: value<'mean' | 'cls'>('pooling'), normalize: value<boolean>('normalize'), maxLength: value<number>('max_length'), batchSize: value<number>('batch_size'), modelFile: value<string>('model_file') }));
    default: {
      const key = process.env[value<string>('api_key_env') ?? 'OPENAI_API_KEY'];
      return new OpenAiCompatibleEmbeddings(
        present({ baseUrl: block.base_url as string, model: block.model as string, apiKey: key, batchSize: value<number>('batch_size'), concurrency: value<number>('concurrency'), maxRetries: value<number>('max_retries'), timeoutMs: value<number>('timeout_ms'), dimensions: value<number>('dimensions') }),
      );
    }
  }
}

/** The request's provider, or an error naming the block when a method needs one and none is given. */
export async function requiredEmbeddings(raw: unknown, method: string): Promise<EmbeddingProvider> {
  requireEmbeddingsBlock(raw, method);
  return embeddingProviderFromBlock(raw);
}

/** Throws {@link requiredEmbeddings}'s error when the request has no `embeddings` block (checked before shards start). */
export function requireEmbeddingsBlock(raw: unknown, method: string): void {
  if (raw === undefined) throw invalidInput(FN, { argument: 'embeddings' }, `name an embedding provider for method '${method}' (vectors, onnx or openai)`, 'no embeddings block', 'TE-204');
}
