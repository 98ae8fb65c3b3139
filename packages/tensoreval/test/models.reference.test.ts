import { setWarningHandler, TensorEvalError } from 'tensoreval';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import '@tensoreval/backend-onnx';
import { bertScore, bertScoreTokenize, closeModelDirectories, crossEncoderRank, gptScore, OnnxCausalLm, OnnxSequenceClassifier, OnnxTokenEmbeddings, perplexity, rankLabels, toxicity } from '@tensoreval/metrics/models';
import { OnnxEmbeddings } from '@tensoreval/metrics/embedding';
import { runKernel } from '@tensoreval/core';

// Runs every case of every *.json in test-data/reference/models, found when the suite runs, through the
// library: models are loaded from the folder's subdirectories named by each case's (or file's) model_dir.
// Token ids are compared exactly; numbers within each case's stated tolerance (|got - exp| <= abs + rel·|exp|).
const folder = fileURLToPath(new URL('../../../test-data/reference/models/', import.meta.url));
const files = readdirSync(folder).filter((f) => f.endsWith('.json')).sort();

// Truncation of the long fixture texts is expected here.
setWarningHandler(() => {});
afterAll(() => closeModelDirectories());

interface Tol { abs: number; rel: number }
interface Case { id: string; kind: string; input: Record<string, unknown>; expected: unknown; tolerance?: unknown }
interface Fixture { _meta: Record<string, unknown>; cases?: Case[] }

function close(got: ArrayLike<number> | number, exp: ArrayLike<number> | number, tol: Tol, what: string): void {
  const g = typeof got === 'number' ? [got] : Array.from(got);
  const e = typeof exp === 'number' ? [exp] : Array.from(exp);
  expect(g.length, `${what}: length`).toBe(e.length);
  e.forEach((x, i) => {
    const y = g[i] as number;
    // NaN where the reference has NaN (e.g. a mean over no scored token)
    if (Number.isNaN(x) && Number.isNaN(y)) return;
    const ok = Math.abs(y - x) <= tol.abs + tol.rel * Math.abs(x);
    if (!ok) expect.fail(`${what}[${i}]: got ${y}, expected ${x} (|diff| ${Math.abs(y - x)} > ${tol.abs} + ${tol.rel}·|exp|)`);
  });
}

/** The case's tolerance for `key`: a {abs, rel} object, or one under the key (or a key naming several, "P/R/F"). */
function tol(c: Case, key?: string): Tol {
  const t = c.tolerance as Record<string, unknown> | undefined;
  if (t && typeof t.abs === 'number') return t as unknown as Tol;
  if (t && key) {
    const entry = Object.entries(t).find(([k]) => k === key || k.split('/').includes(key));
    if (entry && typeof entry[1] === 'object') return entry[1] as Tol;
  }
  throw new Error(`case ${c.id}: no numeric tolerance for ${key ?? 'values'}`);
}

const dirOf = (fx: Fixture, c: Case): string => join(folder, String(c.input.model_dir ?? fx._meta.model_dir));
const matrixRows = (m: number[][]): number[] => m.flat();

type Runner = (c: Case, fx: Fixture) => Promise<void>;

// One sentence-embedding session per directory and pooling for the whole run.
const sentenceModels = new Map<string, Promise<OnnxEmbeddings>>();
function sentenceModel(dir: string, pooling: 'mean' | 'cls', normalize: boolean): Promise<OnnxEmbeddings> {
  const key = `${dir}|${pooling}|${normalize}`;
  if (!sentenceModels.has(key)) sentenceModels.set(key, OnnxEmbeddings.fromDirectory(dir, { pooling, normalize }));
  return sentenceModels.get(key)!;
}

