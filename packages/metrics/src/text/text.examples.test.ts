import { describe, expect, it } from 'vitest';
import {
  CorpusBleu,
  SacreBleu,
  corpusBleu,
  jsonSchemaCheck,
  piiLeakage,
  porterStem,
  rouge,
  rougeTokenize,
  sacreBleu,
  sensitiveDataLeakage,
  sentenceBleu,
  textMatch,
  tokenize13a,
  valorRouge,
  valorSentenceBleu,
} from './index';

// Every @example in the text module's TSDoc, run as written.
describe('text @examples', () => {
  it('bleu.ts', () => {
    expect(corpusBleu([[['a', 'b']]], [['a', 'b']], { weights: [0.5, 0.5] })).toBe(1);
    expect(sentenceBleu([['Mary', 'loves', 'Jane']], ['Mary', 'loves', 'Joe'], { weights: [1] })).toBe(2 / 3);
  });
  it('corpus-bleu.metric.ts', async () => {
    const refs = [[['the', 'cat', 'sat']]];
    const hyps = [['the', 'cat', 'sat']];
    const m = new CorpusBleu({ smoothing: 'method1' });
    m.update(refs, hyps);
    expect(await m.compute()).toBe(corpusBleu(refs, hyps, { smoothing: 'method1' }));
  });
  it('json-schema-check.ts', () => {
    expect(jsonSchemaCheck(['{"a":1}', 'nope'], { type: 'object' }).validRate).toBe(0.5);
  });
  it('pii-leakage.ts', () => {
    expect(piiLeakage('Contact me at alice.smith@acme.io please.').emails).toEqual(['alice.smith@acme.io']);
  });
  it('porter-stemmer.ts and rouge-tokenizer.ts', () => {
    expect(porterStem('generously')).toBe('gener');
    expect(rougeTokenize("it's a test-case")).toEqual(['it', 's', 'a', 'test', 'case']);
  });
  it('rouge.ts and valor-rouge.ts', () => {
    expect(rouge('The quick brown fox', 'the quick fox', { types: ['rouge1'] }).rouge1!.recall).toBe(0.75);
    expect(valorRouge('Mary loves Joe', ['Mary loves Jane']).rouge1).toBe(2 / 3);
  });
  it('sacrebleu.ts, sacre-bleu.metric.ts and tokenizer-13a.ts', async () => {
    expect(sacreBleu(['The cat is on the mat.'], [['The cat sat on the mat.']]).score).toBe(48.892302243490086);
    const m = new SacreBleu();
    m.update(['The cat sat.'], [['The cat sat.']]);
    expect((await m.compute()).score).toBeCloseTo(100, 12);
    expect(tokenize13a('3.14 is pi, 1,000 people')).toBe('3.14 is pi , 1,000 people');
  });
  it('sensitive-data-leakage.ts and text-match.ts', () => {
    expect(sensitiveDataLeakage('key: sk-abc123').apiKeys).toEqual([' sk-abc123']);
    expect(textMatch('The capital is Paris.', '"Paris" AND NOT regexp("(?i)london")')).toEqual({ pass: true });
  });
  it('valor-bleu.ts', () => {
    expect(valorSentenceBleu('The U.S.A. is big.', ['The USA is big'], [1])).toBe(0.5);
  });
});
