import '@tensoreval/backend-onnx';
import { boxIouImpl } from '@tensoreval/backend-cpu';
import { getKernel, runKernel } from '@tensoreval/core';
import { assertClose, conformanceCases } from '@tensoreval/core/testing';
import { afterAll, beforeAll, describe, it } from 'vitest';

// The conformance cases are small, so most problems take the cpu handoff; here every problem runs the graph.
describe('onnx BoxIou graph on every ragged problem', () => {
  const config = getKernel('BoxIou', 'onnx');
  const saved = config?.cpuHandoffBelow;
  beforeAll(() => { if (config) config.cpuHandoffBelow = 0; });
  afterAll(() => { if (config) config.cpuHandoffBelow = saved; });

  for (const c of conformanceCases.BoxIou) {
    it(c.name, async () => {
      const out = await runKernel('BoxIou', c.inputs(), c.attrs, { backend: 'onnx' });
      const ref = boxIouImpl(c.inputs(), c.attrs);
      assertClose(out.pairOffsets, ref.pairOffsets, { atol: 0, rtol: 0 }, 'pairOffsets');
      assertClose(out.iou, ref.iou, { atol: 1e-6, rtol: 1e-5 }, 'iou');
    });
  }
});
