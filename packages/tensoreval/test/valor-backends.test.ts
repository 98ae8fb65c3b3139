import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getBackend, runKernel, setWarningHandler, type BoxIouInputs } from '@tensoreval/core';
import { guardBoxIou } from '@tensoreval/metrics/detection';
import { evaluateCommand } from '../src/cli/evaluate-command';
import { evaluate } from '../src/evaluate';
import { caseToRequest, listValorCases } from './valor-cases';

const BACKENDS = ['onnx', 'tfjs', 'gpujs'] as const;
const cases = listValorCases().filter((c) => c.task === 'object_detection' || c.task === 'semantic_segmentation');

/** Output of `request` on cpu (the float64 reference path), warnings dropped. */
async function onCpu(request: unknown): Promise<Record<string, unknown>> {
  return evaluate(request, { backend: 'cpu' });
}

// Valor box coordinates are (xmin, xmax, ymin, ymax).
const box = (uid: string, xmin: number, xmax: number, label: string, score?: number) => ({
  uid, xmin, xmax, ymin: 0, ymax: 100, labels: [label], ...(score === undefined ? {} : { scores: [score] }),
});

/**
 * Boxes whose float64 IoU sits a hair (1e-12) below 0.5 and 0.75 against a 100 × 100 groundtruth:
 * the float32 coordinate 50 - 1e-10 rounds to 50, so a float32 IoU is exactly 0.5 (0.75) and would
 * match at that threshold where float64 does not. And two predictions of equal score whose float64
 * IoUs (0.6 - 1e-12 and 0.6) tie in float32: float64 ranks the second first, a float32 tie the first.
 */
const EPS = 1e-10;
const ON_THRESHOLDS = {
  task: 'object_detection',
  semantics: 'valor',
  data: {
    annotation_type: 'bounding_box',
    datums: [
      { uid: 'half', groundtruths: [box('g0', 0, 100, 'a')], predictions: [box('p0', 0, 50 - EPS, 'a', 0.9)] },
      { uid: 'three-quarters', groundtruths: [box('g1', 0, 100, 'a')], predictions: [box('p1', 0, 75 - EPS, 'a', 0.8)] },
      { uid: 'tie', groundtruths: [box('g2', 0, 100, 'b')], predictions: [box('p2', 0, 60 - EPS, 'b', 0.7), box('p3', 0, 60, 'b', 0.7)] },
    ],
  },
  metrics: [
    { id: 'pr', method: 'precision_recall', iou_thresholds: [0.5, 0.75], score_thresholds: [0.5] },
    { id: 'cm', method: 'confusion_matrix', iou_thresholds: [0.5, 0.75] },
    { id: 'ex', method: 'examples', iou_thresholds: [0.5, 0.75] },
    { id: 'cmx', method: 'confusion_matrix_with_examples', iou_thresholds: [0.5, 0.75] },
  ],
};

/** The same boxes as the BoxIou kernel sees them (xyxy, one problem per datum). */
const KERNEL_INPUTS: BoxIouInputs = {
  dt: Float64Array.of(0, 0, 50 - EPS, 100, 0, 0, 75 - EPS, 100, 0, 0, 60 - EPS, 100, 0, 0, 60, 100),
  gt: Float64Array.of(0, 0, 100, 100, 0, 0, 100, 100, 0, 0, 100, 100),
  dtOffsets: Int32Array.of(0, 1, 2, 4),
  gtOffsets: Int32Array.of(0, 1, 2, 3),
};

