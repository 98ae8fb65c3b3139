import { checkBoolean, checkInteger, invalidInput, runKernel, type BackendHint } from '@tensoreval/core';
import type { ModelProgress } from '../models/padded-batches';
import type { TokenEmbeddingProvider } from '../models/token-embeddings';
import { reportTruncation } from '../models/truncation';
import { pyStrip } from '../text/python-regex';
import { readBertScoreBaseline, type BertScoreBaseline } from './bertscore-baseline';
import { idfWeight, referenceIdf, type IdfTable } from './bertscore-idf';

export interface BertScoreOptions {
  /** the layer whose hidden states are matched (0 = embedding output); default: the model's last layer */
  numLayers?: number;
  /** weight tokens by the references' idf (default false: every token 1, [CLS]/[SEP] 0) */
  idf?: boolean;
  /** rescale P, R, F with a baseline: (x - b) / (1 - b) (default false) */
  rescaleWithBaseline?: boolean;
  /** the baseline values, or a bert_score baseline file (`LAYER,P,R,F`) to read the `numLayers` row from */
  baseline?: BertScoreBaseline | string;
  /** backend for the GreedyCosineMatch kernel (default 'auto') */
  backend?: BackendHint;
  onProgress?: ModelProgress;
}

export interface BertScoreResult {
  precision: Float64Array;
  recall: Float64Array;
  f1: Float64Array;
  /** with multiple references: every (candidate, reference) pair's scores, in flattened order (before the max; rescaled when asked) */
  perReference?: { precision: Float64Array; recall: Float64Array; f1: Float64Array };
  /** with `idf: true`: the table the weights came from */
  idf?: IdfTable;
  /** the token ids of each candidate and reference, after bert_score's sent_encode */
  candidateIds: number[][];
  referenceIds: number[][];
}

/** bert_score's sent_encode: strip (Python's), then encode with special tokens, truncated to the model maximum. */
export function bertScoreTokenize(provider: TokenEmbeddingProvider, text: string): { ids: number[]; truncated: boolean } {
  const { ids, truncated } = provider.tokenizer.encode(pyStrip(text), undefined, { truncation: { maxLength: provider.maxLength } });
  return { ids, truncated };
}

/**
 * BERTScore (Tiiiger/bert_score `score()` semantics): token embeddings of candidate and reference from
 * layer `numLayers`, greedy cosine matching (the GreedyCosineMatch kernel: each candidate token's best
 * reference token gives precision, each reference token's best candidate token gives recall), weighted
 * means (`idf` from the references of this call, else 1 with [CLS]/[SEP] at 0), F = 2PR/(P+R).
 *
 * - `refs` is one reference per candidate, or a list per candidate: then P, R and F are each the
 *   maximum over that candidate's references (separately, so they may come from different references).
 * - A side that is empty after strip() ([CLS] [SEP] only) scores P = R = F = 0, as bert_score sets it.
 * - `rescaleWithBaseline`: (x - b) / (1 - b) after the maximum, with the float32 baseline row of the layer.
 * - Texts longer than the model maximum are truncated as bert_score does (a TruncationWarning says so).
 *
 * @returns Float64Arrays of length cands.length.
 * @see https://github.com/Tiiiger/bert_score
 */