const bertscoreKinds: Record<string, Runner> = {
  async sent_encode(c, fx) {
    const enc = await OnnxTokenEmbeddings.fromDirectory(dirOf(fx, c));
    const exp = c.expected as { input_ids: number[]; tokens?: string[] };
    expect(bertScoreTokenize(enc, String(c.input.text)).ids).toEqual(exp.input_ids);
    if (exp.tokens) expect(enc.tokenizer.tokens(exp.input_ids)).toEqual(exp.tokens);
  },
  async token_norms(c, fx) {
    const enc = await OnnxTokenEmbeddings.fromDirectory(dirOf(fx, c));
    const exp = c.expected as { input_ids: number[]; token_norms: number[] };
    const { ids } = bertScoreTokenize(enc, String(c.input.sentence));
    expect(ids).toEqual(exp.input_ids);
    const emb = await enc.embedTokens([{ ids }], Number(c.input.num_layers));
    const norms = Array.from({ length: ids.length }, (_, t) => Math.hypot(...emb.data.subarray(t * emb.dim, (t + 1) * emb.dim)));
    close(norms, exp.token_norms, tol(c), `${c.id} token_norms`);
  },
  async cosine_matrix(c, fx) {
    const enc = await OnnxTokenEmbeddings.fromDirectory(dirOf(fx, c));
    const exp = c.expected as { cand_ids: number[]; ref_ids: number[]; cosine_matrix: number[][] };
    const encode = (t: unknown) => bertScoreTokenize(enc, String(t)).ids;
    const cand = encode(c.input.cand);
    const ref = encode(c.input.ref);
    expect([cand, ref]).toEqual([exp.cand_ids, exp.ref_ids]);
    const emb = await enc.embedTokens([{ ids: cand }, { ids: ref }], Number(c.input.num_layers));
    const split = emb.offsets[1] as number;
    const { scores } = await runKernel('PairwiseCosine', { a: emb.data.subarray(0, split * emb.dim), b: emb.data.subarray(split * emb.dim) }, { dim: emb.dim });
    close(scores, matrixRows(exp.cosine_matrix), tol(c), `${c.id} cosine_matrix`);
  },
  async score(c, fx) {
    const i = c.input as { cands: string[]; refs: string[] | string[][]; num_layers: number; idf: boolean; rescale_with_baseline: boolean; baseline_path: string | null };
    const enc = await OnnxTokenEmbeddings.fromDirectory(dirOf(fx, c));
    const exp = c.expected as { P: number[]; R: number[]; F: number[]; per_ref_flattened?: { P: number[]; R: number[]; F: number[] }; idf?: { num_docs: number; default_for_ids_not_in_refs: number; by_token_id: Record<string, number> } };
    // The greedy matching on every backend that implements it: cpu (float64) and onnx (float32 MatMul).
    for (const backend of ['cpu', 'onnx']) {
      const out = await bertScore(enc, i.cands, i.refs, {
        numLayers: i.num_layers, idf: i.idf, rescaleWithBaseline: i.rescale_with_baseline, backend,
        ...(i.baseline_path ? { baseline: join(folder, i.baseline_path) } : {}),
      });
      const t = tol(c, 'P');
      close(out.precision, exp.P, t, `${c.id} P`);
      close(out.recall, exp.R, t, `${c.id} R`);
      close(out.f1, exp.F, t, `${c.id} F`);
      if (exp.per_ref_flattened) {
        expect(out.perReference, `${c.id}: per-reference scores`).toBeDefined();
        close(out.perReference!.precision, exp.per_ref_flattened.P, tol(c, 'P'), `${c.id} per-ref P`);
        close(out.perReference!.recall, exp.per_ref_flattened.R, tol(c, 'R'), `${c.id} per-ref R`);
        close(out.perReference!.f1, exp.per_ref_flattened.F, tol(c, 'F'), `${c.id} per-ref F`);
      }
      if (exp.idf) {
        const ti = tol(c, 'idf');
        expect(out.idf?.numDocs).toBe(exp.idf.num_docs);
        close(out.idf!.defaultWeight, exp.idf.default_for_ids_not_in_refs, ti, `${c.id} idf default`);
        // The fixture weighs every token of candidates and references. An id of some reference must have
        // its own table entry; any other id must have none and take the documented ln(N + 1) (idfWeight).
        const inRefs = new Set(out.referenceIds.flat());
        const fixtureIds = Object.keys(exp.idf.by_token_id).map(Number);
        expect([...out.idf!.byId.keys()].sort((a, b) => a - b), `${c.id}: idf entries = the references' token ids`).toEqual(fixtureIds.filter((id) => inRefs.has(id)).sort((a, b) => a - b));
        for (const [key, v] of Object.entries(exp.idf.by_token_id)) {
          const id = Number(key);
          close(inRefs.has(id) ? (out.idf!.byId.get(id) as number) : out.idf!.defaultWeight, v, ti, `${c.id} idf[${id}]${inRefs.has(id) ? '' : ' (in no reference)'}`);
        }
      }
    }
  },
};

