import { describe, expect, it } from 'vitest';
import { setWarningHandler } from '@tensoreval/core';
import { corpusBleu } from './bleu';
import { sacreBleu } from './sacrebleu';
import { CorpusBleu } from './corpus-bleu.metric';
import { SacreBleu } from './sacre-bleu.metric';

setWarningHandler(() => {});

// Deterministic small corpus (LCG) so batches, single segments and merges can be compared.
function corpus(n: number): { refs: string[][][]; hyps: string[][]; refText: string[]; hypText: string[] } {
  let x = 12345;
  const next = () => (x = (Math.imul(1664525, x) + 1013904223) >>> 0) / 2 ** 32;
  const words = ['the', 'cat', 'sat', 'on', 'a', 'mat', 'dog', 'ran', 'far', 'away', 'today', '.'];
  const refText: string[] = [];
  const hypText: string[] = [];
  for (let i = 0; i < n; i++) {
    const len = 3 + Math.floor(next() * 10);
    const r: string[] = [];
    const h: string[] = [];
    for (let k = 0; k < len; k++) {
      const w = words[Math.floor(next() * words.length)] as string;
      r.push(w);
      if (next() < 0.8) h.push(next() < 0.85 ? w : (words[Math.floor(next() * words.length)] as string));
    }
    refText.push(r.join(' '));
    hypText.push(h.join(' '));
  }
  return { refs: refText.map((r) => [r.split(' ')]), hyps: hypText.map((h) => (h ? h.split(' ') : [])), refText, hypText };
}

describe('CorpusBleu (stateful)', () => {
  const c = corpus(40);
  for (const smoothing of ['none', 'method1', 'method4', 'method7'] as const) {
    it(`batched, one-by-one and merged updates equal corpusBleu (${smoothing})`, async () => {
      const expected = corpusBleu(c.refs, c.hyps, { smoothing });
      const batched = new CorpusBleu({ smoothing });
      batched.update(c.refs.slice(0, 15), c.hyps.slice(0, 15));
      batched.update(c.refs.slice(15), c.hyps.slice(15));
      const single = new CorpusBleu({ smoothing });
      c.hyps.forEach((h, i) => single.update([c.refs[i]!], [h]));
      const a = new CorpusBleu({ smoothing });
      const b = new CorpusBleu({ smoothing });
      a.update(c.refs.slice(0, 22), c.hyps.slice(0, 22));
      b.update(c.refs.slice(22), c.hyps.slice(22));
      expect(await batched.compute()).toBe(expected);
      expect(await single.compute()).toBe(expected);
      expect(await a.merge(b).compute()).toBe(expected);
    });
  }
  it('reset restores the empty state', async () => {
    const m = new CorpusBleu();
    m.update(c.refs, c.hyps);
    m.reset();
    expect(await m.compute()).toBe(0);
  });
});

describe('SacreBleu (stateful)', () => {
  const c = corpus(40);
  it('batched, one-by-one and merged updates equal sacreBleu', async () => {
    const expected = sacreBleu(c.hypText, [c.refText]);
    const batched = new SacreBleu();
    batched.update(c.hypText.slice(0, 10), [c.refText.slice(0, 10)]);
    batched.update(c.hypText.slice(10), [c.refText.slice(10)]);
    const single = new SacreBleu();
    c.hypText.forEach((h, i) => single.update([h], [[c.refText[i]!]]));
    const a = new SacreBleu();
    const b = new SacreBleu();
    a.update(c.hypText.slice(0, 5), [c.refText.slice(0, 5)]);
    b.update(c.hypText.slice(5), [c.refText.slice(5)]);
    expect(await batched.compute()).toEqual(expected);
    expect(await single.compute()).toEqual(expected);
    expect(await a.merge(b).compute()).toEqual(expected);
  });
  it('rejects mismatched streams at update', () => {
    expect(() => new SacreBleu().update(['a'], [['a', 'b']])).toThrow(/`referenceStreams` \(record 0\) of SacreBleu.update/);
  });
});