describe('Valor detection and segmentation on the accelerated backends', () => {
  const reference = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    setWarningHandler(() => {}); // overlap-trimming warnings are checked by valor.reference.test.ts
    for (const c of cases) reference.set(c.file, await onCpu(caseToRequest(c)));
  });
  afterAll(() => setWarningHandler(undefined));

  for (const backend of BACKENDS) {
    it(`${backend}: every object-detection and segmentation reference case equals cpu exactly`, async () => {
      for (const c of cases) {
        const out = await evaluate(caseToRequest(c), { backend });
        expect(out, c.file).toStrictEqual(reference.get(c.file));
      }
      expect(getBackend(backend)?.floatPrecision).toBe(32);
    });

    it(`${backend}: boxes on the 0.5 / 0.75 thresholds and equal-score near-ties match as on cpu, thanks to the guard`, async () => {
      const cpu = (await runKernel('BoxIou', KERNEL_INPUTS, { format: 'xyxy' }, { backend: 'cpu' })).iou;
      const raw = await runKernel('BoxIou', KERNEL_INPUTS, { format: 'xyxy' }, { backend });
      expect(raw.iou).toBeInstanceOf(Float32Array);
      // float64 just below the thresholds, the raw float32 IoU on them: unguarded, both would match
      expect([cpu[0]! < 0.5, cpu[1]! < 0.75]).toEqual([true, true]);
      expect([raw.iou[0], raw.iou[1]]).toEqual([0.5, 0.75]);
      // float64 orders the equal-score pair, float32 ties it
      expect(cpu[2]! < cpu[3]!).toBe(true);
      expect(raw.iou[2]).toBe(raw.iou[3]);
      // thresholds alone leave the cross-prediction tie; Valor's equal-score group resolves it
      const thresholds = [0.5, 0.75, 1e-9];
      const rowsOnly = guardBoxIou(raw, KERNEL_INPUTS, { format: 'xyxy' }, thresholds);
      expect([rowsOnly[0], rowsOnly[1]]).toEqual([cpu[0], cpu[1]]);
      expect(rowsOnly[2]).toBe(rowsOnly[3]);
      const grouped = guardBoxIou(raw, KERNEL_INPUTS, { format: 'xyxy' }, thresholds, { rowGroups: Int32Array.of(-1, -1, 0, 0) });
      expect(Array.from(grouped)).toEqual(Array.from(cpu));

      const expected = await onCpu(ON_THRESHOLDS);
      // float64: no match at 0.5 / 0.75, and p3 (the higher IoU) takes g2
      expect((expected.ex as { value: { datum_id: string; true_positives: unknown[] } }[]).map((r) => [r.value.datum_id, r.value.true_positives])).toEqual([
        ['half', []], ['three-quarters', [['g1', 'p1']]], ['tie', [['g2', 'p3']]],
        ['half', []], ['three-quarters', []], ['tie', []],
      ]);
      expect(await evaluate(ON_THRESHOLDS, { backend })).toStrictEqual(expected);
    });
  }

  it('auto keeps the measured table: BoxIou and BitmaskIntersections on cpu', async () => {
    for (const c of cases.slice(0, 3)) expect(await evaluate(caseToRequest(c))).toStrictEqual(reference.get(c.file));
  });

  it('tensoreval evaluate --backend tfjs writes the cpu output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tensoreval-valor-backend-'));
    try {
      const requestPath = join(dir, 'request.json');
      const outPath = join(dir, 'out.json');
      writeFileSync(requestPath, JSON.stringify(ON_THRESHOLDS));
      expect(await evaluateCommand([requestPath, '--backend', 'tfjs', '--out', outPath, '--quiet'])).toBe(0);
      expect(JSON.parse(readFileSync(outPath, 'utf8'))).toStrictEqual(JSON.parse(JSON.stringify(await onCpu(ON_THRESHOLDS))));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects a backend name it does not know', async () => {
    await expect(evaluate(ON_THRESHOLDS, { backend: 'webgl' })).rejects.toThrow(/backend.*'auto', 'cpu', 'onnx', 'wasm', 'tfjs', 'gpujs'/);
    await expect(evaluateCommand(['request.json', '--backend', 'webgl'])).rejects.toThrow(/'--backend' option of tensoreval evaluate must be one of auto, cpu, onnx, wasm, tfjs, gpujs/);
  });
});

describe('an explicit backend that cannot load', () => {
  it('is a clear error naming the backend and how to install it', async () => {
    // A fresh module graph in which onnxruntime-node cannot be imported, as on a machine without it.
    vi.resetModules();
    vi.doMock('onnxruntime-node', () => {
      throw new Error("Cannot find package 'onnxruntime-node'");
    });
    try {
      const fresh = await import('../src/evaluate');
      const segmentation = caseToRequest(cases.find((c) => c.task === 'semantic_segmentation')!);
      for (const request of [ON_THRESHOLDS, segmentation]) {
        await expect(fresh.evaluate(request, { backend: 'onnx' })).rejects.toThrow(
          /Backend 'onnx' requested by evaluate is not available: .*onnxruntime-node.*Install it with: ONNXRUNTIME_NODE_INSTALL=skip npm i onnxruntime-node/,
        );
      }
    } finally {
      vi.doUnmock('onnxruntime-node');
      vi.resetModules();
    }
  });
});