const crossKinds: Record<string, Runner> = {
  async predict(c, fx) {
    const ce = await OnnxSequenceClassifier.fromDirectory(dirOf(fx, c), { semantics: 'cross-encoder' });
    const exp = c.expected as { input_ids: number[]; token_type_ids: number[]; logit: number; score: number };
    const out = await ce.scorePairs([[String(c.input.query), String(c.input.passage)]]);
    expect(out.inputIds[0]).toEqual(exp.input_ids);
    expect(out.typeIds[0]).toEqual(exp.token_type_ids);
    close(out.logits, [exp.logit], tol(c, 'logit'), `${c.id} logit`);
    close(out.scores, [exp.score], tol(c, 'score'), `${c.id} score`);
  },
  async rank(c, fx) {
    const ce = await OnnxSequenceClassifier.fromDirectory(dirOf(fx, c), { semantics: 'cross-encoder' });
    const exp = c.expected as Array<{ corpus_id: number; score: number }>;
    const ranked = await crossEncoderRank(ce, String(c.input.query), c.input.documents as string[]);
    expect(ranked.map((r) => r.corpusId)).toEqual(exp.map((e) => e.corpus_id));
    close(ranked.map((r) => r.score), exp.map((e) => e.score), tol(c, 'score'), `${c.id} scores`);
  },
};

const toxicityKinds: Record<string, Runner> = {
  async classify(c, fx) {
    const clf = await OnnxSequenceClassifier.fromDirectory(dirOf(fx, c));
    const exp = c.expected as { input_ids: number[]; logits: number[]; scores: Record<string, number>; pipeline_output: Array<{ label: string; score: number }> };
    const out = await toxicity(clf, [String(c.input.text)]);
    expect(out.inputIds[0]).toEqual(exp.input_ids);
    if (Array.isArray(fx._meta.labels)) expect(out.labels).toEqual(fx._meta.labels);
    close(out.logits, exp.logits, tol(c, 'logits'), `${c.id} logits`);
    close(out.scores, out.labels.map((l) => exp.scores[l] as number), tol(c, 'scores'), `${c.id} scores`);
    const ranked = rankLabels(out.labels, out.scores, 0);
    expect(ranked.map((r) => r.label)).toEqual(exp.pipeline_output.map((p) => p.label));
  },
};

const embeddingKinds: Record<string, Runner> = {
  async encode(c, fx) {
    const dir = dirOf(fx, c);
    const exp = c.expected as { input_ids: number[]; mean: number[]; cls: number[] };
    const enc = await OnnxTokenEmbeddings.fromDirectory(dir);
    expect(enc.tokenizer.encode(String(c.input.sentence), undefined, { truncation: { maxLength: enc.maxLength } }).ids).toEqual(exp.input_ids);
    const t = tol(c, 'mean');
    for (const pooling of ['mean', 'cls'] as const) {
      const model = await sentenceModel(dir, pooling, false);
      const [v] = await model.embed([String(c.input.sentence)]);
      close(v!, exp[pooling], t, `${c.id} ${pooling}`);
    }
  },
  async cosine(c, fx) {
    const dir = dirOf(fx, c);
    const exp = c.expected as { cosine_mean: number; cosine_cls: number };
    for (const pooling of ['mean', 'cls'] as const) {
      const model = await sentenceModel(dir, pooling, true);
      const [a, b] = await model.embed([String(c.input.a), String(c.input.b)]);
      const dot = a!.reduce((s, x, d) => s + x * (b![d] as number), 0);
      close(dot, pooling === 'mean' ? exp.cosine_mean : exp.cosine_cls, tol(c), `${c.id} cosine ${pooling}`);
    }
  },
};

