import '../default-backend';

export { sentenceBleu, corpusBleu, type BleuOptions, type BleuSmoothing } from './bleu';
export { valorSentenceBleu, valorBleuTokenize } from './valor-bleu';
export { fsum } from './fsum';
