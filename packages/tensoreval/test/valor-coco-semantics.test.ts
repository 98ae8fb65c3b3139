import { describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate';
import { listValorCases } from './valor-cases';

const cases = new Map(listValorCases().map((c) => [c.file.replace(/\.json$/, ''), c]));

async function cocoAp(name: string, semantics?: 'coco'): Promise<Map<string, number>> {
  const c = cases.get(name)!;
  const request = { task: 'object_detection', ...(semantics ? { semantics } : {}), data: c.input, metrics: [{ id: 'pr', method: 'precision_recall', ...c.params.precision_recall!.kwargs }] };
  const out = (await evaluate(request)).pr as Record<string, { value: number; parameters: { label: string; iou_threshold: number } }[]>;
  return new Map(out.AP!.map((r) => [`${r.parameters.label}@${r.parameters.iou_threshold}`, r.value]));
}

// pycocotools COCOeval on the same cases (one area range, no maxDets cut), as measured in the Valor spec.
describe("object detection with semantics 'coco' (the default) reuses the COCO engine", () => {
  it('differs from Valor exactly where pycocotools does', async () => {
    expect((await cocoAp('od_quirk_locked_best_groundtruth', 'coco')).get('c@0.5')).toBe(1);
    expect((await cocoAp('od_equal_scores')).get('k@0.5')).toBeCloseTo(0.756, 3);
    expect((await cocoAp('od_zero_and_tiny_scores')).get('a@0.5')).toBe(1);
    expect((await cocoAp('od_recall_bins_float_floor')).get('obj@0.5')).toBeCloseTo(0.5162, 4);
  });

  it('agrees with Valor where no quirk applies', async () => {
    const valor = cases.get('od_basic_two_images')!.expected.precision_recall as { AP: { value: number; parameters: { label: string; iou_threshold: number } }[] };
    const coco = await cocoAp('od_basic_two_images');
    for (const r of valor.AP) expect(coco.get(`${r.parameters.label}@${r.parameters.iou_threshold}`)).toBeCloseTo(r.value, 12);
  });

  it('gives -1 to a label without groundtruths and leaves it out of mAP', async () => {
    const c = cases.get('od_label_only_in_predictions')!;
    const out = (await evaluate({ task: 'object_detection', data: c.input, metrics: [{ id: 'pr', method: 'precision_recall', iou_thresholds: [0.5], score_thresholds: [0] }] })).pr as Record<string, { value: number }[]>;
    const aps = out.AP!.map((r) => r.value);
    expect(aps).toContain(-1);
    const present = aps.filter((v) => v > -1);
    expect(out.mAP![0]!.value).toBeCloseTo(present.reduce((a, b) => a + b, 0) / present.length, 12);
  });

  it('rejects the Valor-only methods and polygon data', async () => {
    const c = cases.get('od_basic_two_images')!;
    await expect(evaluate({ task: 'object_detection', data: c.input, metrics: [{ id: 'cm', method: 'confusion_matrix' }] })).rejects.toThrow(/semantics 'valor'/);
    const poly = cases.get('od_polygon_basic')!;
    await expect(evaluate({ task: 'object_detection', data: poly.input, metrics: [{ id: 'pr', method: 'precision_recall' }] })).rejects.toThrow(/'valor' for polygon data/);
  });
});
