import { anyObject, arrayOf, bool, closedObject, int, nullable, num, oneOfValues, str, type JsonSchema } from './json-schema';
import { KNOWN_PARAMETERS } from './known-parameters';
import type { TaskSchema } from './task-schema';

const ROUGE_TYPES = ['rouge1', 'rouge2', 'rouge3', 'rouge4', 'rouge5', 'rouge6', 'rouge7', 'rouge8', 'rouge9', 'rougeL', 'rougeLsum'];

/** One text datum: the response, its references, and what the H2O checks read. */
export const TEXT_DATUM = closedObject(
  {
    uid: str('unique datum id, named in every error and record'),
    response: str('the generated text'),
    query: str('the query or prompt (model-based methods: gptscore, hallucination_cross_encoder)'),
    references: arrayOf(str('a reference text'), 'reference texts (ROUGE, BLEU)'),
    contexts: arrayOf(str('a retrieved context'), 'retrieved contexts (PII and sensitive-data checks scan them too)'),
    sentences: arrayOf(str('a sentence'), 'the response already split into sentences (looping unique-sentence ratio)'),
    condition: str('text-matching condition of this datum (overrides the call parameter)'),
    encoding: oneOfValues('encoding perturbation of this test case (encoding_guardrail)', ['base16', 'base16-spaces', 'base64']),
  },
  ['uid', 'response'],
);

const SACRE_PARAMETERS: Readonly<Record<string, JsonSchema>> = {
  tokenize: oneOfValues("sacrebleu tokenizer (default '13a')", ['13a', 'intl', 'char', 'none']),
  smooth_method: oneOfValues("sacrebleu smoothing (default 'exp')", ['exp', 'floor', 'add-k', 'none']),
  smooth_value: nullable(num('floor: 0.1, add-k: 1 by default (null = default)')),
  lowercase: bool('lowercase before tokenizing (default false)'),
  effective_order: bool('average over the orders with hypothesis n-grams only (corpus default false, sentence default true)'),
  max_ngram_order: int('highest n-gram order (default 4)', { minimum: 1 }),
};

const SACRE_REFERENCE = 'sacrebleu 2.6 BLEU (corpus_score / sentence_score)';

/** The regex classes of Valor's BLEU tokenizer: they changed with nltk's engine, beyond ASCII. */
const REGEX_ENGINE = oneOfValues("the regex engine nltk's RegexpTokenizer runs Valor's pattern with: 'regex' (nltk 3.10.3, default) or 're' (nltk 3.8); they differ beyond ASCII", ['regex', 're']);

/**
 * The `text` task: Valor's sentence BLEU on `{response, references}`, and over `data.datums` the
 * rouge-score, sacrebleu, nltk corpus BLEU and H2O text checks.
 */
export const TEXT_SCHEMA: TaskSchema = {
  description: "Text comparison and text checks. `data` is Valor's `{response, references}` (sentence_bleu) or `{datums: [...]}`.",
  data: {
    anyOf: [
      closedObject({ response: str('the generated text'), references: arrayOf(str('a reference'), 'references') }, ['response', 'references'], "Valor's single text pair"),
      closedObject({ datums: arrayOf(TEXT_DATUM, 'the datums, each with a unique uid') }, ['datums']),
    ],
  },
  methods: {
    sentence_bleu: { description: "Valor's sentence BLEU (nltk-exact, Valor tokenizer); one record, or one per datum", reference: 'valor-lite calculate_sentence_bleu', parameters: { weights: KNOWN_PARAMETERS.weights as JsonSchema, regex_engine: REGEX_ENGINE } },
    calculate_sentence_bleu: {
      description: "Valor's plain function: the texts are in the call; returns the number",
      reference: 'valor-lite calculate_sentence_bleu',
      parameters: { prediction: KNOWN_PARAMETERS.prediction as JsonSchema, references: KNOWN_PARAMETERS.references as JsonSchema, weights: KNOWN_PARAMETERS.weights as JsonSchema, regex_engine: REGEX_ENGINE },
      required: ['prediction', 'references'],
    },
    rouge: {
      description: 'ROUGE per datum and type: value = F-measure (best over references), details = precision and recall',
      reference: 'google-research rouge_score 0.1.2 (RougeScorer.score_multi)',
      parameters: {
        rouge_types: arrayOf(oneOfValues('a ROUGE type', ROUGE_TYPES), "default ['rouge1', 'rouge2', 'rougeL', 'rougeLsum']", { minItems: 1 }),
        use_stemmer: bool("Porter-stem tokens longer than 3 characters (default false)"),
        split_summaries: { const: false, description: 'rouge-score split_summaries; only false: nltk Punkt sentence splitting for rougeLsum is not reproduced (rougeLsum splits on newlines)' },
      },
    },
    sacrebleu: { description: 'corpus BLEU over all datums: value = score, details = counts, totals, precisions, bp, lengths, signature', reference: SACRE_REFERENCE, parameters: SACRE_PARAMETERS },
    sacrebleu_sentence: { description: 'sentence BLEU per datum (sacrebleu sentence_score conventions)', reference: SACRE_REFERENCE, parameters: SACRE_PARAMETERS },
    corpus_bleu: {
      description: "nltk corpus BLEU over all datums; texts are split on whitespace (Python's str.split())",
      reference: 'nltk 3.8 nltk.translate.bleu_score.corpus_bleu',
      parameters: {
        weights: KNOWN_PARAMETERS.weights as JsonSchema,
        smoothing: oneOfValues("nltk SmoothingFunction method (default 'method0', none)", ['method0', 'method1', 'method2', 'method3', 'method4', 'method5', 'method6', 'method7']),
        auto_reweigh: bool('nltk auto_reweigh (default false)'),
        epsilon: num('method1 epsilon (default 0.1)'),
        alpha: num('method6 alpha (default 5)'),
        k: num('method4 k (default 5)'),
      },
    },
    looping: { description: 'H2O looping detection per datum: unique_sentences, longest_repeated_substring and compression_ratio records', reference: 'h2o-sonar LoopingDetectionEvaluator', parameters: {} },
    pii_leakage: { description: 'H2O PII leakage per datum (1 = nothing leaked); details list the matches', reference: 'h2o-sonar PII leakage evaluator', parameters: {} },
    sensitive_data: { description: 'H2O sensitive data leakage per datum (API keys, Windows product keys, certificates)', reference: 'h2o-sonar sensitive data leakage evaluator', parameters: {} },
    json_schema: { description: 'H2O JSON validity / JSON Schema compliance per datum (1 = valid)', reference: 'h2o-sonar JSON evaluator (ajv, draft 2020-12)', parameters: { schema: anyObject('the JSON Schema responses must satisfy; {} only requires valid JSON') } },
    text_matching: { description: 'H2O text matching per datum (1 = the condition holds)', reference: 'h2o-sonar text matching evaluator', parameters: { condition: str('condition: "string", regexp("..."), AND, OR, NOT, parentheses') } },
    encoding_guardrail: {
      description: "H2O encoding guardrail per datum (needs each datum's `encoding`; 1 = pass)",
      reference: 'h2o-sonar encoding guardrail',
      parameters: { condition: str('condition checked on the answer with its decoded part; without one the PII suite decides') },
    },
  },
};
