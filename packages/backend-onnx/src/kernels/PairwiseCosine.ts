import type { KernelConfig, PairwiseCosineAttrs, PairwiseCosineInputs, PairwiseCosineOutputs } from '@tensoreval/core';
import { ensureSession, onnxState, runSession } from '../base';
import { cosineGemmModel } from '../graphs';
import { normalizedRowsF32 } from '../host-arrays';

const SESSION = 'PairwiseCosine';

/**
 * scores[i, j] = cos(a_i, b_j) on onnxruntime: rows are normalised on the host (float64 norms),
 * then one Gemm (transB) runs in MLAS. Inputs that are already unit rows can skip the host pass
 * with `normalized: true` (the tiled cosineTopK normalises its corpus once).
 */
export async function pairwiseCosineOnnx(
  inputs: PairwiseCosineInputs,
  attrs: PairwiseCosineAttrs,
  normalized = false,
): Promise<Float32Array> {
  const dim = attrs.dim;
  const n = dim > 0 ? inputs.a.length / dim : 0;
  const m = dim > 0 ? inputs.b.length / dim : 0;
  if (n === 0 || m === 0) return new Float32Array(n * m);
  const { ort } = onnxState();
  const a = normalized && inputs.a instanceof Float32Array ? inputs.a : normalizedRowsF32(inputs.a, n, dim);
  const b = normalized && inputs.b instanceof Float32Array ? inputs.b : normalizedRowsF32(inputs.b, m, dim);
  const feeds = { a: new ort.Tensor('float32', a, [n, dim]), b: new ort.Tensor('float32', b, [m, dim]) };
  const out = await runSession(SESSION, feeds);
  return out.scores.data as Float32Array;
}

export const pairwiseCosineConfig: KernelConfig<'PairwiseCosine'> = {
  kernelName: 'PairwiseCosine',
  backendName: 'onnx',
  setupFunc: () =>
    ensureSession(SESSION, cosineGemmModel, (s, ort) => {
      const unit = new Float32Array(8 * 16).fill(0.25);
      return s.run({ a: new ort.Tensor('float32', unit, [8, 16]), b: new ort.Tensor('float32', unit, [8, 16]) });
    }),
  kernelFunc: async ({ inputs, attrs }): Promise<PairwiseCosineOutputs> => {
    const scores = await pairwiseCosineOnnx(inputs, attrs);
    // The output follows the inputs' type, like the cpu backend; the values carry float32 precision.
    const wide = inputs.a instanceof Float64Array && inputs.b instanceof Float64Array;
    return { scores: wide ? Float64Array.from(scores) : scores };
  },
};
