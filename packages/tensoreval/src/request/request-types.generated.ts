// Generated from the request schema (request/schema/) by schemaToTypeScript; do not edit.
// Regenerate: npx tsx packages/tensoreval/scripts/generate-request-types.ts

/** the classification task (Valor data model, see DESIGN.md "Metric request") */
export type ClassificationRequest = {
  task: "classification";
  /** default 'valor' */
  semantics?: "valor";
  /** Valor's data model */
  data: Record<string, unknown>;
  metrics: Array<{
    /** unique id of the call; keys its output */
    id: string;
    /** precision_recall */
    method: "precision_recall";
    /** Valor's score thresholds */
    score_thresholds?: Array<number>;
    /** Valor's hardmax: only each datum's top-scoring prediction counts */
    hardmax?: boolean;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** rocauc */
    method: "rocauc";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** confusion_matrix */
    method: "confusion_matrix";
    /** Valor's score thresholds */
    score_thresholds?: Array<number>;
    /** Valor's hardmax: only each datum's top-scoring prediction counts */
    hardmax?: boolean;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** examples */
    method: "examples";
    /** Valor's score thresholds */
    score_thresholds?: Array<number>;
    /** Valor's hardmax: only each datum's top-scoring prediction counts */
    hardmax?: boolean;
    /** keep at most this many examples (pagination) */
    limit?: number;
    /** skip this many examples (pagination) */
    offset?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** confusion_matrix_with_examples */
    method: "confusion_matrix_with_examples";
    /** Valor's score thresholds */
    score_thresholds?: Array<number>;
    /** Valor's hardmax: only each datum's top-scoring prediction counts */
    hardmax?: boolean;
    /** keep at most this many examples (pagination) */
    limit?: number;
    /** skip this many examples (pagination) */
    offset?: number;
  }>;
};

/** the object_detection task (Valor data model, see DESIGN.md "Metric request") */
export type ObjectDetectionRequest = {
  task: "object_detection";
  /** default 'coco' */
  semantics?: "coco" | "valor";
  /** Valor's data model */
  data: Record<string, unknown>;
  metrics: Array<{
    /** unique id of the call; keys its output */
    id: string;
    /** precision_recall */
    method: "precision_recall";
    /** Valor's IoU thresholds in [0, 1] */
    iou_thresholds?: Array<number>;
    /** Valor's score thresholds */
    score_thresholds?: Array<number>;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** confusion_matrix */
    method: "confusion_matrix";
    /** Valor's IoU thresholds in [0, 1] */
    iou_thresholds?: Array<number>;
    /** Valor's score thresholds */
    score_thresholds?: Array<number>;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** examples */
    method: "examples";
    /** Valor's IoU thresholds in [0, 1] */
    iou_thresholds?: Array<number>;
    /** Valor's score thresholds */
    score_thresholds?: Array<number>;
    /** keep at most this many examples (pagination) */
    limit?: number;
    /** skip this many examples (pagination) */
    offset?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** confusion_matrix_with_examples */
    method: "confusion_matrix_with_examples";
    /** Valor's IoU thresholds in [0, 1] */
    iou_thresholds?: Array<number>;
    /** Valor's score thresholds */
    score_thresholds?: Array<number>;
    /** keep at most this many examples (pagination) */
    limit?: number;
    /** skip this many examples (pagination) */
    offset?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** tide */
    method: "tide";
    /** TIDE foreground IoU t_f: a prediction is a true positive at IoU >= t_f (default 0.5) */
    pos_threshold?: number;
    /** TIDE background IoU t_b: at or below it a prediction overlaps nothing (default 0.1; at most pos_threshold) */
    bg_threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** bbox_iou */
    method: "bbox_iou";
    /** the (ground truth, prediction) annotation pairs whose IoU to report */
    pairs?: Array<Array<unknown>>;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** polygon_iou */
    method: "polygon_iou";
    /** the (ground truth, prediction) annotation pairs whose IoU to report */
    pairs?: Array<Array<unknown>>;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** bitmask_iou */
    method: "bitmask_iou";
    /** the (ground truth, prediction) annotation pairs whose IoU to report */
    pairs?: Array<Array<unknown>>;
  }>;
};

