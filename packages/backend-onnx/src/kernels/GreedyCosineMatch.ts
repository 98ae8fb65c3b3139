import type { GreedyCosineMatchAttrs, GreedyCosineMatchInputs, GreedyCosineMatchOutputs, KernelConfig } from '@tensoreval/core';
import { greedyCosineMatchImpl } from '@tensoreval/backend-cpu';
import { ensureSession, onnxState, runSession } from '../base';
import { greedyCosineMatchModel } from '../graphs';
import { normalizedRowsF32 } from '../host-arrays';

const SESSION = 'GreedyCosineMatch';
/** Padded similarity entries per session run (P × Lc × Lr), about 32 MiB of float32. */
const BATCH_ENTRIES = 1 << 23;

/**
 * Greedy cosine matching on onnxruntime: rows normalised on the host (float64 norms), pairs sorted by
 * length and packed into padded batches (bounded memory: at most BATCH_ENTRIES similarities per run),
 * one batched MatMul + masked ReduceMax per batch. Outputs are float32 values (Float64Array when both
 * inputs are), the contract's 0 for a row whose pair has no row on the other side.
 */
export async function greedyCosineMatchOnnx(inputs: GreedyCosineMatchInputs, attrs: GreedyCosineMatchAttrs): Promise<{ candBest: Float32Array; refBest: Float32Array }> {
  const { candOffsets, refOffsets } = inputs;
  const dim = attrs.dim;
  const candRows = dim > 0 ? inputs.cand.length / dim : 0;
  const refRows = dim > 0 ? inputs.ref.length / dim : 0;
  const cand = normalizedRowsF32(inputs.cand, candRows, dim);
  const ref = normalizedRowsF32(inputs.ref, refRows, dim);
  const candBest = new Float32Array(candRows);
  const refBest = new Float32Array(refRows);
  const pairs = candOffsets.length - 1;
  const lc = (p: number) => candOffsets[p + 1] - candOffsets[p];
  const lr = (p: number) => refOffsets[p + 1] - refOffsets[p];
  // Pairs with an empty side keep their zeros; the rest run largest-first so neighbours in a batch pad little.
  const order = Int32Array.from({ length: pairs }, (_, p) => p).filter((p) => lc(p) > 0 && lr(p) > 0);
  order.sort((a, b) => lc(b) * lr(b) - lc(a) * lr(a));
  const { ort } = onnxState();
  for (let start = 0; start < order.length;) {
    let maxC = lc(order[start]);
    let maxR = lr(order[start]);
    let end = start + 1;
    while (end < order.length) {
      const c = Math.max(maxC, lc(order[end]));
      const r = Math.max(maxR, lr(order[end]));
      if ((end - start + 1) * c * r > BATCH_ENTRIES) break;
      maxC = c;
      maxR = r;
      end++;
    }
    const n = end - start;
    const c = new Float32Array(n * maxC * dim);
    const r = new Float32Array(n * maxR * dim);
    const refBias = new Float32Array(n * maxR).fill(-Infinity);
    const candBias = new Float32Array(n * maxC).fill(-Infinity);
    for (let b = 0; b < n; b++) {
      const p = order[start + b];
      c.set(cand.subarray(candOffsets[p] * dim, candOffsets[p + 1] * dim), b * maxC * dim);
      r.set(ref.subarray(refOffsets[p] * dim, refOffsets[p + 1] * dim), b * maxR * dim);
      refBias.fill(0, b * maxR, b * maxR + lr(p));
      candBias.fill(0, b * maxC, b * maxC + lc(p));
    }
    const out = await runSession(SESSION, {
      cand: new ort.Tensor('float32', c, [n, maxC, dim]),
      ref: new ort.Tensor('float32', r, [n, maxR, dim]),
      refBias: new ort.Tensor('float32', refBias, [n, 1, maxR]),
      candBias: new ort.Tensor('float32', candBias, [n, maxC, 1]),
    });
    const cb = out.candBest.data as Float32Array;
    const rb = out.refBest.data as Float32Array;
    for (let b = 0; b < n; b++) {
      const p = order[start + b];
      candBest.set(cb.subarray(b * maxC, b * maxC + lc(p)), candOffsets[p]);
      refBest.set(rb.subarray(b * maxR, b * maxR + lr(p)), refOffsets[p]);
    }
    start = end;
  }
  return { candBest, refBest };
}

export const greedyCosineMatchConfig: KernelConfig<'GreedyCosineMatch'> = {
  kernelName: 'GreedyCosineMatch',
  backendName: 'onnx',
  // Similarity entries (Σ Lc·Lr) below which the cpu kernel runs instead: one session run costs more than such a
  // batch. On the CPU EP the cpu kernel wins at every size measured (benchmarks/README.md); this path is for GPU EPs.
  cpuHandoffBelow: 4096,
  setupFunc: () =>
    ensureSession(SESSION, greedyCosineMatchModel, (s, ort) => {
      const unit = new Float32Array(2 * 4 * 8).fill(0.25);
      return s.run({
        cand: new ort.Tensor('float32', unit, [2, 4, 8]), ref: new ort.Tensor('float32', unit, [2, 4, 8]),
        refBias: new ort.Tensor('float32', new Float32Array(8), [2, 1, 4]), candBias: new ort.Tensor('float32', new Float32Array(8), [2, 4, 1]),
      });
    }),
  kernelFunc: async ({ inputs, attrs }): Promise<GreedyCosineMatchOutputs> => {
    // A batch with few similarity entries is cheaper on the cpu kernel than one session run.
    let entries = 0;
    for (let p = 0; p + 1 < inputs.candOffsets.length; p++) {
      entries += (inputs.candOffsets[p + 1] - inputs.candOffsets[p]) * (inputs.refOffsets[p + 1] - inputs.refOffsets[p]);
    }
    if (entries < (greedyCosineMatchConfig.cpuHandoffBelow ?? 0)) return greedyCosineMatchImpl(inputs, attrs);
    const out = await greedyCosineMatchOnnx(inputs, attrs);
    const wide = inputs.cand instanceof Float64Array && inputs.ref instanceof Float64Array;
    return wide ? { candBest: Float64Array.from(out.candBest), refBest: Float64Array.from(out.refBest) } : out;
  },
};
