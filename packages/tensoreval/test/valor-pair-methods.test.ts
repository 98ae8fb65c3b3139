import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate';

const square = (x0: number, y0: number, s: number) => [[x0, y0], [x0 + s, y0], [x0 + s, y0 + s], [x0, y0 + s], [x0, y0]];

describe("Valor's IoU functions and sentence BLEU as request methods", () => {
  it('bbox_iou, polygon_iou and bitmask_iou give one IoU per pair', async () => {
    const out = await evaluate({
      task: 'object_detection', semantics: 'valor', metrics: [
        // [xmin, xmax, ymin, ymax]: overlap 5×10 of union 150; disjoint; zero-area pair (union 0 → 0).
        { id: 'box', method: 'bbox_iou', pairs: [[[0, 10, 0, 10], [5, 15, 0, 10]], [[0, 1, 0, 1], [2, 3, 2, 3]], [[0, 0, 0, 0], [0, 0, 0, 0]]] },
        // A 10×10 square with a 4×4 hole against the solid square: 84 / 100.
        { id: 'poly', method: 'polygon_iou', pairs: [[{ exterior: square(0, 0, 10), interiors: [square(3, 3, 4)] }, { polygon: { exterior: square(0, 0, 10), interiors: [] } }]] },
        { id: 'mask', method: 'bitmask_iou', pairs: [[['110', '000'], ['100', '100']], [{ shape: [2, 3], rle_row_major: [0, 2, 4] }, ['110', '000']]] },
      ],
    });
    expect(out.box).toEqual([1 / 3, 0, 0]);
    expect(out.poly).toEqual([0.84]);
    expect(out.mask).toEqual([1 / 3, 1]);
  });

  it('calculate_sentence_bleu returns the number, sentence_bleu the record', async () => {
    const texts = { prediction: 'the cat is on the mat', references: ['there is a cat on the mat'] };
    const out = await evaluate({
      task: 'text', data: { response: texts.prediction, references: texts.references },
      metrics: [{ id: 'k', method: 'calculate_sentence_bleu', ...texts, weights: [1] }, { id: 'r', method: 'sentence_bleu', weights: [1] }],
    });
    // nltk 3.10.3 through valor-lite (test-data/reference/valor/text_bleu_partial.json, bleu_bleu1).
    expect(out.k).toBe(0.7054014374088451);
    expect(out.r).toEqual({ type: 'BLEU', value: 0.7054014374088451, parameters: { weights: [1] } });
  });

  it("regex_engine picks nltk's tokenizer classes: 'regex' (nltk 3.10.3) by default, 're' (nltk 3.8)", async () => {
    const texts = { prediction: 'x² y', references: ['x y'] };
    const calls = (engine?: string) => [
      { id: 'k', method: 'calculate_sentence_bleu', ...texts, weights: [1], ...(engine ? { regex_engine: engine } : {}) },
      { id: 'r', method: 'sentence_bleu', weights: [1], ...(engine ? { regex_engine: engine } : {}) },
    ];
    const run = (engine?: string) => evaluate({ task: 'text', data: { response: texts.prediction, references: texts.references }, metrics: calls(engine) });
    // nltk 3.10.3 tokenizes 'x²' as 'x', '²' (2/3 of the tokens match); nltk 3.8 keeps 'x²' whole (1/2)
    for (const [engine, value] of [[undefined, 0.6666666666666666], ['regex', 0.6666666666666666], ['re', 0.5]] as const) {
      const out = await run(engine);
      expect(out.k).toBe(value);
      expect((out.r as { value: number }).value).toBe(value);
    }
    await expect(run('pcre')).rejects.toThrow(/regex_engine/);
  });
});
