import '../default-backend';

export { sentenceBleu, corpusBleu, type BleuOptions, type BleuSmoothing } from './bleu';
export { valorSentenceBleu, valorBleuTokenize } from './valor-bleu';
export { fsum } from './fsum';
export { rouge, rougeMulti, type PRF, type RougeType, type RougeOptions } from './rouge';
export { rougeTokenize, type RougeTokenizer } from './rouge-tokenizer';
export { porterStem } from './porter-stemmer';
