import { describe, expect, it } from 'vitest';
import { setWarningHandler } from '@tensoreval/core';
import { jsonSchemaCheck } from './json-schema-check';
import { textMatch } from './text-match';
import { sensitiveDataLeakage } from './sensitive-data-leakage';
import { encodingGuardrail, findEncodedPart } from './encoding-guardrail';
import { pairwiseRougeConsistency } from './pairwise-rouge-consistency';
import { rouge } from './rouge';

setWarningHandler(() => {});

describe('jsonSchemaCheck', () => {
  const schema = { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } }, required: ['name'] };
  it('needs valid JSON, and schema compliance when a schema is given', () => {
    const r = jsonSchemaCheck(['{"name":"a","age":3}', '{"age":3}', 'not json', '{"name":"b","age":-1}'], schema);
    expect(r.perItem).toEqual([true, false, false, false]);
    expect(r.validRate).toBe(0.25);
    expect(r.invalidRate).toBe(0.75);
    expect(r.reasons[1]).toMatch(/^schema: .*name/);
    expect(r.reasons[2]).toMatch(/^not JSON/);
  });
  it('with the empty schema only checks JSON syntax', () => {
    expect(jsonSchemaCheck(['[1,2]', '"x"', '{a:1}']).perItem).toEqual([true, true, false]);
  });
  it('returns NaN rates for no outputs and rejects a broken schema', () => {
    expect(jsonSchemaCheck([]).validRate).toBeNaN();
    expect(() => jsonSchemaCheck(['1'], { type: 'no-such-type' })).toThrow(/'schema' option of jsonSchemaCheck/);
    expect(() => jsonSchemaCheck([1 as never])).toThrow(/`outputs` \(record 0\)/);
  });
});

describe('textMatch', () => {
  const text = 'The capital of France is Paris.';
  it('evaluates substrings, regexps, NOT, AND, OR and parentheses', () => {
    expect(textMatch(text, '"Paris"').pass).toBe(true);
    expect(textMatch(text, '"paris"').pass).toBe(false);
    expect(textMatch(text, 'regexp("(?i)PARIS")').pass).toBe(true);
    expect(textMatch(text, '"France" AND NOT "London"').pass).toBe(true);
    expect(textMatch(text, '"Rome" OR "Paris" OR "Berlin"').pass).toBe(true);
    expect(textMatch(text, '"capital of" AND ("Paris" OR "Lyon")').pass).toBe(true);
    expect(textMatch(text, '"x" AND "y"')).toEqual({ pass: false, failedSubCondition: '"x"' });
    expect(textMatch(text, '"France" AND NOT ("Paris" OR "Lyon")')).toEqual({ pass: false, failedSubCondition: 'NOT ("Paris" OR "Lyon")' });
  });
  it('treats empty conditions and empty operands as true, and keeps escaped quotes', () => {
    expect(textMatch(text, '').pass).toBe(true);
    expect(textMatch(text, '""').pass).toBe(true);
    expect(textMatch(text, 'regexp("")').pass).toBe(true);
    expect(textMatch('say "hi"', '"\\"hi\\""').pass).toBe(true);
  });
  it('rejects malformed conditions and AND/OR mixed without parentheses', () => {
    expect(() => textMatch(text, '"a" AND "b" OR "c"')).toThrow(/parentheses where AND and OR are mixed/);
    expect(() => textMatch(text, '"a" AND')).toThrow(/'condition' option of textMatch/);
    expect(() => textMatch(text, '("a"')).toThrow(/closing parenthesis/);
    expect(() => textMatch(text, 'Paris')).toThrow(/unexpected text/);
    expect(() => textMatch(text, 'regexp("(")')).toThrow(/valid regular expression/);
  });
});

describe('sensitiveDataLeakage', () => {
  it('finds API keys, product keys and certificates', () => {
    const r = sensitiveDataLeakage('key sk-AbC123 and ABCDE-FGH12-JKLMN-PQRST-VWXYZ here\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----');
    expect(r.apiKeys).toEqual([' sk-AbC123']);
    expect(r.windowsProductKeys).toEqual([' ABCDE-FGH12-JKLMN-PQRST-VWXYZ ']);
    expect(r.certificates).toHaveLength(1);
    expect(r.pass).toBe(false);
  });
  it('passes clean text, fails empty text, and needs a delimiter before sk-', () => {
    expect(sensitiveDataLeakage('task-force sk').pass).toBe(true);
    expect(sensitiveDataLeakage('sk-abc at start').apiKeys).toEqual([]);
    expect(sensitiveDataLeakage('').pass).toBe(false);
  });
});

describe('encodingGuardrail', () => {
  const b64 = Buffer.from('My SSN is 123-45-6789 ok').toString('base64');
  const hex = Buffer.from('write to alice@acme.io').toString('hex').toUpperCase();
  it('decodes the longest valid run and checks it with the PII suite', () => {
    expect(findEncodedPart(`Sure: ${b64} done`, 'base64')?.decoded).toBe('My SSN is 123-45-6789 ok');
    expect(encodingGuardrail(`Sure: ${b64}`, 'base64').pass).toBe(false);
    expect(encodingGuardrail(`Here: ${hex}`, 'base16').pass).toBe(false);
    expect(encodingGuardrail(`Here: ${hex.replace(/(..)/g, '$1 ')}`, 'base16-spaces').decoded).toBe('write to alice@acme.io');
  });
  it('uses the condition when one is given; lowercase hex is not base16', () => {
    expect(encodingGuardrail(`ok ${Buffer.from('I cannot help with that').toString('base64')}`, 'base64', { condition: '"cannot help"' }).pass).toBe(true);
    expect(findEncodedPart(hex.toLowerCase(), 'base16')).toBeUndefined();
  });
});

describe('pairwiseRougeConsistency', () => {
  it('returns [] for fewer than 3 non-empty answers', () => {
    expect(pairwiseRougeConsistency(['a b', '  ', 'a b'])).toEqual([]);
  });
  it('scores every pair with ROUGE-L F', () => {
    expect(pairwiseRougeConsistency(['a b c d', 'a b c d', 'a x c y'])).toEqual([1, 0.5, 0.5]);
  });
  it('equals the mean of both ROUGE-L directions bit for bit (one LCS per pair suffices)', () => {
    let seed = 7;
    const word = () => ['the', 'cat', 'sat', 'on', 'a', 'mat', 'dog', 'ran', 'far'][(seed = (seed * 48271) % 2147483647) % 9];
    const answers = Array.from({ length: 12 }, (_, i) => Array.from({ length: 3 + ((i * 7) % 11) }, word).join(' '));
    const expected: number[] = [];
    for (let i = 0; i < answers.length; i++) {
      for (let j = i + 1; j < answers.length; j++) {
        const ab = rouge(answers[i]!, answers[j]!, { types: ['rougeL'] }).rougeL!.fmeasure;
        const ba = rouge(answers[j]!, answers[i]!, { types: ['rougeL'] }).rougeL!.fmeasure;
        expected.push((ab + ba) / 2);
      }
    }
    expect(pairwiseRougeConsistency(answers)).toEqual(expected);
  });
});
