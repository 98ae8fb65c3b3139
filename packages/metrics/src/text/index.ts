import '../default-backend';

export { sentenceBleu, corpusBleu, type BleuOptions, type BleuSmoothing } from './bleu';
export { valorSentenceBleu, valorBleuTokenize } from './valor-bleu';
export { fsum } from './fsum';
export { rouge, rougeMulti, type PRF, type RougeType, type RougeOptions } from './rouge';
export { rougeTokenize, type RougeTokenizer } from './rouge-tokenizer';
export { porterStem } from './porter-stemmer';
export { sacreBleu, sacreSentenceBleu, type SacreBleuOptions, type SacreBleuScore, type SacreBleuSmoothing, type SacreBleuTokenizer } from './sacrebleu';
export { tokenize13a } from './tokenizer-13a';
export { uniqueSentenceRatio, longestRepeatedSubstring, compressionRatio, loopingScores, LOOPING_MIN_SENTENCE_CHARS } from './looping';
export { ruleBasedSplitter, defaultSentenceSplitter, SENTENCE_ABBREVIATIONS } from './sentence-splitter';
export { piiLeakage, PII_EMAIL_ALLOWED_USERS, PII_EMAIL_ALLOWED_DOMAINS, PII_TEST_CREDIT_CARDS, PII_EXAMPLE_SSNS, type PiiLeakage } from './pii-leakage';
export { jsonSchemaCheck, type JsonSchemaCheck } from './json-schema-check';
export { textMatch, parseTextCondition, type TextCondition } from './text-match';
export { sensitiveDataLeakage, type SensitiveDataLeakage } from './sensitive-data-leakage';
export { encodingGuardrail, findEncodedPart, type EncodingPerturbation } from './encoding-guardrail';
export { pairwiseRougeConsistency } from './pairwise-rouge-consistency';
export { valorRouge } from './valor-rouge';