export async function bertScore(
  provider: TokenEmbeddingProvider,
  cands: readonly string[],
  refs: readonly string[] | readonly (readonly string[])[],
  options: BertScoreOptions = {},
): Promise<BertScoreResult> {
  const fn = 'bertScore';
  if (refs.length !== cands.length) throw invalidInput(fn, 'refs', `have one entry per candidate (${cands.length})`, `${refs.length}`, 'TE-202');
  const numLayers = checkInteger(options.numLayers ?? provider.numLayers, 'numLayers', fn, { min: 0, max: provider.numLayers });
  const useIdf = checkBoolean(options.idf ?? false, 'idf', fn);
  const multi = refs.some((r) => Array.isArray(r));
  // Flatten to (candidate, reference) pairs; `owner[k]` is the candidate of pair k.
  const pairCand: string[] = [];
  const pairRef: string[] = [];
  const owner: number[] = [];
  refs.forEach((r, i) => {
    const list = Array.isArray(r) ? (r as readonly string[]) : [r as string];
    if (list.length === 0) throw invalidInput(fn, { argument: 'refs', index: i }, 'hold at least one reference', 'an empty list', 'TE-202');
    for (const one of list) {
      pairCand.push(cands[i] as string);
      pairRef.push(one);
      owner.push(i);
    }
  });
  // Each distinct sentence is encoded and embedded once (bert_score dedups the same way).
  const texts = [...new Set([...pairCand, ...pairRef])];
  const index = new Map(texts.map((t, i) => [t, i]));
  const encoded = texts.map((t) => bertScoreTokenize(provider, t));
  reportTruncation(fn, provider.source, encoded.filter((e) => e.truncated).length, provider.maxLength);
  const emb = await provider.embedTokens(encoded.map((e) => ({ ids: e.ids })), numLayers, options.onProgress);

  const refIds = pairRef.map((t) => (encoded[index.get(t) as number] as { ids: number[] }).ids);
  const idf = useIdf ? referenceIdf(refIds) : undefined;
  const weight = (id: number): number => (idf ? idfWeight(idf, id) : id === provider.clsId || id === provider.sepId ? 0 : 1);

  // Gather the pairs' token rows into the kernel's ragged layout.
  const dim = emb.dim;
  const segment = (t: string): [number, number] => {
    const s = index.get(t) as number;
    return [emb.offsets[s] as number, emb.offsets[s + 1] as number];
  };
  const gather = (side: readonly string[]): { rows: Float32Array; offsets: Int32Array } => {
    const offsets = new Int32Array(side.length + 1);
    side.forEach((t, k) => {
      const [a, b] = segment(t);
      offsets[k + 1] = (offsets[k] as number) + (b - a);
    });
    const rows = new Float32Array((offsets[side.length] as number) * dim);
    side.forEach((t, k) => {
      const [a, b] = segment(t);
      rows.set(emb.data.subarray(a * dim, b * dim), (offsets[k] as number) * dim);
    });
    return { rows, offsets };
  };
  const c = gather(pairCand);
  const r = gather(pairRef);
  const { candBest, refBest } = await runKernel('GreedyCosineMatch', { cand: c.rows, ref: r.rows, candOffsets: c.offsets, refOffsets: r.offsets }, { dim }, { backend: options.backend, size: c.rows.length + r.rows.length });

  const pairs = pairCand.length;
  const pP = new Float64Array(pairs);
  const pR = new Float64Array(pairs);
  const pF = new Float64Array(pairs);
  for (let k = 0; k < pairs; k++) {
    const cIds = (encoded[index.get(pairCand[k] as string) as number] as { ids: number[] }).ids;
    const rIds = refIds[k] as number[];
    const weighted = (ids: readonly number[], best: ArrayLike<number>, from: number): number => {
      let num = 0;
      let den = 0;
      for (let t = 0; t < ids.length; t++) {
        const w = weight(ids[t] as number);
        num += w * (best[from + t] as number);
        den += w;
      }
      return num / den;
    };
    // An empty sentence ([CLS] [SEP] only) scores 0 on both sides, as bert_score sets it.
    const onlySpecial = (ids: readonly number[]): boolean => ids.every((id) => id === provider.clsId || id === provider.sepId);
    const empty = onlySpecial(cIds) || onlySpecial(rIds);
    const P = empty ? 0 : weighted(cIds, candBest, c.offsets[k] as number);
    const R = empty ? 0 : weighted(rIds, refBest, r.offsets[k] as number);
    const F = (2 * P * R) / (P + R);
    pP[k] = P;
    pR[k] = R;
    pF[k] = Number.isNaN(F) ? 0 : F;
  }

  const precision = new Float64Array(cands.length).fill(-Infinity);
  const recall = new Float64Array(cands.length).fill(-Infinity);
  const f1 = new Float64Array(cands.length).fill(-Infinity);
  owner.forEach((i, k) => {
    precision[i] = Math.max(precision[i] as number, pP[k] as number);
    recall[i] = Math.max(recall[i] as number, pR[k] as number);
    f1[i] = Math.max(f1[i] as number, pF[k] as number);
  });
  if (options.rescaleWithBaseline) {
    if (options.baseline === undefined) throw invalidInput(fn, 'baseline', 'be given when rescaleWithBaseline is true (values or a bert_score baseline file)', 'none', 'TE-204');
    const b = typeof options.baseline === 'string' ? await readBertScoreBaseline(options.baseline, numLayers) : options.baseline;
    // Rescaling is monotone, so rescaling after the max equals bert_score's order; the per-reference
    // scores it reports are rescaled too.
    for (const [arr, base] of [[precision, b.P], [recall, b.R], [f1, b.F], [pP, b.P], [pR, b.R], [pF, b.F]] as const) {
      for (let i = 0; i < arr.length; i++) arr[i] = ((arr[i] as number) - base) / (1 - base);
    }
  }
  return {
    precision, recall, f1,
    ...(multi ? { perReference: { precision: pP, recall: pR, f1: pF } } : {}),
    ...(idf ? { idf } : {}),
    candidateIds: cands.map((t) => (encoded[index.get(t) as number] as { ids: number[] }).ids),
    referenceIds: refIds,
  };
}
