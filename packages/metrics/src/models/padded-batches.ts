import { errorFirstLine, TensorEvalError, type ModelInput, type ModelOutput } from '@tensoreval/core';
import type { ModelDirectory } from './model-directory';

/** One tokenized sequence: ids and (for BERT-like models) token type ids. */
export interface TokenSequence {
  ids: readonly number[];
  typeIds?: readonly number[];
}

/** Progress of a long model run: sequences done out of the total. */
export type ModelProgress = (done: number, total: number) => void;

/**
 * Runs a model over sequences in right-padded batches of at most `batchSize`. Sequences are taken in
 * order of length (padding-aware bucketing: a batch holds similar lengths, so little compute goes to
 * padding) and `take` receives each batch's outputs with the original indices, so memory stays bounded
 * by one batch. Right padding matters: GPT-2-style models number positions 0..s-1 regardless of the mask.
 */
export async function runPaddedBatches(
  model: ModelDirectory,
  sequences: readonly TokenSequence[],
  options: { batchSize: number; outputs: readonly string[]; padId?: number; onProgress?: ModelProgress },
  take: (indices: readonly number[], outputs: Record<string, ModelOutput>, seqLen: number) => void,
): Promise<void> {
  const order = Array.from(sequences.keys()).sort((a, b) => (sequences[a] as TokenSequence).ids.length - (sequences[b] as TokenSequence).ids.length || a - b);
  const inputs = model.session.inputNames;
  for (const name of inputs) {
    if (!['input_ids', 'attention_mask', 'token_type_ids', 'position_ids'].includes(name)) {
      throw new TensorEvalError('TE-705', `Model ${model.modelPath} has input '${name}'; the model runners feed only input_ids, attention_mask, token_type_ids and position_ids.`);
    }
  }
  for (const name of options.outputs) {
    if (!model.session.outputNames.includes(name)) {
      throw new TensorEvalError('TE-705', `Model ${model.modelPath} has no output '${name}' (it has ${model.session.outputNames.join(', ')}).`);
    }
  }
  const pad = BigInt(options.padId ?? 0);
  for (let start = 0; start < order.length; start += options.batchSize) {
    const indices = order.slice(start, start + options.batchSize);
    const batch = indices.length;
    const seqLen = Math.max(1, ...indices.map((i) => (sequences[i] as TokenSequence).ids.length));
    const ids = new BigInt64Array(batch * seqLen).fill(pad);
    const mask = new BigInt64Array(batch * seqLen);
    const types = new BigInt64Array(batch * seqLen);
    const positions = new BigInt64Array(batch * seqLen);
    indices.forEach((index, b) => {
      const s = sequences[index] as TokenSequence;
      for (let t = 0; t < s.ids.length; t++) {
        const o = b * seqLen + t;
        ids[o] = BigInt(s.ids[t] as number);
        mask[o] = 1n;
        types[o] = BigInt(s.typeIds?.[t] ?? 0);
      }
      for (let t = 0; t < seqLen; t++) positions[b * seqLen + t] = BigInt(t);
    });
    const all: Record<string, BigInt64Array> = { input_ids: ids, attention_mask: mask, token_type_ids: types, position_ids: positions };
    const feeds: Record<string, ModelInput> = {};
    for (const name of inputs) feeds[name] = { data: all[name] as BigInt64Array, dims: [batch, seqLen] };
    let outputs: Record<string, ModelOutput>;
    try {
      outputs = await model.session.run(feeds, options.outputs);
    } catch (error) {
      throw new TensorEvalError('TE-705', `Model ${model.modelPath} failed on a batch of ${batch} sequences of up to ${seqLen} tokens: ${errorFirstLine(error)}.`, { cause: error });
    }
    take(indices, outputs, seqLen);
    options.onProgress?.(Math.min(start + batch, order.length), order.length);
  }
}
