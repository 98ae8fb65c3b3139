import { inverseNorms, type GreedyCosineMatchAttrs, type GreedyCosineMatchInputs, type GreedyCosineMatchOutputs, type KernelConfig } from '@tensoreval/core';

/**
 * Greedy cosine matching per pair: one pass over each pair's cand × ref similarity block updates both
 * the row maxima and the column maxima, so the block is never stored. Float64 accumulation throughout;
 * outputs are Float64Array.
 */
export function greedyCosineMatchImpl(inputs: GreedyCosineMatchInputs, attrs: GreedyCosineMatchAttrs): GreedyCosineMatchOutputs {
  const { cand, ref, candOffsets, refOffsets } = inputs;
  const dim = attrs.dim;
  const ic = inverseNorms(cand, dim > 0 ? cand.length / dim : 0, dim);
  const ir = inverseNorms(ref, dim > 0 ? ref.length / dim : 0, dim);
  const candBest = new Float64Array(ic.length);
  const refBest = new Float64Array(ir.length);
  const pairs = candOffsets.length - 1;
  for (let p = 0; p < pairs; p++) {
    const c0 = candOffsets[p], c1 = candOffsets[p + 1], r0 = refOffsets[p], r1 = refOffsets[p + 1];
    // An empty side leaves the other side's maxima at 0 (zero-similarity padding).
    if (c0 === c1 || r0 === r1) continue;
    refBest.fill(-Infinity, r0, r1);
    for (let i = c0; i < c1; i++) {
      const a = i * dim;
      const ni = ic[i];
      let best = -Infinity;
      for (let j = r0; j < r1; j++) {
        const b = j * dim;
        let s = 0;
        for (let d = 0; d < dim; d++) s += cand[a + d] * ref[b + d];
        const sim = s * ni * ir[j];
        if (sim > best) best = sim;
        if (sim > refBest[j]) refBest[j] = sim;
      }
      candBest[i] = best;
    }
  }
  return { candBest, refBest };
}

export const greedyCosineMatchConfig: KernelConfig<'GreedyCosineMatch'> = {
  kernelName: 'GreedyCosineMatch',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => greedyCosineMatchImpl(inputs, attrs),
};