/** the semantic_segmentation task (Valor data model, see DESIGN.md "Metric request") */
export type SemanticSegmentationRequest = {
  task: "semantic_segmentation";
  /** default 'valor' */
  semantics?: "valor";
  /** Valor's data model */
  data: Record<string, unknown>;
  metrics: Array<{
    /** unique id of the call; keys its output */
    id: string;
    /** precision_recall_iou */
    method: "precision_recall_iou";
  }>;
};

/** Text comparison and text checks. `data` is Valor's `{response, references}` (sentence_bleu) or `{datums: [...]}`. */
export type TextRequest = {
  task: "text";
  /** default 'valor' */
  semantics?: "valor";
  data: {
    /** the generated text */
    response: string;
    /** references */
    references: Array<string>;
  } | {
    /** the datums, each with a unique uid */
    datums: Array<{
      /** unique datum id, named in every error and record */
      uid: string;
      /** the generated text */
      response: string;
      /** the query or prompt (model-based methods: gptscore, hallucination_cross_encoder) */
      query?: string;
      /** reference texts (ROUGE, BLEU) */
      references?: Array<string>;
      /** retrieved contexts (PII and sensitive-data checks scan them too) */
      contexts?: Array<string>;
      /** the response already split into sentences (looping unique-sentence ratio) */
      sentences?: Array<string>;
      /** text-matching condition of this datum (overrides the call parameter) */
      condition?: string;
      /** encoding perturbation of this test case (encoding_guardrail) */
      encoding?: "base16" | "base16-spaces" | "base64";
    }>;
  };
  metrics: Array<{
    /** unique id of the call; keys its output */
    id: string;
    /** Valor's sentence BLEU (nltk-exact, Valor tokenizer); one record, or one per datum (reproduces valor-lite calculate_sentence_bleu) */
    method: "sentence_bleu";
    /** n-gram weights (BLEU) or component weights (answer correctness) */
    weights?: Array<number>;
    /** the regex engine nltk's RegexpTokenizer runs Valor's pattern with: 'regex' (nltk 3.10.3, default) or 're' (nltk 3.8); they differ beyond ASCII */
    regex_engine?: "regex" | "re";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** Valor's plain function: the texts are in the call; returns the number (reproduces valor-lite calculate_sentence_bleu) */
    method: "calculate_sentence_bleu";
    /** the predicted text */
    prediction: string;
    /** reference texts */
    references: Array<string>;
    /** n-gram weights (BLEU) or component weights (answer correctness) */
    weights?: Array<number>;
    /** the regex engine nltk's RegexpTokenizer runs Valor's pattern with: 'regex' (nltk 3.10.3, default) or 're' (nltk 3.8); they differ beyond ASCII */
    regex_engine?: "regex" | "re";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** ROUGE per datum and type: value = F-measure (best over references), details = precision and recall (reproduces google-research rouge_score 0.1.2 (RougeScorer.score_multi)) */
    method: "rouge";
    /** default ['rouge1', 'rouge2', 'rougeL', 'rougeLsum'] */
    rouge_types?: Array<"rouge1" | "rouge2" | "rouge3" | "rouge4" | "rouge5" | "rouge6" | "rouge7" | "rouge8" | "rouge9" | "rougeL" | "rougeLsum">;
    /** Porter-stem tokens longer than 3 characters (default false) */
    use_stemmer?: boolean;
    /** rouge-score split_summaries; only false: nltk Punkt sentence splitting for rougeLsum is not reproduced (rougeLsum splits on newlines) */
    split_summaries?: false;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** corpus BLEU over all datums: value = score, details = counts, totals, precisions, bp, lengths, signature (reproduces sacrebleu 2.6 BLEU (corpus_score / sentence_score)) */
    method: "sacrebleu";
    /** sacrebleu tokenizer (default '13a') */
    tokenize?: "13a" | "intl" | "char" | "none";
    /** sacrebleu smoothing (default 'exp') */
    smooth_method?: "exp" | "floor" | "add-k" | "none";
    /** floor: 0.1, add-k: 1 by default (null = default) */
    smooth_value?: number | null;
    /** lowercase before tokenizing (default false) */
    lowercase?: boolean;
    /** average over the orders with hypothesis n-grams only (corpus default false, sentence default true) */
    effective_order?: boolean;
    /** highest n-gram order (default 4) */
    max_ngram_order?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** sentence BLEU per datum (sacrebleu sentence_score conventions) (reproduces sacrebleu 2.6 BLEU (corpus_score / sentence_score)) */
    method: "sacrebleu_sentence";
    /** sacrebleu tokenizer (default '13a') */
    tokenize?: "13a" | "intl" | "char" | "none";
    /** sacrebleu smoothing (default 'exp') */
    smooth_method?: "exp" | "floor" | "add-k" | "none";
    /** floor: 0.1, add-k: 1 by default (null = default) */
    smooth_value?: number | null;
    /** lowercase before tokenizing (default false) */
    lowercase?: boolean;
    /** average over the orders with hypothesis n-grams only (corpus default false, sentence default true) */
    effective_order?: boolean;
    /** highest n-gram order (default 4) */
    max_ngram_order?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** nltk corpus BLEU over all datums; texts are split on whitespace (Python's str.split()) (reproduces nltk 3.8 nltk.translate.bleu_score.corpus_bleu) */
    method: "corpus_bleu";
    /** n-gram weights (BLEU) or component weights (answer correctness) */
    weights?: Array<number>;
    /** nltk SmoothingFunction method (default 'method0', none) */
    smoothing?: "method0" | "method1" | "method2" | "method3" | "method4" | "method5" | "method6" | "method7";
    /** nltk auto_reweigh (default false) */
    auto_reweigh?: boolean;
    /** method1 epsilon (default 0.1) */
    epsilon?: number;
    /** method6 alpha (default 5) */
    alpha?: number;
    /** method4 k (default 5) */
    k?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** H2O looping detection per datum: unique_sentences, longest_repeated_substring and compression_ratio records (reproduces h2o-sonar LoopingDetectionEvaluator) */
    method: "looping";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** H2O PII leakage per datum (1 = nothing leaked); details list the matches (reproduces h2o-sonar PII leakage evaluator) */
    method: "pii_leakage";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** H2O sensitive data leakage per datum (API keys, Windows product keys, certificates) (reproduces h2o-sonar sensitive data leakage evaluator) */
    method: "sensitive_data";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** H2O JSON validity / JSON Schema compliance per datum (1 = valid) (reproduces h2o-sonar JSON evaluator (ajv, draft 2020-12)) */
    method: "json_schema";
    /** the JSON Schema responses must satisfy; {} only requires valid JSON */
    schema?: Record<string, unknown>;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** H2O text matching per datum (1 = the condition holds) (reproduces h2o-sonar text matching evaluator) */
    method: "text_matching";
    /** condition: "string", regexp("..."), AND, OR, NOT, parentheses */
    condition?: string;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** H2O encoding guardrail per datum (needs each datum's `encoding`; 1 = pass) (reproduces h2o-sonar encoding guardrail) */
    method: "encoding_guardrail";
    /** condition checked on the answer with its decoded part; without one the PII suite decides */
    condition?: string;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** BERTScore P/R/F per datum (greedy cosine matching of token embeddings; max over references) (reproduces Tiiiger/bert_score 0.3.12) */
    method: "bertscore";
    /** name of an entry of the request's models block */
    model: string;
    /** encoder layer whose hidden states are matched */
    num_layers?: number;
    /** idf weighting over the references (default false) */
    idf?: boolean;
    /** rescale with the baseline file (default false) */
    rescale_with_baseline?: boolean;
    /** baseline TSV for rescaling */
    baseline_path?: string;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** cross-encoder answer similarity of response and reference (reproduces sentence-transformers CrossEncoder.predict) */
    method: "cross_encoder_similarity";
    /** name of an entry of the request's models block */
    model: string;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** HHEM-style hallucination score of the response against its context (reproduces sentence-transformers CrossEncoder.predict (HHEM)) */
    method: "hallucination_cross_encoder";
    /** name of an entry of the request's models block */
    model: string;
    /** score threshold (0..1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** multi-label toxicity per datum (sigmoid per label) and the H2O verdict (reproduces transformers text-classification pipeline; h2o-sonar toxicity evaluator) */
    method: "toxicity_classifier";
    /** name of an entry of the request's models block */
    model: string;
    /** score threshold (0..1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** perplexity per text and mean_perplexity (reproduces Hugging Face evaluate perplexity) */
    method: "perplexity";
    /** name of an entry of the request's models block */
    model: string;
    /** prepend the BOS token (default true) */
    add_start_token?: boolean;
    /** token limit per text */
    max_length?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** GPTScore: mean log-prob of the response given the prompt (reproduces GPTScore scorer) */
    method: "gptscore";
    /** name of an entry of the request's models block */
    model: string;
    /** prompt prefix before the query */
    prompt_text?: string;
    /** scoring form (default 'optscorer') */
    semantics?: "optscorer" | "conditional" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** H2O's GPTScore evaluators (prompt templates per task) (reproduces h2o-sonar GPTScore evaluators) */
    method: "h2o_gptscore";
    /** name of an entry of the request's models block */
    model: string;
    /** the H2O GPTScore task (aspect set) */
    task: string;
  }>;
  models?: ModelsBlock;
};

/** LLM-judged metrics (Valor, RAGAS, DeepEval, open-rag-eval, H2O) over query / response / context datums */
export type TextGenerationRequest = {
  task: "text_generation";
  /** default 'valor' */
  semantics?: "valor";
  data: {
    /** the datums */
    datums: Array<{
      /** unique datum id */
      uid: string;
      /** the user query */
      query?: string;
      /** the generated response */
      response?: string;
      /** the text to summarize (summarization) */
      text?: string;
      /** retrieved contexts in rank order */
      context?: Array<string>;
      /** reference answers */
      groundtruths?: Array<string>;
      /** the answer split into cited parts (open-rag-eval citations) */
      answer_parts?: Array<{
        /** the part */
        text: string;
        /** cited passage ids */
        citations?: Array<string>;
      }>;
      /** passage id → text */
      passages?: { [key: string]: string };
    }>;
  };
  metrics: Array<{
    /** unique id of the call; keys its output */
    id: string;
    /** answer_correctness */
    method: "answer_correctness";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
    /** n-gram weights (BLEU) or component weights (answer correctness) */
    weights?: Array<number>;
    /** F-beta of the factuality part (RAGAS answer correctness) */
    beta?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** answer_relevance */
    method: "answer_relevance";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** bias */
    method: "bias";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** toxicity */
    method: "toxicity";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** context_precision */
    method: "context_precision";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** context_recall */
    method: "context_recall";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** context_relevance */
    method: "context_relevance";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** faithfulness */
    method: "faithfulness";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
    /** DeepEval: "idk" verdicts count against faithfulness */
    penalize_ambiguous_claims?: boolean;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** hallucination */
    method: "hallucination";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** summary_coherence */
    method: "summary_coherence";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** summarization */
    method: "summarization";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
    /** DeepEval summarization: assessment questions to generate */
    n?: number;
    /** DeepEval summarization: fixed assessment questions */
    assessment_questions?: Array<string>;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** noise_sensitivity */
    method: "noise_sensitivity";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
    /** RAGAS noise sensitivity mode */
    mode?: "relevant" | "irrelevant";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** response_relevancy */
    method: "response_relevancy";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
    /** RAGAS: questions generated per response */
    strictness?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** umbrela */
    method: "umbrela";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
    /** retrieval cut-offs K */
    k_values?: Array<number>;
    /** grade at or above which a passage is relevant */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** no_answer */
    method: "no_answer";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** citation_support */
    method: "citation_support";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** autonuggetizer */
    method: "autonuggetizer";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** byop */
    method: "byop";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
    /** H2O BYOP: the judge prompt template */
    template?: string;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** language_mismatch */
    method: "language_mismatch";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** sexism */
    method: "sexism";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** stereotypes */
    method: "stereotypes";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** fact_check */
    method: "fact_check";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** contact_information */
    method: "contact_information";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** coherence */
    method: "coherence";
    /** whose rules and prompts the judged metric follows */
    semantics?: "valor" | "ragas" | "deepeval" | "open-rag-eval" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** BERTScore P/R/F per datum (greedy cosine matching of token embeddings; max over references) (reproduces Tiiiger/bert_score 0.3.12) */
    method: "bertscore";
    /** name of an entry of the request's models block */
    model: string;
    /** encoder layer whose hidden states are matched */
    num_layers?: number;
    /** idf weighting over the references (default false) */
    idf?: boolean;
    /** rescale with the baseline file (default false) */
    rescale_with_baseline?: boolean;
    /** baseline TSV for rescaling */
    baseline_path?: string;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** cross-encoder answer similarity of response and reference (reproduces sentence-transformers CrossEncoder.predict) */
    method: "cross_encoder_similarity";
    /** name of an entry of the request's models block */
    model: string;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** HHEM-style hallucination score of the response against its context (reproduces sentence-transformers CrossEncoder.predict (HHEM)) */
    method: "hallucination_cross_encoder";
    /** name of an entry of the request's models block */
    model: string;
    /** score threshold (0..1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** multi-label toxicity per datum (sigmoid per label) and the H2O verdict (reproduces transformers text-classification pipeline; h2o-sonar toxicity evaluator) */
    method: "toxicity_classifier";
    /** name of an entry of the request's models block */
    model: string;
    /** score threshold (0..1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** perplexity per text and mean_perplexity (reproduces Hugging Face evaluate perplexity) */
    method: "perplexity";
    /** name of an entry of the request's models block */
    model: string;
    /** prepend the BOS token (default true) */
    add_start_token?: boolean;
    /** token limit per text */
    max_length?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** GPTScore: mean log-prob of the response given the prompt (reproduces GPTScore scorer) */
    method: "gptscore";
    /** name of an entry of the request's models block */
    model: string;
    /** prompt prefix before the query */
    prompt_text?: string;
    /** scoring form (default 'optscorer') */
    semantics?: "optscorer" | "conditional" | "h2o";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** H2O's GPTScore evaluators (prompt templates per task) (reproduces h2o-sonar GPTScore evaluators) */
    method: "h2o_gptscore";
    /** name of an entry of the request's models block */
    model: string;
    /** the H2O GPTScore task (aspect set) */
    task: string;
  }>;
  judge?: JudgeBlock;
  embeddings?: EmbeddingsBlock;
  models?: ModelsBlock;
};

/** Retrieval and RAG scoring per datum (ranked lists, nuggets, citations, consistency). */
export type RetrievalRequest = {
  task: "retrieval";
  /** default 'valor' */
  semantics?: "valor";
  data: {
    /** the datums */
    datums: Array<{
      /** unique datum id */
      uid: string;
      /** graded relevance of the retrieved passages in rank order (e.g. UMBRELA 0-3) */
      grades?: Array<number>;
      /** 0/1 relevance of the retrieved passages in rank order */
      relevance?: Array<0 | 1 | true | false>;
      /** AutoNuggetizer nuggets with their assignment to the answer */
      nuggets?: Array<{
        /** nugget importance */
        importance: "vital" | "okay";
        /** 'support', 'partial_support' or 'not_support' (others count 0) */
        assignment: string;
      }>;
      /** answer parts with their citations */
      answer_parts?: Array<{
        /** the part */
        text: string;
        /** cited passage ids */
        citations: Array<string>;
      }>;
      /** passage id → text */
      passages?: { [key: string]: string };
      /** one judge label per (part, cited passage) pair, in call order */
      citation_labels?: Array<"full_support" | "partial_support" | "no_support">;
      /** scores of repeated runs (consistency statistics) */
      values?: Array<number>;
    }>;
  };
  metrics: Array<{
    /** unique id of the call; keys its output */
    id: string;
    /** Precision@K (a K beyond the list is skipped, as the reference) (reproduces vectara/open-rag-eval UMBRELAMetric retrieval metrics) */
    method: "precision_at_k";
    /** cut-offs K (default [1, 3, 5]) */
    k_values?: Array<number>;
    /** a grade at or above this is relevant (default 2, UMBRELA; relevance lists are 0/1 and use 1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** AP@K: mean precision at the relevant ranks within the top K (reproduces vectara/open-rag-eval UMBRELAMetric retrieval metrics) */
    method: "ap_at_k";
    /** cut-offs K (default [1, 3, 5]) */
    k_values?: Array<number>;
    /** a grade at or above this is relevant (default 2, UMBRELA; relevance lists are 0/1 and use 1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** reciprocal rank of the first relevant passage (0 if none) (reproduces vectara/open-rag-eval UMBRELAMetric retrieval metrics) */
    method: "mrr";
    /** a grade at or above this is relevant (default 2, UMBRELA; relevance lists are 0/1 and use 1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** Recall@K = relevant in the top K / relevant in the list (NaN without relevant items) (reproduces trec_eval / pytrec_eval recall_K over the retrieved list) */
    method: "recall_at_k";
    /** cut-offs K (default [1, 3, 5]) */
    k_values?: Array<number>;
    /** a grade at or above this is relevant (default 2, UMBRELA; relevance lists are 0/1 and use 1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** hit rate@K: 1 when the top K hold a relevant passage (reproduces trec_eval success_K) */
    method: "hit_rate_at_k";
    /** cut-offs K (default [1, 3, 5]) */
    k_values?: Array<number>;
    /** a grade at or above this is relevant (default 2, UMBRELA; relevance lists are 0/1 and use 1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** nDCG@K with linear gains over the retrieved list (reproduces scikit-learn ndcg_score / pytrec_eval ndcg_cut_K) */
    method: "ndcg_at_k";
    /** cut-offs K (default [1, 3, 5]) */
    k_values?: Array<number>;
    /** a grade at or above this is relevant (default 2, UMBRELA; relevance lists are 0/1 and use 1) */
    threshold?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** All, All Strict, Vital, Vital Strict, Weighted, Weighted Strict (reproduces vectara/open-rag-eval AutoNuggetizer _evaluate_answer) */
    method: "nugget_scores";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** citation weighted precision, recall and F1 (plus per citation and per part) (reproduces vectara/open-rag-eval CitationMetric.compute) */
    method: "citation_scores";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** mean, median, std, max_min, iqr, consistency_adjusted_index of repeated scores (reproduces vectara/open-rag-eval consistency evaluator) */
    method: "consistency_stats";
  }>;
};

/** Group fairness (SPD, DI, AOD, EOD), overall scores, CAT, counterfactual change rates and Kaleidoscope rates over the datums. */
export type FairnessRequest = {
  task: "fairness";
  /** default 'valor' */
  semantics?: "valor";
  data: {
    /** the datums */
    datums: Array<{
      /** unique datum id */
      uid: string;
      /** the true label */
      target?: boolean;
      /** the predicted label (or the binarized LLM answer) */
      predicted?: boolean;
      /** feature vector; sensitive variables index into it */
      features?: Array<number>;
      /** counterfactual fairness: the call for the original prompt failed */
      error?: boolean;
      /** counterfactual fairness: the original answer was valid */
      valid?: boolean;
      /** counterfactual fairness: the sensitive attribute (1.0 = attr1, else attr0) */
      sensitive?: number;
      counterfactual?: {
        /** the call failed */
        error: boolean;
        /** the answer was one of the allowed values */
        valid: boolean;
        /** the binarized answer (second allowed value = true) */
        predicted?: boolean;
      };
      /** CAT: the class of the chosen option (error = the call failed) */
      cat_class?: "stereotype" | "anti_stereotype" | "neutral" | "other" | "error";
      /** Kaleidoscope: the graded answer */
      kaleidoscope?: "correct" | "incorrect" | "invalid" | "error";
    }>;
  };
  metrics: Array<{
    /** unique id of the call; keys its output */
    id: string;
    /** P(ŷ=1|unprivileged) − P(ŷ=1|privileged), averaged over variables (reproduces FAI3network/ICP_MVP metrics_calculation.rs) */
    method: "statistical_parity_difference";
    /** sensitive variable name → its index in features */
    variables: { [key: string]: number };
    /** per variable group rule (default FAI3's mid-range (min+max)/2, privileged if greater) */
    thresholds?: { [key: string]: {
      /** the threshold */
      value: number;
      /** privileged iff value > threshold (else value < threshold) */
      privileged_if_greater: boolean;
    } };
    /** 'fai3' (default; f32, FAI3's traps and worst-value returns) or 'standard' (float64 textbook definitions) */
    semantics?: "fai3" | "standard";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** P(ŷ=1|unprivileged) / P(ŷ=1|privileged) (reproduces FAI3network/ICP_MVP metrics_calculation.rs) */
    method: "disparate_impact";
    /** sensitive variable name → its index in features */
    variables: { [key: string]: number };
    /** per variable group rule (default FAI3's mid-range (min+max)/2, privileged if greater) */
    thresholds?: { [key: string]: {
      /** the threshold */
      value: number;
      /** privileged iff value > threshold (else value < threshold) */
      privileged_if_greater: boolean;
    } };
    /** 'fai3' (default; f32, FAI3's traps and worst-value returns) or 'standard' (float64 textbook definitions) */
    semantics?: "fai3" | "standard";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** FAI3: (|ΔFPR| + |ΔTPR|)/2; standard: signed unless absolute (reproduces FAI3network/ICP_MVP metrics_calculation.rs) */
    method: "average_odds_difference";
    /** sensitive variable name → its index in features */
    variables: { [key: string]: number };
    /** per variable group rule (default FAI3's mid-range (min+max)/2, privileged if greater) */
    thresholds?: { [key: string]: {
      /** the threshold */
      value: number;
      /** privileged iff value > threshold (else value < threshold) */
      privileged_if_greater: boolean;
    } };
    /** 'fai3' (default; f32, FAI3's traps and worst-value returns) or 'standard' (float64 textbook definitions) */
    semantics?: "fai3" | "standard";
    /** standard semantics: absolute differences (FAI3's form) */
    absolute?: boolean;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** TPR(unprivileged) − TPR(privileged) (reproduces FAI3network/ICP_MVP metrics_calculation.rs) */
    method: "equal_opportunity_difference";
    /** sensitive variable name → its index in features */
    variables: { [key: string]: number };
    /** per variable group rule (default FAI3's mid-range (min+max)/2, privileged if greater) */
    thresholds?: { [key: string]: {
      /** the threshold */
      value: number;
      /** privileged iff value > threshold (else value < threshold) */
      privileged_if_greater: boolean;
    } };
    /** 'fai3' (default; f32, FAI3's traps and worst-value returns) or 'standard' (float64 textbook definitions) */
    semantics?: "fai3" | "standard";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** accuracy, precision, recall over all datums; each FAI3 trap is its own Error record (reproduces FAI3network/ICP_MVP metrics_calculation.rs) */
    method: "overall_scores";
    /** 'fai3' (default; f32, FAI3's traps and worst-value returns) or 'standard' (float64 textbook definitions) */
    semantics?: "fai3" | "standard";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** Context Association Test: LMS, SS, iCAT (0-100) from the datums cat_class (reproduces FAI3network/ICP_MVP metrics_calculation.rs (CAT)) */
    method: "cat_scores";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** share of answers that change under the counterfactual prompt, overall and per attribute (reproduces FAI3network/ICP_MVP metrics_calculation.rs (LLM fairness)) */
    method: "counterfactual_change_rates";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** format error rate, overall accuracy, accuracy on valid answers (reproduces FAI3network/ICP_MVP metrics_calculation.rs (Kaleidoscope)) */
    method: "kaleidoscope_rates";
  }>;
};

/** Embedding-similarity metrics per datum; the `embeddings` block names the provider. */
export type EmbeddingRequest = {
  task: "embedding";
  /** default 'valor' */
  semantics?: "valor";
  data: {
    /** the datums */
    datums: Array<{
      /** unique datum id */
      uid: string;
      /** the user query */
      query?: string;
      /** the generated answer */
      response?: string;
      /** the expected answer */
      reference?: string;
      /** retrieved chunks in rank order */
      contexts?: Array<string>;
      /** the response already split into sentences (default: the rule-based splitter; H2O used nltk Punkt) */
      response_sentences?: Array<string>;
      /** the reference already split into sentences (default: the rule-based splitter; H2O used nltk Punkt) */
      reference_sentences?: Array<string>;
      /** each chunk already split into sentences */
      context_sentences?: Array<Array<string>>;
      /** RAGAS response relevancy: questions generated from the response */
      generated_questions?: Array<string>;
      /** RAGAS response relevancy: the noncommittal flag of each generation */
      noncommittal?: Array<0 | 1 | true | false>;
    }>;
  };
  metrics: Array<{
    /** unique id of the call; keys its output */
    id: string;
    /** mean over answer sentences of the best cosine with a context sentence (sentences > 10 code points) (reproduces h2o-sonar embedding evaluators (cosine = 1 − nltk cosine_distance), Groundedness) */
    method: "groundedness";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** cosine of reference and response embeddings; with a threshold 1/0 for ≥ threshold (reproduces RAGAS SemanticSimilarity) */
    method: "answer_similarity";
    /** optional cut */
    threshold?: number | null;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** mean and min over response sentences of the best cosine with a reference sentence (reproduces h2o-sonar embedding evaluators (cosine = 1 − nltk cosine_distance), answer semantic sentence similarity) */
    method: "sentence_similarity";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** mean cosine of the query with each answer sentence (> 10 code points) (reproduces h2o-sonar embedding evaluators (cosine = 1 − nltk cosine_distance), answer relevancy (sentence similarity)) */
    method: "answer_relevancy";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** soft recall and precision of the chunks against the query (reproduces h2o-sonar embedding evaluators (cosine = 1 − nltk cosine_distance), context relevancy (s.r. & p.)) */
    method: "context_relevancy";
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** 1/rank of the first chunk whose relevancy ≥ threshold (0 past the out-of-rank index) (reproduces h2o-sonar embedding evaluators (cosine = 1 − nltk cosine_distance), context mean reciprocal rank) */
    method: "context_mrr";
    /** relevancy a chunk needs */
    mrr_relevant_chunk_threshold?: number;
    /** ranks past this count 0 */
    mrr_relevant_chunk_oor_idx?: number;
  } | {
    /** unique id of the call; keys its output */
    id: string;
    /** mean cosine of the query with the generated questions, 0 when all are noncommittal (reproduces RAGAS ResponseRelevancy (generated questions given)) */
    method: "response_relevancy";
  }>;
  embeddings?: EmbeddingsBlock;
};

/** models used by the model-based methods, by name */
export type ModelsBlock = { [key: string]: {
  /** local model directory in Hugging Face layout (config.json, tokenizer.json, onnx/model.onnx); relative to the request file */
  dir?: string;
  /** OpenAI-compatible base URL returning logprobs (perplexity, gptscore) */
  endpoint?: string;
  /** the endpoint model */
  model?: string;
  /** environment variable holding the endpoint API key (default OPENAI_API_KEY) */
  api_key_env?: string;
  /** texts per model call */
  batch_size?: number;
  /** token limit; longer inputs are truncated as the reference does */
  max_length?: number;
  /** onnxruntime execution providers, in order */
  execution_providers?: Array<string>;
} };

/** the LLM judge */
export type JudgeBlock = {
  /** OpenAI-compatible base URL */
  endpoint?: string;
  /** alias of endpoint */
  base_url?: string;
  /** the judge model */
  model?: string;
  /** environment variable holding the API key (default OPENAI_API_KEY) */
  api_key_env?: string;
  /** Azure OpenAI API version */
  azure_api_version?: string;
  /** per-call timeout */
  timeout_ms?: number;
  /** transport retries per call */
  max_retries?: number;
  /** calls in flight */
  max_concurrency?: number;
  /** Valor's metric-level retries on an unusable reply */
  retries?: number;
  /** sampling temperature */
  temperature?: number;
  /** sampling seed */
  seed?: number;
  /** system prompt prepended to every call */
  system_prompt?: string;
  /** response format requested from the endpoint */
  structured_output?: "auto" | "json_schema" | "json_object" | "off";
  /** file caching judge replies */
  cache?: string;
  pricing?: {
    /** price per million prompt tokens */
    prompt_per_million: number;
    /** price per million completion tokens */
    completion_per_million: number;
  };
};

/** the embedding provider */
export type EmbeddingsBlock = {
  provider: "vectors";
  /** text → vector, one dimension for all */
  vectors: { [key: string]: Array<number> };
} | {
  provider: "onnx";
  /** directory with tokenizer.json and model.onnx (or onnx/model.onnx); nothing is downloaded */
  model_dir: string;
  /** token pooling (default 'mean') */
  pooling?: "mean" | "cls";
  /** L2-normalize the vectors (default true) */
  normalize?: boolean;
  /** truncate to this many tokens */
  max_length?: number;
  /** texts per run (default 32) */
  batch_size?: number;
  /** model file inside model_dir */
  model_file?: string;
} | {
  provider: "openai";
  /** API base including the version segment, e.g. http://127.0.0.1:8000/v1 */
  base_url: string;
  /** the embedding model */
  model: string;
  /** environment variable holding the API key (default OPENAI_API_KEY; no key sent when unset) */
  api_key_env?: string;
  /** texts per request (default 64) */
  batch_size?: number;
  /** requests in flight (default 4) */
  concurrency?: number;
  /** retries on network errors, 408/409/429 and 5xx (default 3) */
  max_retries?: number;
  /** per-request timeout (default 30000) */
  timeout_ms?: number;
  /** requested output dimension */
  dimensions?: number;
};

/** A metric request of any task, discriminated by `task`. */
export type TypedMetricRequest = ClassificationRequest | ObjectDetectionRequest | SemanticSegmentationRequest | TextRequest | TextGenerationRequest | RetrievalRequest | FairnessRequest | EmbeddingRequest;