const lmKinds: Record<string, Runner> = {
  async perplexity(c, fx) {
    const lm = await OnnxCausalLm.fromDirectory(dirOf(fx, c), { batchSize: Number(c.input.batch_size ?? 16) });
    const exp = c.expected as { perplexities: number[]; mean_perplexity: number; scored_token_ids: number[][] };
    const out = await perplexity(lm, c.input.predictions as string[], {
      addStartToken: c.input.add_start_token as boolean,
      ...(c.input.max_length != null ? { maxLength: Number(c.input.max_length) } : {}),
    });
    expect(out.scoredTokenIds).toEqual(exp.scored_token_ids);
    close(out.perplexities, exp.perplexities, tol(c), `${c.id} perplexities`);
    close(out.meanPerplexity, exp.mean_perplexity, tol(c), `${c.id} mean_perplexity`);
  },
  async perplexity_error(c, fx) {
    const lm = await OnnxCausalLm.fromDirectory(dirOf(fx, c));
    const run = perplexity(lm, c.input.predictions as string[], {
      addStartToken: c.input.add_start_token as boolean,
      ...(c.input.max_length != null ? { maxLength: Number(c.input.max_length) } : {}),
    });
    await expect(run).rejects.toThrow(TensorEvalError);
    await expect(run).rejects.toThrow(/TE-70[36]/);
  },
  async token_logprobs(c, fx) {
    const lm = await OnnxCausalLm.fromDirectory(dirOf(fx, c));
    const exp = c.expected as { token_ids: number[]; tokens?: string[]; logprobs: number[]; sum: number; mean: number; perplexity?: number };
    const ids = lm.tokenizer.encode(String(c.input.text), undefined, { addSpecialTokens: false }).ids;
    const seq = c.input.add_start_token === false ? ids : [lm.bosTokenId as number, ...ids];
    expect(seq).toEqual(exp.token_ids);
    if (exp.tokens) expect(lm.tokenizer.tokens(seq)).toEqual(exp.tokens);
    const [lp] = await lm.sequenceLogprobs([seq]);
    const sum = lp!.reduce((s, x) => s + x, 0);
    close(lp!, exp.logprobs, tol(c), `${c.id} logprobs`);
    close(sum, exp.sum, tol(c), `${c.id} sum`);
    close(sum / lp!.length, exp.mean, tol(c), `${c.id} mean`);
    if (exp.perplexity !== undefined) {
      const ppl = await perplexity(lm, [String(c.input.text)], { addStartToken: c.input.add_start_token !== false });
      close(ppl.perplexities, [exp.perplexity], { abs: 0, rel: 1e-5 }, `${c.id} perplexity`);
    }
  },
  async gptscore(c, fx) {
    const lm = await OnnxCausalLm.fromDirectory(dirOf(fx, c));
    const item = { src: String(c.input.src), tgt: String(c.input.tgt), promptText: String(c.input.prompt_text ?? '') };
    const exp = c.expected as { conditional: { context_ids: number[]; target_ids: number[]; target_logprobs: number[]; sum: number; mean: number }; gptscore_optscorer: { score: number; joint_ids: number[]; n_scored: number } };
    const cond = await gptScore(lm, [item], { semantics: 'conditional' });
    const ce = exp.conditional;
    expect(cond.inputIds[0]).toEqual([...ce.context_ids, ...ce.target_ids]);
    expect(cond.scoredCounts[0]).toBe(ce.target_ids.length);
    close(cond.tokenLogprobs[0]!, ce.target_logprobs, tol(c), `${c.id} conditional logprobs`);
    close(cond.tokenLogprobs[0]!.reduce((s, x) => s + x, 0), ce.sum, tol(c), `${c.id} conditional sum`);
    close(cond.scores, [ce.mean], tol(c), `${c.id} conditional mean`);
    const opt = await gptScore(lm, [item], { semantics: 'optscorer' });
    expect(opt.inputIds[0]).toEqual(exp.gptscore_optscorer.joint_ids);
    expect(opt.scoredCounts[0]).toBe(exp.gptscore_optscorer.n_scored);
    close(opt.scores, [exp.gptscore_optscorer.score], tol(c), `${c.id} optscorer`);
  },
};

/** Case kinds by fixture family (`_meta.family`, else the file name). */
const families: Record<string, Record<string, Runner>> = {
  bertscore: bertscoreKinds, cross_encoder: crossKinds, toxicity: toxicityKinds, embeddings: embeddingKinds, perplexity: lmKinds, gptscore: lmKinds,
};
const allKinds: Record<string, Runner> = Object.assign({}, ...Object.values(families));

describe('model reference fixtures', () => {
  it('finds the fixture folder populated', () => {
    // the shared families are all there (cases dropped in later are run too)
    const withCases = files.filter((f) => Array.isArray((JSON.parse(readFileSync(join(folder, f), 'utf8')) as Fixture).cases));
    expect(withCases).toEqual(expect.arrayContaining(['bertscore.json', 'cross_encoder.json', 'embeddings.json', 'gptscore.json', 'perplexity.json', 'toxicity.json']));
  });
  for (const file of files) {
    const fx = JSON.parse(readFileSync(join(folder, file), 'utf8')) as Fixture;
    // Files without cases (onnx_parity.json) document the models; they hold nothing to run.
    if (!Array.isArray(fx.cases)) continue;
    const family = String(fx._meta.family ?? file.replace(/\.json$/, '').replace(/_[AB]$/, ''));
    describe(file, () => {
      for (const c of fx.cases!) {
        it(`${c.id} (${c.kind})`, async () => {
          const run = families[family]?.[c.kind] ?? allKinds[c.kind];
          if (!run) throw new Error(`${file}: no runner for case kind '${c.kind}'`);
          await run(c, fx);
        });
      }
    });
  }
});
