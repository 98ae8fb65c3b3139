import type { ConfusionCountsAttrs, ConfusionCountsInputs, ConfusionCountsOutputs, KernelConfig } from '@tensoreval/core';

/** Bincount of (actual, predicted) pairs into a numClasses² float64 matrix (row = actual). */
export function confusionCountsImpl(inputs: ConfusionCountsInputs, attrs: ConfusionCountsAttrs): ConfusionCountsOutputs {
  const { actual, predicted, weights } = inputs;
  const k = attrs.numClasses;
  const counts = new Float64Array(k * k);
  const n = actual.length;
  if (weights) {
    for (let i = 0; i < n; i++) counts[actual[i] * k + predicted[i]] += weights[i];
  } else {
    for (let i = 0; i < n; i++) counts[actual[i] * k + predicted[i]] += 1;
  }
  return { counts };
}

export const confusionCountsConfig: KernelConfig<'ConfusionCounts'> = {
  kernelName: 'ConfusionCounts',
  backendName: 'cpu',
  kernelFunc: ({ inputs, attrs }) => confusionCountsImpl(inputs, attrs),
};
